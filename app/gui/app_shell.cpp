#include "app_shell.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>
#include <tuple>

#include "chain_colours.hpp"
#include "exporter.hpp"
#include "glossary.hpp"
#include "gui_window.hpp"
#include "ui_probe.hpp"
#include "util/error.hpp"
#include "views/views.hpp"

namespace sgl {
namespace {

constexpr const char* kControlsName = "Controls";
constexpr const char* kNoteName = "Notes";
constexpr const char* kExperimentName = "Experiment";

// Tile positions as fractions of the area right of the control panel: {x, y, width, height}.
struct Tile {
  const char* name;
  float x, y, w, h;
};
constexpr Tile kTiles[] = {
    {"Target", 0.0f, 0.0f, 0.5f, 0.40f},
    {"Phase space", 0.5f, 0.0f, 0.5f, 0.40f},
    {"Histogram vs truth", 0.0f, 0.40f, 0.34f, 0.32f},
    {"Autocorrelation", 0.34f, 0.40f, 0.33f, 0.32f},
    {"Energy", 0.67f, 0.40f, 0.33f, 0.32f},
    {"Trace", 0.0f, 0.72f, 0.34f, 0.28f},
    {"Metrics", 0.34f, 0.72f, 0.66f, 0.28f},
};
}  // namespace

AppShell::AppShell(const LiveSetup& setup, std::optional<Scenario> scenario)
    : engine_(setup),
      control_panel_(engine_),
      scenario_panel_(std::move(scenario)),
      snapshot_(engine_.snapshot()) {
  // Sweeps and ensembles start with the scenario, on their own thread beside the live chains.
  scenario_panel_.start_experiment();
  panels_["Target"] = {"Target", show_target_view};
  panels_["Phase space"] = {"Phase space", show_phase_space_or_training_view};
  panels_["Histogram vs truth"] = {"Histogram vs truth", show_histogram_view};
  panels_["Autocorrelation"] = {"Autocorrelation", show_autocorrelation_view};
  panels_["Energy"] = {"Energy", show_energy_view};
  panels_["Trace"] = {"Trace", show_trace_view};
  panels_["Metrics"] = {"Metrics", show_metrics_view};
}

std::string AppShell::title() const {
  std::uint64_t steps = 0;
  for (const auto& chain : snapshot_->chains) steps += chain.counters.steps;
  const std::string target = snapshot_->target ? snapshot_->target->id() : "no target";
  return "sgmcmc-lab — " + target + " — " + (snapshot_->running ? "running" : "paused") + " — " +
         std::to_string(steps) + " steps";
}

void AppShell::set_panel_visible(const std::string& name, bool visible) {
  if (name == kControlsName) show_controls_ = visible;
  const auto it = panels_.find(name);
  if (it != panels_.end()) it->second.visible = visible;
}

std::vector<std::string> AppShell::panel_names() const {
  std::vector<std::string> names = {kControlsName};
  for (const Tile& tile : kTiles) names.push_back(tile.name);
  // A scenario's side panels export as PNG (their plots are not plot-module views, so no SVG).
  if (show_note_ && scenario_panel_.has_note()) names.push_back(kNoteName);
  if (show_experiment_ && scenario_panel_.has_experiment()) names.push_back(kExperimentName);
  return names;
}

void AppShell::handle_shortcuts(const std::vector<int>& key_presses) {
  // Typing into a field (seed, CSV path) must not pause the run.
  if (ImGui::GetIO().WantTextInput || ImGui::IsAnyItemActive()) return;
  for (const int key : key_presses) {
    if (key == GLFW_KEY_SPACE) control_panel_.toggle_running(*snapshot_);
    if (key == GLFW_KEY_N) control_panel_.step_once();
    if (key == GLFW_KEY_R) control_panel_.reset_all();
    if (key == GLFW_KEY_F1) show_help_ = !show_help_;
    if (key == (GLFW_KEY_Z | kWithControl)) control_panel_.undo_last_change(*snapshot_);
  }
}

void AppShell::show_file_menu() {
  if (!ImGui::BeginMenu("File")) return;
  scenario_panel_.file_menu_items();
  ImGui::Separator();
  if (ImGui::BeginMenu("Export")) {
    std::vector<std::string> vector_panels;
    for (const Tile& tile : kTiles)
      if (panels_[tile.name].draw != show_metrics_view) vector_panels.push_back(tile.name);
    export_menu_.show_menu_items(panel_names(), vector_panels);
    ImGui::EndMenu();
  }
  ImGui::EndMenu();
}

void AppShell::show_menu_bar() {
  if (!ImGui::BeginMainMenuBar()) return;
  show_file_menu();
  if (ImGui::BeginMenu("Run")) {
    if (ImGui::MenuItem(snapshot_->running ? "Pause" : "Run", "Space"))
      control_panel_.toggle_running(*snapshot_);
    if (ImGui::MenuItem("Step once", "N")) control_panel_.step_once();
    if (ImGui::MenuItem("Reset all chains", "R")) control_panel_.reset_all();
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View")) {
    ImGui::MenuItem(kControlsName, nullptr, &show_controls_);
    for (const Tile& tile : kTiles)
      ImGui::MenuItem(tile.name, nullptr, &panels_[tile.name].visible);
    if (scenario_panel_.has_note()) ImGui::MenuItem(kNoteName, nullptr, &show_note_);
    if (scenario_panel_.has_experiment())
      ImGui::MenuItem(kExperimentName, nullptr, &show_experiment_);
    ImGui::Separator();
    if (ImGui::MenuItem("Reset layout")) layout_pending_ = true;
    ImGui::EndMenu();
  }
  scenario_panel_.menus(engine_);
  if (ImGui::BeginMenu("Help")) {
    ImGui::MenuItem("Keyboard shortcuts", "F1", &show_help_);
    if (ImGui::MenuItem("Glossary")) open_glossary_window();
    ImGui::EndMenu();
  }
  export_menu_.show_status();
  ImGui::EndMainMenuBar();
}

void AppShell::apply_layout(float menu_height) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float width = viewport->Size.x;
  const float height = viewport->Size.y - menu_height;
  const float top = viewport->Pos.y + menu_height;
  const float font = ImGui::GetFontSize();
  const float controls_width = std::clamp(width * 0.25f, font * 17.0f, font * 26.0f);
  const ImGuiCond cond = ImGuiCond_Always;
  ImGui::SetNextWindowPos(ImVec2(viewport->Pos.x, top), cond);
  ImGui::SetNextWindowSize(ImVec2(controls_width, height), cond);
  ImGui::Begin(kControlsName);
  ImGui::End();
  tiled_rects_[kControlsName] = {ImVec2(viewport->Pos.x, top), ImVec2(controls_width, height)};
  // The scenario column on the right: the teaching note above the experiment's plot.
  const bool note = scenario_panel_.has_note(), experiment = scenario_panel_.has_experiment();
  const float side_width = note || experiment ? std::clamp(width * 0.22f, font * 16.0f, font * 24.0f)
                                              : 0.0f;
  const float side_x = viewport->Pos.x + width - side_width;
  const float note_height = !note ? 0.0f : experiment ? height * 0.5f : height;
  for (const auto& [name, y, h] : {std::tuple{kNoteName, 0.0f, note_height},
                                   std::tuple{kExperimentName, note_height, height - note_height}}) {
    if (h <= 0.0f) continue;
    ImGui::SetNextWindowPos(ImVec2(side_x, top + y), cond);
    ImGui::SetNextWindowSize(ImVec2(side_width, h), cond);
    ImGui::Begin(name);
    ImGui::End();
    tiled_rects_[name] = {ImVec2(side_x, top + y), ImVec2(side_width, h)};
  }
  const float area_x = viewport->Pos.x + controls_width;
  const float area_w = width - controls_width - side_width;
  for (const Tile& tile : kTiles) {
    const ImVec2 position(area_x + tile.x * area_w, top + tile.y * height);
    const ImVec2 size(tile.w * area_w, tile.h * height);
    ImGui::SetNextWindowPos(position, cond);
    ImGui::SetNextWindowSize(size, cond);
    ImGui::Begin(tile.name);
    ImGui::End();
    tiled_rects_[tile.name] = {position, size};
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

void AppShell::frame(float font_size, const std::vector<int>& key_presses) {
  snapshot_ = engine_.snapshot();
  ui_probe::clear();
  handle_shortcuts(key_presses);
  show_menu_bar();

  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const float menu_height = viewport->WorkPos.y - viewport->Pos.y;
  if (viewport->Size.x != last_width_ || viewport->Size.y != last_height_ ||
      menu_height != last_menu_height_) {
    // The window was resized: tile again so nothing is left off screen. The menu bar's height
    // is known only from the second frame on (ImGui reports it for the next frame): tiling
    // without it would cover the menu bar.
    last_width_ = viewport->Size.x;
    last_height_ = viewport->Size.y;
    last_menu_height_ = menu_height;
    layout_pending_ = true;
  }
  if (layout_pending_) {
    apply_layout(menu_height);
    layout_pending_ = false;
  }

  for (const auto& chain : snapshot_->chains)
    chain_colours_.emplace(chain.id, default_chain_colour(chain.id));
  ViewContext context;
  context.snapshot = snapshot_;
  context.settings = &settings_;
  context.chain_colours = chain_colours_;
  context.density_texture = &density_texture_;
  context.energy_texture = &energy_texture_;
  context.font_size = font_size;
  context.ensemble_clouds = scenario_panel_.overlay_clouds();

  if (show_controls_) {
    if (ImGui::Begin(kControlsName, &show_controls_, panel_flags(kControlsName))) {
      ui_probe::record_current_window(std::string("panel/") + kControlsName);
      last_rects_[kControlsName] = {ImGui::GetWindowPos(), ImGui::GetWindowSize()};
      control_panel_.show(context);
      export_menu_.show_panel_context_menu(kControlsName, false);
    }
    ImGui::End();
    chain_colours_ = context.chain_colours;  // the panel may have assigned or edited colours
  }
  for (const Tile& tile : kTiles) {
    Panel& panel = panels_[tile.name];
    if (!panel.visible) continue;
    if (ImGui::Begin(tile.name, &panel.visible, panel_flags(tile.name))) {
      ui_probe::record_current_window(std::string("panel/") + tile.name);
      last_rects_[tile.name] = {ImGui::GetWindowPos(), ImGui::GetWindowSize()};
      panel.draw(context);
      export_menu_.show_panel_context_menu(tile.name, panel.draw != show_metrics_view);
    }
    ImGui::End();
  }

  if (show_note_ && scenario_panel_.has_note()) {
    if (ImGui::Begin(kNoteName, &show_note_, panel_flags(kNoteName))) {
      ui_probe::record_current_window(std::string("panel/") + kNoteName);
      last_rects_[kNoteName] = {ImGui::GetWindowPos(), ImGui::GetWindowSize()};
      scenario_panel_.show_note();
    }
    ImGui::End();
  }
  if (show_experiment_ && scenario_panel_.has_experiment()) {
    if (ImGui::Begin(kExperimentName, &show_experiment_, panel_flags(kExperimentName))) {
      ui_probe::record_current_window(std::string("panel/") + kExperimentName);
      last_rects_[kExperimentName] = {ImGui::GetWindowPos(), ImGui::GetWindowSize()};
      scenario_panel_.show_experiment(context);
    }
    ImGui::End();
  }
  last_context_ = context;

  if (show_help_) {
    ImGui::Begin("Keyboard shortcuts", &show_help_, ImGuiWindowFlags_AlwaysAutoResize);
    ImGui::TextUnformatted(
        "Space  run / pause\nN      step once (hold to repeat)\nR      reset all chains\nCtrl+Z "
        "undo the last parameter change\nF1     this help");
    ImGui::Separator();
    ImGui::TextUnformatted(
        "Plots: drag to pan, wheel to zoom, double-click to fit.\nSliders: Ctrl+click to type a "
        "value.\nRight-click a panel (or File → Export) to export it as PNG or SVG.");
    ImGui::End();
  }
  show_glossary_window();
}

}  // namespace sgl

namespace sgl {

void AppShell::after_render(int framebuffer_width, int framebuffer_height) {
  const std::vector<ExportRequest> due = export_menu_.take_due();
  if (due.empty()) return;
  std::optional<RgbImage> frame;
  ExportSources sources;
  sources.context = &last_context_;
  sources.engine = &engine_;
  sources.frame = [&]() -> const RgbImage& {
    if (!frame) frame = read_framebuffer(framebuffer_width, framebuffer_height);
    return *frame;
  };
  const ImGuiIO& io = ImGui::GetIO();
  sources.framebuffer_scale =
      io.DisplaySize.x > 0.0f ? static_cast<float>(framebuffer_width) / io.DisplaySize.x : 1.0f;
  for (const ExportRequest& request : due) {
    const auto rect = last_rects_.find(request.panel);
    const bool shown = request.panel == kControlsName      ? show_controls_
                       : request.panel == kNoteName       ? show_note_
                       : request.panel == kExperimentName ? show_experiment_
                       : panels_.count(request.panel) != 0 && panels_[request.panel].visible;
    if (rect != last_rects_.end()) {
      sources.panel_x = rect->second.first.x;
      sources.panel_y = rect->second.first.y;
      sources.panel_width = shown ? rect->second.second.x : 0.0f;
      sources.panel_height = shown ? rect->second.second.y : 0.0f;
    }
    const auto panel = panels_.find(request.panel);
    sources.draw = panel != panels_.end() && panel->second.draw != show_metrics_view
                       ? panel->second.draw
                       : nullptr;
    try {
      export_menu_.report_success(perform_export(request, export_menu_.folder(), sources));
    } catch (const UserError& error) {
      export_menu_.report_error(error.what());
    }
  }
}

void AppShell::request_all_exports(const std::string& folder) {
  export_menu_.set_folder(folder);
  for (const std::string& name : panel_names()) {
    export_menu_.request(ExportKind::ViewPng, name, 0);
    const auto panel = panels_.find(name);
    if (panel != panels_.end() && panel->second.draw != show_metrics_view) {
      export_menu_.request(ExportKind::ViewSvg, name, 0);
      export_menu_.request(ExportKind::ViewSvgPanelSize, name, 0);
    }
  }
  export_menu_.request(ExportKind::WindowPng, {}, 0);
  export_menu_.request(ExportKind::DrawsCsv, {}, 0);
}

}  // namespace sgl
