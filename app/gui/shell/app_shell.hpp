// One frame of the visualizer: the menu bar, the chain legend strip, the control panel and the
// view panels laid out by the current layout (dashboard or lecture; movable and resizable;
// View → Reset layout tiles them again), and the keyboard shortcuts. Owns the live engine, the
// plot panels (made from the panel table, each owning its settings and resources: the shell
// only composes them) and the UI-only state (colours, hidden chains, the shared view settings).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/gui/export/export_menu.hpp"
#include "app/gui/export/gif_recording_menu.hpp"
#include "app/gui/panels/control_panel.hpp"
#include "app/gui/panels/panel.hpp"
#include "app/gui/panels/scenario_panel.hpp"
#include "app/gui/panels/view_context.hpp"
#include "app/gui/shell/key_press.hpp"
#include "app/gui/shell/panel_layout.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "app/gui/shell/restore_prompt.hpp"
#include "app/gui/shell/session_autosave.hpp"
#include "app/gui/shell/session_opener.hpp"
#include "core/run/live_engine.hpp"
#include "core/util/background_job.hpp"

namespace sgl {

struct ExportSources;

class AppShell {
 public:
  // `scenario`: the preset or session the setup came from (notes, sweep/ensemble, layout).
  // `layout`: overrides the scenario's layout mode (gui --layout).
  AppShell(const LiveSetup& setup, std::optional<Scenario> scenario = std::nullopt,
           std::optional<LayoutMode> layout = std::nullopt);
  // Around an engine already built (SessionOpener).
  AppShell(LiveEngine&& engine, std::optional<Scenario> scenario,
           std::optional<LayoutMode> layout = std::nullopt);

  // Builds this frame's ImGui windows. `font_size` is the loaded font's pixel size;
  // `key_presses` the keys pressed since the last frame (for the shortcuts).
  void frame(float font_size, const std::vector<KeyPress>& key_presses);

  LiveEngine& engine() { return engine_; }
  // Leapfrog slow motion on the chain labelled `label` (gui --slow-motion); throws UserError
  // when there is no such chain or its sampler has no leapfrog path.
  void start_slow_motion(const std::string& label);
  // Something moves on screen with no new snapshot (a slow-motion playback): the window keeps
  // its 60 Hz frames instead of sleeping.
  bool animating() { return control_panel_.slow_motion().active(); }
  // Something on screen changes with time alone, slowly (a status message that expires, an
  // edit applied after a pause, the annealing animation, a text caret): the window must wake
  // now and then even without input or a new snapshot. Otherwise it sleeps until one comes.
  bool changes_with_time() const;
  std::shared_ptr<const EngineSnapshot> snapshot() const { return snapshot_; }
  // Shows or hides a panel by its title ("Controls", "Target", ...); for the frame-time profile.
  void set_panel_visible(const std::string& name, bool visible);
  std::vector<std::string> panel_names() const;
  // Those of panel_names() on screen now (what File → Export and Record GIF can picture).
  std::vector<std::string> shown_panel_names() const;
  // A one-line status for the window title: target, running/paused, total steps.
  std::string title() const;
  // A preset or session the user chose, once its engine is built off the UI thread (the main
  // loop then rebuilds the shell around it); a failure gives nothing and its reason in `problem`.
  std::optional<SessionOpener::Opened> take_opened_session(std::string& problem) {
    return opener_.take(problem);
  }
  // Autosave into `folder` (the recovery file's; gui_main turns it on for the real window, not
  // for benchmarks).
  void enable_autosave(const std::string& folder);
  // Offers, under the menu bar, to restore the session saved in `path` by a window that did not
  // close normally.
  void offer_restore(std::string path) { restore_prompt_.offer(std::move(path)); }
  // A problem the window must say (a preset or session that could not be opened: the running
  // session stays): shown in red in the menu bar until the next one.
  void report_problem(std::string message) { problem_ = std::move(message); }
  // A zoom factor the user asked for (View → Zoom, Ctrl+= / Ctrl+- / Ctrl+0), relative to the
  // current one; the main loop rebuilds the fonts between frames.
  std::optional<float> take_zoom_request();
  // File → Quit or Ctrl+Q: the main loop ends as when the window is closed.
  bool quit_requested() const { return quit_requested_; }
  LayoutMode layout_mode() const { return layout_mode_; }
  // The dashboard's many tiles, whose automatic text scale is smaller; not in focus mode, where
  // one panel fills the window and is read from the back row like the lecture layout.
  bool dense_layout() const {
    return layout_mode_ == LayoutMode::Dashboard && focus_title_.empty();
  }
  void set_layout_mode(LayoutMode mode);

  // Carries out the exports asked for (File → Export, panel menus) whose frames have passed;
  // call after rendering, before the buffer swap (PNGs read the back buffer, or `clean_frame`:
  // the frame without tooltips and menus, when the window kept one).
  void after_render(int framebuffer_width, int framebuffer_height,
                    const RgbImage* clean_frame = nullptr);
  // An export or a recording will read the next frame's pixels: it must be drawn even if
  // unchanged (GuiWindow::force_render).
  bool needs_framebuffer() const {
    return export_menu_.has_pending() || gif_menu_.recording() || gif_menu_.start_pending();
  }
  // Asks for every export of the panels on screen (or only the panels `only` names, by stem or
  // title), the window and the draws into `folder` at the next after_render (gui --export).
  // Returns a one-line refusal (a named panel unknown or not shown), else empty.
  std::string request_all_exports(const std::string& folder,
                                  const std::vector<std::string>& only = {});
  // Failed exports so far. After request_all_exports (gui --export) it first waits for the
  // draws export to be written: the command must not exit before its file is there. A draws
  // export the user started is instead cancelled when the window closes (no partial file).
  int export_failures();
  // Work off the UI thread is under way (draws export, session save, density grid): keep
  // rendering frames, its progress or result is about to change what is shown.
  bool background_busy() const;
  // Waits, at most `seconds`, for the measurements panels started off the UI thread (the
  // gradient-noise cloud, the density grid) to finish, so the next frame draws their results.
  void wait_for_measurements(double seconds) const;

 private:
  // A preset or session the user chose this frame (the opener builds it).
  std::optional<Scenario> take_scenario_request();
  // Every export of the panels `names` (PNG; slide PNG and SVGs for plots), and with
  // queue_every_export the window PNG and the draws CSV too: gui --export and File → Export →
  // Everything on screen.
  void queue_panel_exports(const std::vector<std::string>& names, int frames_to_wait);
  void queue_every_export(const std::vector<std::string>& names, int frames_to_wait);
  void handle_shortcuts(const std::vector<KeyPress>& key_presses);
  void show_menu_bar();
  void show_file_menu();
  void show_view_menu();
  void show_run_menu();       // app_shell_menus.cpp
  void show_keyboard_help();  // app_shell_menus.cpp
  void record_gif_frame(const ExportSources& sources);
  // Draws CSV on export_job_ (refused with a message while one is being written).
  void start_draws_export();
  // The jobs' progress bars in the menu bar (after 100 ms), and a finished export's message.
  void show_job_progress();
  void take_export_outcome();
  void apply_layout(float menu_height, float legend_height);
  ImGuiWindowFlags panel_flags(const std::string& name);
  bool& visibility(const std::string& title);
  // Whether the panel exists in this session (Notes needs a note, Experiment an experiment).
  bool panel_available(PanelId id) const;
  bool panel_shown(const std::string& title) const;
  // The snapshot the views draw: the engine's, less the chains hidden in the legend.
  std::shared_ptr<const EngineSnapshot> view_snapshot();
  // The panel titled `title` (null: none).
  Panel* find_panel(const std::string& title) const;
  // The panel redraws as a clean figure (PNG, slide, SVG): a plot view, or the Experiment once
  // its runs have a result. Else its exports are the panel's pixels.
  bool exports_as_vector(const std::string& title) const;
  // This frame's context with the panel's resources lent (what its exports redraw with).
  ViewContext export_context(Panel& panel) const;
  void begin_panel_window(const char* title);
  // The largest plot panel shown last frame (null if none): the health banner's panel.
  const char* largest_shown_panel() const;
  // The scenario the autosave writes the live state into: the opened one, with today's layout.
  Scenario autosave_base() const;
  void publish_layout();
  // The layout with the panels' settings, for File → Save session and the autosave, when a
  // setting changed since it was last published.
  void publish_panel_settings();
  // Focus mode and the headline (app_shell_focus.cpp).
  // F: the view panel under the pointer (else the main panel) fills the window; F or Esc again
  // returns. `chain`: only that chain is shown meanwhile (View → Focus on one chain).
  void toggle_focus();
  void enter_focus(const std::string& title, std::optional<int> chain = std::nullopt);
  void exit_focus();
  // The lecture panels for the target on screen (main_slot.hpp), and the main one's title.
  std::vector<std::string> shown_lecture_stems() const;
  std::string main_panel_title() const;
  // View menu: Focus, Focus on one chain, Density colours.
  void show_focus_menu_items();
  // The line above the plots (headline.hpp), and its bar.
  std::string headline() const;
  // A bar of its own under the menu bar (lecture layout, focus), else a line in the menu bar.
  bool headline_has_bar() const;
  void show_headline();
  int target_dim() const;  // 0 without a target

  LiveEngine engine_;
  ControlPanel control_panel_;
  ScenarioPanel scenario_panel_;
  SharedViewSettings shared_settings_;  // view_context.hpp: what several panels show alike
  std::map<std::string, std::string> panel_settings_;  // as last published (ScenarioLayout)
  std::map<int, std::uint32_t> chain_colours_;
  std::set<int> hidden_chains_;
  std::shared_ptr<const EngineSnapshot> filtered_;  // view_snapshot()'s cache
  std::shared_ptr<const EngineSnapshot> filtered_from_;
  std::set<int> filtered_hidden_;
  std::shared_ptr<const EngineSnapshot> snapshot_;
  std::map<std::string, bool> visible_;  // by panel title
  ExportMenu export_menu_;
  GifRecordingMenu gif_menu_;  // File → Record GIF…
  ViewContext last_context_;   // this frame's (no panel's resources), for exports after rendering
  LayoutMode layout_mode_ = LayoutMode::Dashboard;
  std::vector<std::string> lecture_stems_;
  std::string main_stem_;   // main_slot.hpp: the panel in the main slot for now ("" = lesson's)
  std::string main_title_;  // the panel the layout gave the most room (for the status file)
  bool layout_pending_ = true;
  bool tiled_note_enlarged_ = false;  // the Notes' share the last layout gave them
  // Where each panel was tiled, and where it was last drawn: {position, size}.
  std::map<std::string, std::pair<ImVec2, ImVec2>> tiled_rects_;
  std::map<std::string, std::pair<ImVec2, ImVec2>> last_rects_;
  float last_width_ = 0.0f;
  float last_height_ = 0.0f;
  float last_menu_height_ = 0.0f;
  float last_legend_height_ = 0.0f;
  float last_font_size_ = 0.0f;
  float zoom_request_ = 1.0f;
  bool quit_requested_ = false;
  bool show_help_ = false;
  std::string focus_title_;                           // empty: not in focus mode
  std::optional<std::set<int>> hidden_before_focus_;  // restored when a chain focus ends
  std::pair<ImVec2, ImVec2> tiled_headline_;          // the headline bar's {position, size}
  int tiled_target_dim_ = 0;             // the target dimension the lecture layout was tiled for
  bool finish_exports_on_exit_ = false;  // set by request_all_exports
  RestorePrompt restore_prompt_;
  SessionOpener opener_;
  std::string problem_;             // report_problem's
  bool instrument_docked_ = false;  // panel_dock.hpp
  // Last: torn down first, so no job outlives the engine or the panels it reads. A draws export
  // is cancelled (its half-written file removed); the panels' jobs (the density grid, the
  // gradient-noise measurement) too.
  std::vector<std::unique_ptr<Panel>> panels_;  // every panel, in all_panels() order
  BackgroundJob export_job_;
  std::unique_ptr<SessionAutosave> autosave_;  // null: off
};

}  // namespace sgl
