// The export UI: File → Export (a folder field and every export), a right-click menu on each
// panel, and the last result (path or error) at the right of the menu bar. It only records what
// was asked; AppShell::after_render() carries the requests out once a frame without the menu
// has been rendered, so a panel's PNG never shows the menu that asked for it.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace sgl {

// ViewSvg: 1280×720 with slightly larger text (a slide); ViewSvgPanelSize: the panel's size and
// the screen's text size (a figure that looks like the panel).
// ViewPng: a clean figure in the panel's shape; ViewPngSlide: the same at 16:9, 1920×1080, as
// a slide wants it.
enum class ExportKind { ViewPng, ViewPngSlide, ViewSvg, ViewSvgPanelSize, WindowPng, DrawsCsv };

struct ExportRequest {
  ExportKind kind = ExportKind::WindowPng;
  std::string panel;       // ViewPng / ViewSvg: the panel's title
  int frames_to_wait = 0;  // rendered frames to let pass first (menus closing)
};

// Where exports go, in full: a disabled line `prefix` + `path`, middle-elided to `width` px, with
// the whole path as its tooltip.
void show_export_destination(const std::string& prefix, const std::string& path, float width);

class ExportMenu {
 public:
  // Items of File → Export, inside an open menu. `panels`: every panel by title; `vector_panels`
  // those with plots (SVG); `shown_panels` those on screen (the others are greyed: there is no
  // picture to export).
  void show_menu_items(const std::vector<std::string>& panels,
                       const std::vector<std::string>& vector_panels,
                       const std::vector<std::string>& shown_panels);
  // A right-click menu anywhere in the current window (call before its End()).
  // `more_items`, if given, adds items of other menus (Record GIF) before the popup closes.
  void show_panel_context_menu(const std::string& panel, bool vector,
                               const std::function<void()>& more_items = {});
  // The last export's path or error, right-aligned in the open main menu bar; a path too long
  // for the room keeps its start and file name around "…", and the tooltip shows it whole.
  void show_status();

  const std::string& folder() const { return folder_; }
  // The folder as an absolute path, resolved against the current directory now (every export
  // and recording writes there, so its message names the files in full).
  std::string resolved_folder() const;
  void set_folder(const std::string& folder) { folder_ = folder; }
  void request(ExportKind kind, const std::string& panel = {}, int frames_to_wait = 2);
  // The requests whose wait is over, in the order asked; the others wait one more frame.
  std::vector<ExportRequest> take_due();
  bool has_pending() const { return !pending_.empty(); }

  // "Everything on screen" was chosen since the last call (the shell queues every export).
  bool take_everything_request() { return std::exchange(everything_requested_, false); }

  // The next `count` successes are one batch (Everything on screen): the status counts them
  // and names the folder, not only the last file written.
  void begin_batch(int count) {
    batch_total_ = count;
    batch_done_ = 0;
  }
  std::size_t pending_count() const { return pending_.size(); }

  // `path`: the file written (offered as a download in the browser build, browser_download.hpp).
  void report_success(const std::string& path);
  void report_error(const std::string& message);
  int failures() const { return failures_; }

 private:
  std::string folder_ = "exports";
  std::vector<ExportRequest> pending_;
  std::string status_;
  bool status_is_error_ = false;
  double status_time_ = 0.0;  // ImGui::GetTime() of the last success
  static constexpr double kSuccessSeconds = 20.0;
  int failures_ = 0;
  bool everything_requested_ = false;
  int batch_total_ = 0, batch_done_ = 0;
};

}  // namespace sgl
