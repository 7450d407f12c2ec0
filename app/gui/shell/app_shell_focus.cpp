// The app shell's focus mode (F: one panel fills the window; View → Focus on one chain), the
// heatmaps' colour map in the View menu, the lecture layout's main slot for the target on
// screen, and the headline above the plots.
#include <imgui.h>
#include <imgui_internal.h>

#include "app/gui/panels/colour_map_menu.hpp"
#include "app/gui/shell/app_shell.hpp"
#include "app/gui/shell/headline_bar.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/headline.hpp"
#include "app/scenario/main_slot.hpp"

namespace sgl {
namespace {

// The plot view whose window is under the pointer, if any (ImGui's hovered window of this frame).
const PanelInfo* hovered_view_panel() {
  const ImGuiWindow* hovered = GImGui->HoveredWindow;
  if (hovered == nullptr) return nullptr;
  hovered = hovered->RootWindow;
  const PanelInfo* panel = find_panel_by_title(hovered->Name);
  return panel != nullptr && panel->plot_view ? panel : nullptr;
}

}  // namespace

int AppShell::target_dim() const {
  return snapshot_ && snapshot_->target ? snapshot_->target->dim() : 0;
}

std::vector<std::string> AppShell::shown_lecture_stems() const {
  return lecture_stems_for_target(lecture_stems_, target_dim());
}

std::string AppShell::main_panel_title() const {
  for (const std::string& stem : shown_lecture_stems()) {
    const PanelInfo* panel = find_panel_by_stem(stem);
    if (panel != nullptr && panel_available(panel->id) && panel->id != PanelId::Controls)
      return panel->title;
  }
  return find_panel_by_stem("histogram")->title;
}

void AppShell::enter_focus(const std::string& title, std::optional<int> chain) {
  if (chain) {
    if (!hidden_before_focus_) hidden_before_focus_ = hidden_chains_;
    hidden_chains_.clear();
    for (const ChainSnapshot& shown : snapshot_->chains)
      if (shown.id != *chain) hidden_chains_.insert(shown.id);
  } else if (hidden_before_focus_) {
    hidden_chains_ = *hidden_before_focus_;  // from one chain's focus to the panel's
    hidden_before_focus_.reset();
  }
  focus_title_ = title;
  layout_pending_ = true;
}

void AppShell::exit_focus() {
  if (hidden_before_focus_) hidden_chains_ = *hidden_before_focus_;
  hidden_before_focus_.reset();
  focus_title_.clear();
  layout_pending_ = true;  // tiles every panel of the layout again
}

void AppShell::toggle_focus() {
  if (!focus_title_.empty()) {
    exit_focus();
    return;
  }
  const PanelInfo* hovered = hovered_view_panel();
  enter_focus(hovered != nullptr ? hovered->title : main_panel_title());
}

void AppShell::show_focus_menu_items() {
  const bool focused = !focus_title_.empty();
  if (ImGui::MenuItem("Focus: the main panel fills the window", "F / Esc", focused)) {
    if (focused) {
      exit_focus();
    } else {
      enter_focus(main_panel_title());
    }
  }
  ui_probe::record_last_item("menu/view/focus");
  if (ImGui::BeginMenu("Focus on one chain")) {
    for (const ChainSnapshot& chain : snapshot_->chains) {
      const bool alone = focused && hidden_before_focus_ &&
                         hidden_chains_.size() + 1 == snapshot_->chains.size() &&
                         !hidden_chains_.count(chain.id);
      if (ImGui::MenuItem(chain.label.c_str(), nullptr, alone))
        enter_focus(focused ? focus_title_ : main_panel_title(), chain.id);
    }
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("Density colours")) {
    colour_map_choice(shared_settings_.colour_map);
    ImGui::EndMenu();
  }
}

bool AppShell::headline_has_bar() const {
  return layout_mode_ == LayoutMode::Lecture || !focus_title_.empty();
}

void AppShell::show_headline() {
  if (headline_has_bar() && tiled_headline_.second.y > 0.0f)
    show_headline_bar(headline(), tiled_headline_.first, tiled_headline_.second);
  if (!focus_title_.empty()) ui_probe::record_text("focus", focus_title_);  // for the tests
}

std::string AppShell::headline() const {
  if (!snapshot_->target) return "No target";
  // The chains on screen: a chain hidden from the legend is not in the picture, nor in the line
  // that names it (a slide's title listed SGLD after it was hidden).
  std::vector<std::string> labels;
  for (const ChainSnapshot& chain : snapshot_->chains)
    if (!hidden_chains_.count(chain.id)) labels.push_back(chain.label);
  return session_headline(scenario_panel_.scenario(), snapshot_->target_spec, labels,
                          snapshot_->target->truth() != nullptr);
}

}  // namespace sgl
