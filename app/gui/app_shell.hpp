// One frame of the visualizer: the menu bar, the control panel and the view panels laid out as
// tiles that fill the window (movable and resizable; View → Reset layout tiles them again), and
// the keyboard shortcuts. Owns the live engine and the UI-only state (colours, selections).
#pragma once

#include <imgui.h>
#include <cstdint>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "control_panel.hpp"
#include "export_menu.hpp"
#include "scenario_panel.hpp"
#include "gl/scalar_field_texture.hpp"
#include "run/live_engine.hpp"
#include "view_context.hpp"

namespace sgl {

class AppShell {
 public:
  // `scenario`: the preset or session the setup came from (notes, sweep/ensemble, presets menu).
  explicit AppShell(const LiveSetup& setup, std::optional<Scenario> scenario = std::nullopt);

  // Builds this frame's ImGui windows. `font_size` is the loaded font's pixel size;
  // `key_presses` the GLFW keys pressed since the last frame (for the shortcuts).
  void frame(float font_size, const std::vector<int>& key_presses);

  LiveEngine& engine() { return engine_; }
  std::shared_ptr<const EngineSnapshot> snapshot() const { return snapshot_; }
  // Shows or hides a panel by its title ("Controls", "Target", ...); for the frame-time profile.
  void set_panel_visible(const std::string& name, bool visible);
  std::vector<std::string> panel_names() const;
  // A one-line status for the window title: target, running/paused, total steps.
  std::string title() const;
  // A preset or session the user chose this frame; the main loop rebuilds the shell with it.
  std::optional<Scenario> take_scenario_request() { return scenario_panel_.take_request(); }

  // Carries out the exports asked for (File → Export, panel menus) whose frames have passed;
  // call after rendering, before the buffer swap (PNGs read the back buffer).
  void after_render(int framebuffer_width, int framebuffer_height);
  // Asks for every export into `folder` at the next after_render (gui --export).
  void request_all_exports(const std::string& folder);
  int export_failures() const { return export_menu_.failures(); }

 private:
  struct Panel {
    const char* name;
    void (*draw)(ViewContext&);
    bool visible = true;
  };

  void handle_shortcuts(const std::vector<int>& key_presses);
  void show_menu_bar();
  void show_file_menu();
  void apply_layout(float menu_height);
  ImGuiWindowFlags panel_flags(const std::string& name);

  LiveEngine engine_;
  ControlPanel control_panel_;
  ScenarioPanel scenario_panel_;
  bool show_note_ = true;
  bool show_experiment_ = true;
  ViewSettings settings_;
  std::map<int, std::uint32_t> chain_colours_;
  gl::ScalarFieldTexture density_texture_;
  gl::ScalarFieldTexture energy_texture_;
  std::shared_ptr<const EngineSnapshot> snapshot_;
  std::map<std::string, Panel> panels_;
  ExportMenu export_menu_;
  ViewContext last_context_;  // this frame's, for exports after rendering
  bool layout_pending_ = true;
  // Where each panel was tiled, and where it was last drawn: {position, size}.
  std::map<std::string, std::pair<ImVec2, ImVec2>> tiled_rects_;
  std::map<std::string, std::pair<ImVec2, ImVec2>> last_rects_;
  float last_width_ = 0.0f;
  float last_height_ = 0.0f;
  float last_menu_height_ = 0.0f;
  bool show_controls_ = true;
  bool show_help_ = false;
};

}  // namespace sgl
