#include "app/gui/shell/app_shell.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <utility>

#include "app/gui/panels/chain_legend.hpp"
#include "app/gui/panels/glossary.hpp"
#include "app/gui/panels/panel_session_settings.hpp"
#include "app/gui/plot/chain_colours.hpp"
#include "app/gui/shell/headline_bar.hpp"  // its height
#include "app/gui/shell/main_slot.hpp"
#include "app/gui/shell/panel_dock.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "app/gui/shell/replay_progress.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// Each zoom step scales fonts and widgets by this factor (as browsers step by about 10%).
constexpr float kZoomStep = 1.1f;

LayoutMode layout_from_scenario(const std::optional<Scenario>& scenario) {
  return scenario && scenario->layout.mode == "lecture" ? LayoutMode::Lecture
                                                        : LayoutMode::Dashboard;
}

}  // namespace

AppShell::AppShell(const LiveSetup& setup, std::optional<Scenario> scenario,
                   std::optional<LayoutMode> layout)
    : AppShell(LiveEngine(setup), std::move(scenario), layout) {}

AppShell::AppShell(LiveEngine&& engine, std::optional<Scenario> scenario,
                   std::optional<LayoutMode> layout)
    : engine_(std::move(engine)),
      control_panel_(engine_),
      scenario_panel_(std::move(scenario)),
      snapshot_(engine_.snapshot()),
      panels_(make_window_panels({control_panel_, scenario_panel_})) {
  // Sweeps and ensembles start with the scenario, on their own thread beside the live chains.
  scenario_panel_.start_experiment();
  // A job that ends wakes the event loop, which may be asleep waiting for input.
  scenario_panel_.set_job_finish_hook([] { glfwPostEmptyEvent(); });
  for (const std::unique_ptr<Panel>& panel : panels_)
    panel->set_finish_hook([] { glfwPostEmptyEvent(); });
  for (const PanelInfo& panel : all_panels()) visible_[panel.title] = true;
  const auto& opened = scenario_panel_.scenario();
  if (opened) {
    lecture_stems_ = opened->layout.panels;
    restore_panel_settings(opened->layout.settings, panels_, shared_settings_);
    panel_settings_ = save_panel_settings(panels_, shared_settings_);
  }
  layout_mode_ = layout.value_or(layout_from_scenario(opened));
  publish_layout();
}

void AppShell::start_slow_motion(const std::string& label) {
  engine_.wait_until_idle();
  snapshot_ = engine_.snapshot();
  for (const ChainSnapshot& chain : snapshot_->chains) {
    if (chain.label != label) continue;
    if (!chain.observes_trajectories)
      throw UserError("--slow-motion: " + label + " runs " + chain.sampler_id +
                      ", which has no leapfrog path");
    control_panel_.slow_motion().enter(chain.id, *snapshot_);
    return;
  }
  throw UserError("--slow-motion: no chain is labelled '" + label + "'");
}

std::optional<Scenario> AppShell::take_scenario_request() {
  if (std::optional<Scenario> restored = restore_prompt_.take_request()) return restored;
  return scenario_panel_.take_request();
}

Scenario AppShell::autosave_base() const {
  Scenario base = scenario_panel_.scenario().value_or(Scenario{});
  base.layout.mode = layout_mode_name(layout_mode_);
  base.layout.panels = lecture_stems_;
  base.layout.settings = panel_settings_;
  return base;
}

void AppShell::enable_autosave(const std::string& folder) {
  autosave_ = std::make_unique<SessionAutosave>(folder);
}

void AppShell::publish_layout() {
  ScenarioLayout layout;
  layout.mode = layout_mode_name(layout_mode_);
  layout.panels = lecture_stems_;
  layout.settings = panel_settings_;
  scenario_panel_.set_current_layout(layout);
}

void AppShell::publish_panel_settings() {
  std::map<std::string, std::string> settings = save_panel_settings(panels_, shared_settings_);
  if (settings == panel_settings_) return;
  panel_settings_ = std::move(settings);
  publish_layout();
}

void AppShell::set_layout_mode(LayoutMode mode) {
  layout_mode_ = mode;
  layout_pending_ = true;
  publish_layout();
}

std::optional<float> AppShell::take_zoom_request() {
  if (zoom_request_ == 1.0f) return std::nullopt;
  const float factor = zoom_request_;
  zoom_request_ = 1.0f;
  return factor;
}

std::string AppShell::title() const {
  std::uint64_t steps = 0;
  for (const auto& chain : snapshot_->chains) steps += chain.counters.steps;
  const std::string target =
      snapshot_->target ? scenario_panel_.title_for(snapshot_->target_spec) : "no target";
  return "sgmcmc-lab — " + target + " — " + (snapshot_->running ? "running" : "paused") + " — " +
         std::to_string(steps) + " steps";
}

bool& AppShell::visibility(const std::string& title) {
  return visible_[title];
}

bool AppShell::panel_available(PanelId id) const {
  // A scenario's side panels exist only when it has a note or an experiment.
  if (id == PanelId::Notes) return scenario_panel_.has_note();
  if (id == PanelId::Experiment) return scenario_panel_.has_experiment();
  return true;
}

bool AppShell::panel_shown(const std::string& title) const {
  const PanelInfo* panel = find_panel_by_title(title);
  if (panel && !panel_available(panel->id)) return false;
  const auto it = visible_.find(title);
  return it != visible_.end() && it->second;
}

void AppShell::set_panel_visible(const std::string& name, bool visible) {
  if (find_panel_by_title(name)) visible_[name] = visible;
}

std::vector<std::string> AppShell::shown_panel_names() const {
  std::vector<std::string> names;
  for (const std::string& name : panel_names())
    if (panel_shown(name)) names.push_back(name);
  return names;
}

std::vector<std::string> AppShell::panel_names() const {
  // The side panels (Notes, Experiment) only while on screen: they export as PNG from the window.
  // The plots first: a menu that opened on "Controls" sent newcomers to a screen grab of sliders.
  std::vector<std::string> names, others;
  for (const PanelInfo& panel : all_panels()) {
    const bool side = panel.id == PanelId::Notes || panel.id == PanelId::Experiment;
    if (side ? panel_shown(panel.title) : panel_available(panel.id))
      (panel.plot_view ? names : others).push_back(panel.title);
  }
  names.insert(names.end(), others.begin(), others.end());
  return names;
}

void AppShell::handle_shortcuts(const std::vector<KeyPress>& key_presses) {
  for (const KeyPress& press : key_presses) {
    if ((press.mods & GLFW_MOD_CONTROL) == 0) continue;
    // Zoom works even while a field has focus, as in every browser and editor.
    if (press.key == GLFW_KEY_EQUAL || press.key == GLFW_KEY_KP_ADD) zoom_request_ *= kZoomStep;
    if (press.key == GLFW_KEY_MINUS || press.key == GLFW_KEY_KP_SUBTRACT)
      zoom_request_ /= kZoomStep;
    if (press.key == GLFW_KEY_0 || press.key == GLFW_KEY_KP_0) zoom_request_ = 0.0f;  // reset
    if (press.key == GLFW_KEY_Q) quit_requested_ = true;
  }
  // Typing into a field (seed, CSV path, a label) must not pause the run.
  if (ImGui::GetIO().WantTextInput || ImGui::IsAnyItemActive()) return;
  for (const KeyPress& press : key_presses) {
    // Ctrl+Z outside a text field: undo the last parameter change (in a field it edits text).
    constexpr int kModifiers = GLFW_MOD_CONTROL | GLFW_MOD_SHIFT | GLFW_MOD_ALT | GLFW_MOD_SUPER;
    if (press.key == GLFW_KEY_Z && (press.mods & kModifiers) == GLFW_MOD_CONTROL)
      control_panel_.undo_last_change(*snapshot_);
    if ((press.mods & (GLFW_MOD_CONTROL | GLFW_MOD_ALT | GLFW_MOD_SUPER)) != 0) continue;
    if (press.key == GLFW_KEY_SPACE) control_panel_.toggle_running(*snapshot_);
    if (press.key == GLFW_KEY_N) control_panel_.step_once();
    if (press.key == GLFW_KEY_R) control_panel_.reset_all();
    if (press.key == GLFW_KEY_S) control_panel_.toggle_slow_motion(*snapshot_);
    if (press.key == GLFW_KEY_F1) show_help_ = !show_help_;
    if (press.key == GLFW_KEY_F) toggle_focus();
    // Esc steps back one level: the help closes, then focus ends, then slow motion.
    if (press.key == GLFW_KEY_ESCAPE) {
      if (show_help_) {
        show_help_ = false;  // the keyboard help closes first, as a dialog does
      } else if (!focus_title_.empty()) {
        exit_focus();
      } else if (control_panel_.slow_motion().active()) {
        control_panel_.slow_motion().leave();
      }
    }
    if (press.key == GLFW_KEY_L)
      set_layout_mode(layout_mode_ == LayoutMode::Lecture ? LayoutMode::Dashboard
                                                          : LayoutMode::Lecture);
  }
}

void AppShell::show_file_menu() {
  const bool open = ImGui::BeginMenu("File");
  if (!open) ui_probe::record_last_item("menu/file");  // for tests/gui/record_menu_test.sh
  if (!open) return;
  scenario_panel_.file_menu_items();
  ImGui::Separator();
  const bool export_open = ImGui::BeginMenu("Export");
  if (!export_open) ui_probe::record_last_item("menu/export");  // for tests/gui/offui_test.sh
  if (export_open) {
    std::vector<std::string> vector_panels;
    for (const std::string& title : panel_names())
      if (exports_as_vector(title)) vector_panels.push_back(title);
    export_menu_.show_menu_items(panel_names(), vector_panels, shown_panel_names());
    if (export_menu_.take_everything_request()) queue_every_export(shown_panel_names(), 2);
    ImGui::EndMenu();
  }
  const bool record_open = ImGui::BeginMenu("Record GIF…");
  if (!record_open) ui_probe::record_last_item("menu/record_gif");
  if (record_open) {
    // A closed panel has nothing to record.
    gif_menu_.show_menu_items(shown_panel_names(), export_menu_.resolved_folder());
    ImGui::EndMenu();
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Quit", "Ctrl+Q")) quit_requested_ = true;
  ImGui::EndMenu();
}

void AppShell::show_view_menu() {
  if (!ImGui::BeginMenu("View")) {
    ui_probe::record_last_item("menu/view");  // for tests/gui/gradient_noise_test.sh
    return;
  }
  if (ImGui::MenuItem("Dashboard (every panel)", "L", layout_mode_ == LayoutMode::Dashboard))
    set_layout_mode(LayoutMode::Dashboard);
  if (ImGui::MenuItem("Lecture (the lesson's panels, large)", "L",
                      layout_mode_ == LayoutMode::Lecture))
    set_layout_mode(LayoutMode::Lecture);
  if (ImGui::MenuItem("Reset layout")) layout_pending_ = true;
  show_focus_menu_items();
  ImGui::Separator();
  for (const PanelInfo& panel : all_panels()) {
    if (!panel_available(panel.id)) continue;
    ImGui::MenuItem(panel.title, nullptr, &visibility(panel.title));
    ui_probe::record_last_item(std::string("view/") + panel.stem);
  }
  ImGui::Separator();
  if (ImGui::MenuItem("Zoom in", "Ctrl+=")) zoom_request_ *= kZoomStep;
  if (ImGui::MenuItem("Zoom out", "Ctrl+-")) zoom_request_ /= kZoomStep;
  if (ImGui::MenuItem("Actual size", "Ctrl+0")) zoom_request_ = 0.0f;
  ImGui::EndMenu();
}

void AppShell::show_menu_bar() {
  if (!ImGui::BeginMainMenuBar()) return;
  show_file_menu();
  show_run_menu();
  show_view_menu();
  scenario_panel_.menus(engine_);
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keyboard shortcuts", "F1", &show_help_);
    if (ImGui::MenuItem("Glossary")) open_glossary_window();
    ImGui::EndMenu();
  }
  gif_menu_.show_indicator();
  show_job_progress();
  show_replay_progress(engine_, *snapshot_);
  export_menu_.show_status();
  if (!headline_has_bar()) show_headline_in_menu_bar(headline());
  // A failed autosave (a full disk, an unwritable state folder) or a session that could not be
  // opened: said in the menu bar, and the window goes on.
  const std::string opening = scenario_panel_.problem();
  const std::string* problems[] = {&problem_, &opening, autosave_ ? &autosave_->error() : nullptr};
  for (const std::string* problem : problems) {
    if (!problem || problem->empty()) continue;
    ImGui::TextColored(ImVec4(0.75f, 0.05f, 0.05f, 1.0f), "%s", problem->c_str());
    ui_probe::record_text("problem", *problem);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", problem->c_str());
  }
  ImGui::EndMainMenuBar();
}

void AppShell::apply_layout(float menu_height, float legend_height) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  LayoutRequest request;
  const float headline_height = headline_has_bar() ? headline_bar_height() : 0.0f;
  request.area = {viewport->Pos.x, viewport->Pos.y + menu_height + headline_height,
                  viewport->Size.x, viewport->Size.y - menu_height - headline_height};
  tiled_headline_ = {{viewport->Pos.x, viewport->Pos.y + menu_height},
                     {viewport->Size.x, headline_height}};
  request.font_size = ImGui::GetFontSize();
  request.legend_height = legend_height;
  request.has_note = scenario_panel_.has_note();
  request.note_enlarged = scenario_panel_.note_enlarged();
  request.has_experiment = scenario_panel_.has_experiment();
  request.mode = layout_mode_;
  request.lecture_stems = shown_lecture_stems();
  request.focus_title = focus_title_;
  request.main_stem = main_stem_;
  const std::vector<PanelPlacement> placements =
      compute_layout_with_dock(request, instrument_docked_ && focus_title_.empty());  // focus wins
  tiled_rects_.clear();
  main_title_.clear();
  float main_area = 0.0f;
  for (const PanelPlacement& placement : placements)
    if (placement.title != kChainsTitle && placement.title != kControlsTitle &&
        placement.rect.w * placement.rect.h > main_area) {
      main_area = placement.rect.w * placement.rect.h;
      main_title_ = placement.title;
    }
  if (const PanelInfo* main = find_panel_by_stem(main_stem_)) main_title_ = main->title;
  // The layout decides which panels show: the lecture layout leaves the others to the View menu.
  for (const PanelInfo& panel : all_panels()) visible_[panel.title] = false;
  for (const PanelPlacement& placement : placements) {
    const ImVec2 position(placement.rect.x, placement.rect.y);
    const ImVec2 size(placement.rect.w, placement.rect.h);
    tiled_rects_[placement.title] = {position, size};
    if (placement.title == kChainsTitle) continue;  // placed every frame
    visible_[placement.title] = true;
    ImGui::SetNextWindowPos(position, ImGuiCond_Always);
    ImGui::SetNextWindowSize(size, ImGuiCond_Always);
    ImGui::Begin(placement.title.c_str());
    ImGui::End();
  }
}

ImGuiWindowFlags AppShell::panel_flags(const std::string& name) {
  ImGuiWindowFlags flags = ImGuiWindowFlags_NoCollapse;
  // A panel still on its tile overlaps no other panel, and the frame is cleared to the panels'
  // own white: drawing its background again would only cost a full-window layer of blending,
  // which dominates frame time under software GL (llvmpipe). A moved or resized panel draws
  // its background, since it may then cover another.
  const auto tile = tiled_rects_.find(name);
  const auto window = last_rects_.find(name);
  if (tile != tiled_rects_.end() && window != last_rects_.end() &&
      std::abs(tile->second.first.x - window->second.first.x) < 0.5f &&
      std::abs(tile->second.first.y - window->second.first.y) < 0.5f &&
      std::abs(tile->second.second.x - window->second.second.x) < 0.5f &&
      std::abs(tile->second.second.y - window->second.second.y) < 0.5f)
    flags |= ImGuiWindowFlags_NoBackground;
  return flags;
}

bool AppShell::changes_with_time() const {
  const ImGuiIO& io = ImGui::GetIO();
  const bool panel_animated = std::any_of(
      panels_.begin(), panels_.end(),
      [&](const std::unique_ptr<Panel>& panel) { return panel->changes_with_time(*snapshot_); });
  return panel_animated || io.WantTextInput || ImGui::IsAnyItemActive() ||
         (autosave_ && autosave_->pending(autosave_base(), *snapshot_));
}

Panel* AppShell::find_panel(const std::string& title) const {
  for (const std::unique_ptr<Panel>& panel : panels_)
    if (title == panel->title()) return panel.get();
  return nullptr;
}

ViewContext AppShell::export_context(Panel& panel) const {
  ViewContext context = last_context_;
  panel.lend_resources(context);
  return context;
}

std::shared_ptr<const EngineSnapshot> AppShell::view_snapshot() {
  std::erase_if(hidden_chains_, [&](int id) {
    return std::none_of(snapshot_->chains.begin(), snapshot_->chains.end(),
                        [id](const ChainSnapshot& chain) { return chain.id == id; });
  });
  if (hidden_chains_.empty()) return snapshot_;
  if (filtered_from_ != snapshot_ || filtered_hidden_ != hidden_chains_) {
    // Rebuilt only when a new snapshot arrives or the hidden set changes (a few times a
    // second), and only while some chain is hidden.
    auto filtered = std::make_shared<EngineSnapshot>();
    filtered->version = snapshot_->version;
    filtered->running = snapshot_->running;
    filtered->steps_per_second = snapshot_->steps_per_second;
    filtered->seed = snapshot_->seed;
    filtered->target = snapshot_->target;
    filtered->target_spec = snapshot_->target_spec;
    filtered->last_error = snapshot_->last_error;
    filtered->error_serial = snapshot_->error_serial;
    for (const ChainSnapshot& chain : snapshot_->chains)
      if (!hidden_chains_.count(chain.id)) filtered->chains.push_back(chain);
    filtered_ = std::move(filtered);
    filtered_from_ = snapshot_;
    filtered_hidden_ = hidden_chains_;
  }
  return filtered_;
}

const char* AppShell::largest_shown_panel() const {
  // The tallest, then the largest: the banner takes height, and a wide short tile (the
  // dashboard's Trace) was left a 15 px plot under it.
  const char* largest = nullptr;
  float height = 0.0f, area = 0.0f;
  for (const PanelInfo& panel : view_panels()) {
    const auto placed = last_rects_.find(panel.title);
    if (!panel_shown(panel.title) || placed == last_rects_.end()) continue;
    const ImVec2 size = placed->second.second;
    if (size.y > height + 1.0f || (size.y > height - 1.0f && size.x * size.y > area)) {
      height = size.y;
      area = size.x * size.y;
      largest = panel.title;
    }
  }
  return largest;
}

void AppShell::begin_panel_window(const char* title) {
  ui_probe::record_current_window(std::string("panel/") + title);
  last_rects_[title] = {ImGui::GetWindowPos(), ImGui::GetWindowSize()};
}

void AppShell::frame(float font_size, const std::vector<KeyPress>& key_presses) {
  snapshot_ = engine_.snapshot();
  ui_probe::clear();
  take_export_outcome();
  handle_shortcuts(key_presses);
  show_menu_bar();
  restore_prompt_.show();
  if (autosave_) autosave_->poll(engine_, autosave_base(), *snapshot_, ImGui::GetTime());

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float menu_height = viewport->WorkPos.y - viewport->Pos.y;
  const auto strip = tiled_rects_.find(kChainsTitle);
  const float strip_width = strip != tiled_rects_.end() ? strip->second.second.x : viewport->Size.x;
  const float legend_height = chain_legend_height(*snapshot_, strip_width);
  if (viewport->Size.x != last_width_ || viewport->Size.y != last_height_ ||
      menu_height != last_menu_height_ || legend_height != last_legend_height_ ||
      font_size != last_font_size_ || target_dim() != tiled_target_dim_) {
    // The window was resized, zoomed, or the legend needs another row: tile again so nothing is
    // left off screen. The menu bar's height is known only from the second frame on (ImGui
    // reports it for the next frame): tiling without it would cover the menu bar.
    last_width_ = viewport->Size.x;
    last_height_ = viewport->Size.y;
    last_menu_height_ = menu_height;
    last_legend_height_ = legend_height;
    last_font_size_ = font_size;
    tiled_target_dim_ = target_dim();  // a 2-D target brings the Target view to the main slot
    layout_pending_ = true;
  }
  // The Gradient noise panel opened from the View menu docks into the layout (panel_dock.hpp).
  // (Not before the first layout: until then every panel counts as open.)
  if (const PanelInfo* instrument = find_panel_by_stem(kDockingPanelStem);
      instrument != nullptr && !tiled_rects_.empty())
    layout_pending_ |= update_dock(panel_shown(instrument->title),
                                   tiled_rects_.count(instrument->title) > 0, instrument_docked_);
  const std::string main_stem = main_slot_stem(
      {layout_mode_, shown_lecture_stems(), snapshot_->target ? snapshot_->target->dim() : 0,
       control_panel_.slow_motion().active(), scenario_panel_.experiment_result_pending()});
  if (main_stem != main_stem_) {
    main_stem_ = main_stem;
    layout_pending_ = true;
  }
  if (scenario_panel_.note_enlarged() != tiled_note_enlarged_) {
    tiled_note_enlarged_ = scenario_panel_.note_enlarged();
    layout_pending_ = true;
  }
  if (layout_pending_) {
    apply_layout(menu_height, legend_height);
    layout_pending_ = false;
  }
  ui_probe::record_text("layout/main", main_title_);  // tests: the main slot is never empty

  assign_chain_colours(*snapshot_, chain_colours_);  // by sampler, kept once given

  show_headline();
  // The legend strip: always where the layout put it, above the plots.
  if (const auto rect = tiled_rects_.find(kChainsTitle); rect != tiled_rects_.end()) {
    ImGui::SetNextWindowPos(rect->second.first, ImGuiCond_Always);
    ImGui::SetNextWindowSize(rect->second.second, ImGuiCond_Always);
    const ImGuiWindowFlags strip_flags = ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize |
                                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoScrollbar |
                                         ImGuiWindowFlags_NoCollapse |
                                         ImGuiWindowFlags_NoSavedSettings;
    if (ImGui::Begin(kChainsTitle, nullptr, strip_flags)) {
      begin_panel_window(kChainsTitle);
      show_chain_legend(*snapshot_, chain_colours_, hidden_chains_);
    }
    ImGui::End();
  }

  control_panel_.slow_motion().update(*snapshot_, ImGui::GetTime());
  ViewContext context;
  context.snapshot = snapshot_;
  context.slow_motion = control_panel_.slow_motion().frame();
  context.settings = &shared_settings_;
  context.chain_colours = chain_colours_;
  context.font_size = font_size;
  context.ensemble_clouds = scenario_panel_.overlay_clouds();

  const std::shared_ptr<const EngineSnapshot> shown = view_snapshot();
  std::pair<ImVec2, ImVec2> main_view{};  // the banner's panel: the tallest, where the eye is
  const char* banner_panel = largest_shown_panel();  // last frame's, for the banner's strip
  context.snapshot = shown;
  for (const std::unique_ptr<Panel>& panel : panels_) {
    const char* title = panel->title();
    if (!panel_shown(title)) continue;
    if (ImGui::Begin(title, &visibility(title), panel_flags(title))) {
      begin_panel_window(title);
      if (banner_panel && std::string(title) == banner_panel) control_panel_.reserve_health_strip();
      const auto& placed = last_rects_[title];
      if (banner_panel && std::string(title) == banner_panel) main_view = placed;
      ViewContext panel_context = context;  // each panel lends its own resources
      if (panel->shows_hidden_chains()) panel_context.snapshot = snapshot_;
      panel->lend_resources(panel_context);
      panel->draw(panel_context);
      // The Controls may assign or edit colours: the panels after them draw with the new ones.
      context.chain_colours = panel_context.chain_colours;
      chain_colours_ = context.chain_colours;
      switch (panel->context_menu()) {
        case Panel::ContextMenu::ExportAndRecord:
          export_menu_.show_panel_context_menu(title, exports_as_vector(title),
                                               [&] { gif_menu_.show_panel_context_item(title); });
          break;
        case Panel::ContextMenu::ExportOnly:
          export_menu_.show_panel_context_menu(title, exports_as_vector(title));
          break;
        case Panel::ContextMenu::None:
          break;
      }
    }
    ImGui::End();
  }
  publish_panel_settings();
  control_panel_.show_health_banner(*snapshot_, chain_colours_, main_view.first.x,
                                    main_view.first.y, main_view.second.x, main_view.second.y);
  last_context_ = context;

  if (show_help_) show_keyboard_help();
  show_glossary_window();
  if (std::optional<Scenario> next = take_scenario_request())
    opener_.start(std::move(*next), [] { glfwPostEmptyEvent(); });
  opener_.show_notice();
}

}  // namespace sgl
