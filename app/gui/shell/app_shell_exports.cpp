// The app shell's exports: File → Export, the panel menus and gui --export, carried out after
// rendering (PNGs read the back buffer).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <thread>

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/cli/live_draws_export.hpp"
#include "app/gui/export/exporter.hpp"
#include "app/gui/shell/app_shell.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/util/error.hpp"

namespace sgl {

bool AppShell::exports_as_vector(const std::string& title) const {
  const Panel* panel = find_panel(title);
  return panel != nullptr && panel->entry().svg && panel->export_view() != nullptr;
}

void AppShell::after_render(int framebuffer_width, int framebuffer_height,
                            const RgbImage* clean_frame) {
  const std::vector<ExportRequest> due = export_menu_.take_due();
  if (due.empty() && !gif_menu_.recording() && !gif_menu_.start_pending()) return;
  std::optional<RgbImage> frame;
  ExportSources sources;
  sources.context = &last_context_;
  sources.engine = &engine_;
  sources.frame = [&]() -> const RgbImage& {
    if (!frame)
      frame = clean_frame ? *clean_frame : read_framebuffer(framebuffer_width, framebuffer_height);
    return *frame;
  };
  const ImGuiIO& io = ImGui::GetIO();
  sources.framebuffer_scale =
      io.DisplaySize.x > 0.0f ? static_cast<float>(framebuffer_width) / io.DisplaySize.x : 1.0f;
  sources.headline = headline();
  record_gif_frame(sources);
  ViewContext panel_context;  // the exported panel's (export_context)
  for (const ExportRequest& request : due) {
    if (request.kind == ExportKind::DrawsCsv) {
      start_draws_export();
      continue;
    }
    // Each request its own panel's rectangle: a closed panel never gets another one's.
    const auto rect = last_rects_.find(request.panel);
    const bool panel_export = request.kind != ExportKind::WindowPng;
    if (panel_export && (rect == last_rects_.end() || !panel_shown(request.panel))) {
      export_menu_.report_error(request.panel +
                                " is not shown: open it from the View menu to export it");
      continue;
    }
    sources.panel_x = panel_export ? rect->second.first.x : 0.0f;
    sources.panel_y = panel_export ? rect->second.first.y : 0.0f;
    sources.panel_width = panel_export ? rect->second.second.x : 0.0f;
    sources.panel_height = panel_export ? rect->second.second.y : 0.0f;
    // A plot panel's exports redraw its view, with its resources and a copy of its settings.
    Panel* panel = find_panel(request.panel);
    sources.widgets_above_figure =
        panel_export && panel ? panel->widgets_above_figure(rect->second.first.y) : 0.0f;
    panel_context = panel ? export_context(*panel) : last_context_;
    sources.context = &panel_context;
    sources.draw = exports_as_vector(request.panel) ? panel->export_view() : nullptr;
    try {
      export_menu_.report_success(perform_export(request, export_menu_.resolved_folder(), sources));
    } catch (const UserError& error) {
      export_menu_.report_error(error.what());
    }
  }
}

// Millions of rows take seconds: written on a job, with progress in the menu bar. The snapshot
// (which chains, their labels and channels) is taken now; the draws are copied on the job's
// thread, which waits for the engine's worker between slices so this thread never does.
void AppShell::start_draws_export() {
  if (export_job_.running()) {
    export_menu_.report_error("a draws export is still being written: try again when it is done");
    return;
  }
  export_job_.start(
      [engine = &engine_, snapshot = last_context_.snapshot,
       folder = export_menu_.resolved_folder()](JobControl& control) {
        return export_live_draws_csv(*engine, snapshot, folder, &control);
      },
      [] { glfwPostEmptyEvent(); });
}

void AppShell::take_export_outcome() {
  const std::optional<JobOutcome> outcome = export_job_.take_outcome();
  if (!outcome || outcome->cancelled) return;
  if (outcome->ok)
    export_menu_.report_success(outcome->message);
  else
    export_menu_.report_error(outcome->message);
}

int AppShell::export_failures() {
  if (finish_exports_on_exit_) {
    export_job_.wait();
    take_export_outcome();
  }
  return export_menu_.failures();
}

bool AppShell::background_busy() const {
  return export_job_.running() || scenario_panel_.jobs_running() ||
         std::any_of(panels_.begin(), panels_.end(),
                     [](const std::unique_ptr<Panel>& panel) { return panel->busy(); });
}

void AppShell::wait_for_measurements(double seconds) const {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  const auto measuring = [this] {
    return std::any_of(panels_.begin(), panels_.end(),
                       [](const std::unique_ptr<Panel>& panel) { return panel->measuring(); });
  };
  while (measuring() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

void AppShell::show_job_progress() {
  const auto bar = [](const BackgroundJob& job, const char* what, const char* probe) {
    if (!job.show_progress()) return;  // fast work never flickers a bar
    ImGui::TextUnformatted(what);
    ImGui::SameLine();
    ImGui::ProgressBar(static_cast<float>(job.progress()),
                       ImVec2(ImGui::GetFontSize() * 6.0f, ImGui::GetTextLineHeight()));
    ui_probe::record_last_item(probe);  // for tests/gui/offui_test.sh
  };
  bar(export_job_, "writing draws.csv", "job/draws_csv");
  bar(scenario_panel_.save_job(), "saving session", "job/session");
}

// File → Record GIF…: the window, or one panel. A plot panel is drawn again offscreen each frame
// as the slide PNG is (1280×720 with its title and caption; render_slide_png): a clean figure
// with a key naming the chains, at slide size whatever the panel's size on screen, without the
// title bar, close button or widgets a crop of the window carried onto slides. A table or the
// Controls (and a plot panel whose offscreen figure fails) is cut out of the window.
void AppShell::record_gif_frame(const ExportSources& sources) {
  const auto crop_panel = [&](const std::string& panel) {
    const auto rect = last_rects_.find(panel);
    if (rect == last_rects_.end() || !panel_shown(panel)) return RgbImage{};
    const float scale = sources.framebuffer_scale;
    Panel* view = find_panel(panel);
    if (exports_as_vector(panel)) {
      try {
        return render_slide_png(panel, view->export_view(),
                                gif_menu_.slide_context(export_context(*view)), sources.headline,
                                1.0f, std::string("record/") + view->stem(),
                                /*antialiased=*/false);
      } catch (const UserError&) {
        // No offscreen framebuffer: the crop below still records the panel.
      }
    }
    return crop(sources.frame(), static_cast<int>(std::lround(rect->second.first.x * scale)),
                static_cast<int>(std::lround(rect->second.first.y * scale)),
                static_cast<int>(std::lround(rect->second.second.x * scale)),
                static_cast<int>(std::lround(rect->second.second.y * scale)));
  };
  const std::optional<RecordingOutcome> outcome =
      gif_menu_.after_render(export_menu_.resolved_folder(), sources.frame, crop_panel);
  if (!outcome) return;
  if (outcome->ok)
    export_menu_.report_success(outcome->message);
  else
    export_menu_.report_error(outcome->message);
}

std::string AppShell::request_all_exports(const std::string& folder,
                                          const std::vector<std::string>& only) {
  finish_exports_on_exit_ = true;
  export_menu_.set_folder(folder);
  // Only what is on screen: a panel the layout left closed has no picture to export.
  std::vector<std::string> names = shown_panel_names();
  if (!only.empty()) {
    std::vector<std::string> chosen;
    for (const std::string& wanted : only) {
      const PanelInfo* panel = find_panel_by_stem(wanted);
      if (panel == nullptr) panel = find_panel_by_title(wanted);
      if (panel == nullptr) return "--export-panel: no panel '" + wanted + "'";
      if (!panel_shown(panel->title))
        return std::string("--export-panel: ") + panel->title +
               " is not shown in this layout (open it from View, or use --layout dashboard)";
      chosen.push_back(panel->title);
    }
    names = chosen;
  }
  if (!only.empty()) {
    queue_panel_exports(names, 0);
    return {};
  }
  queue_every_export(names, 0);
  return {};
}

void AppShell::queue_panel_exports(const std::vector<std::string>& names, int frames_to_wait) {
  for (const std::string& name : names) {
    export_menu_.request(ExportKind::ViewPng, name, frames_to_wait);
    if (exports_as_vector(name)) {
      export_menu_.request(ExportKind::ViewPngSlide, name, frames_to_wait);
      export_menu_.request(ExportKind::ViewSvg, name, frames_to_wait);
      export_menu_.request(ExportKind::ViewSvgPanelSize, name, frames_to_wait);
    }
  }
}

void AppShell::queue_every_export(const std::vector<std::string>& names, int frames_to_wait) {
  const std::size_t before = export_menu_.pending_count();
  // The figures and tables, not the Controls and Notes: widgets and text as small screen grabs
  // (a 307×119 note cut mid-line) were no use on a slide; window.png has them.
  std::vector<std::string> figures;
  for (const std::string& name : names) {
    const PanelInfo* panel = find_panel_by_title(name);
    if (panel == nullptr || (panel->id != PanelId::Controls && panel->id != PanelId::Notes))
      figures.push_back(name);
  }
  queue_panel_exports(figures, frames_to_wait);
  export_menu_.request(ExportKind::WindowPng, {}, frames_to_wait);
  export_menu_.request(ExportKind::DrawsCsv, {}, frames_to_wait);
  if (frames_to_wait > 0)  // from the menu (gui --export prints each file as before)
    export_menu_.begin_batch(static_cast<int>(export_menu_.pending_count() - before));
}

}  // namespace sgl
