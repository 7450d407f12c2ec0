// File → Record GIF…: records the window or one panel for N seconds into a new GIF in the export
// folder (window.gif, trace.gif, then numbered names: nothing is overwritten), with a red
// "● REC 3.2 s" in the menu bar while it runs and a Stop item. Like ExportMenu it only records
// what was asked during the frame; AppShell::after_render() feeds it the rendered pixels.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/export/frame_recorder.hpp"
#include "app/gui/gl/scalar_field_texture.hpp"
#include "app/gui/panels/view_context.hpp"

namespace sgl {

// Where a recording ended: the final path, or a one-line reason it failed.
struct RecordingOutcome {
  bool ok = false;
  std::string message;
};

class GifRecordingMenu {
 public:
  GifRecordingMenu() = default;
  GifRecordingMenu(const GifRecordingMenu&) = delete;
  GifRecordingMenu& operator=(const GifRecordingMenu&) = delete;
  // A recording still running when the window closes (or a preset replaces the shell) is
  // finished and kept: it is what was on screen.
  ~GifRecordingMenu();

  // Items of File → Record GIF…, inside an open menu. `panels`: every panel by title; `folder`:
  // where the GIF goes (the export folder, absolute).
  void show_menu_items(const std::vector<std::string>& panels, const std::string& folder);
  // A panel's right-click menu: "Record this panel as GIF (5 s)", the seconds of File → Record
  // GIF…; while a recording runs, its Stop item.
  void show_panel_context_item(const std::string& panel);
  // The red recording indicator, in the open main menu bar (nothing when not recording).
  void show_indicator();
  bool recording() const { return recorder_ != nullptr; }
  // `context` for a panel's frames drawn at slide size: with heatmap textures of the
  // recording's own (the window's, sized for the panel on screen, were otherwise rendered again
  // twice a frame, at each size). Call on the GL thread.
  ViewContext slide_context(const ViewContext& context);
  bool start_pending() const { return start_in_frames_ >= 0; }

  // After rendering, before the swap. Starts a recording asked for, adds the frame to the one
  // running (the window, or crop_panel(title) of it), and ends it after its seconds or on Stop.
  // `frame` reads the back buffer; `crop_panel` cuts a panel out of it (empty: not on screen).
  std::optional<RecordingOutcome> after_render(
      const std::string& folder, const std::function<const RgbImage&()>& frame,
      const std::function<RgbImage(const std::string& panel)>& crop_panel);

 private:
  std::optional<RecordingOutcome> start(const std::string& folder);
  RecordingOutcome stop();
  double elapsed_seconds() const;

  float seconds_ = 5.0f;
  // A request waits this many rendered frames, so the closing menu is not recorded.
  int start_in_frames_ = -1;
  std::string requested_panel_;  // empty: the window
  bool stop_requested_ = false;

  std::unique_ptr<FrameRecorder> recorder_;
  std::string panel_, folder_, temp_path_;
  float duration_ = 0.0f;
  std::chrono::steady_clock::time_point started_;
  std::unique_ptr<gl::ScalarFieldTexture> density_texture_, energy_texture_;
};

}  // namespace sgl
