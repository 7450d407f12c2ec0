#include "app/gui/export/gif_recording_menu.hpp"

#include <imgui.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <system_error>

#include "app/gui/export/clean_frame.hpp"
#include "app/gui/export/export_menu.hpp"
#include "app/gui/export/exporter.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/io/new_file.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// A probe name is one field of the status file: "Histogram vs truth" → "Histogram_vs_truth".
std::string probe_field(std::string title) {
  std::replace(title.begin(), title.end(), ' ', '_');
  return title;
}

}  // namespace

GifRecordingMenu::~GifRecordingMenu() {
  if (!recorder_) return;
  const RecordingOutcome outcome = stop();
  if (outcome.ok)
    std::printf("recorded %s\n", outcome.message.c_str());
  else
    std::fprintf(stderr, "error: %s\n", outcome.message.c_str());
}

void GifRecordingMenu::show_menu_items(const std::vector<std::string>& panels,
                                       const std::string& folder) {
  if (recorder_) {
    ImGui::TextDisabled("Recording %s: %.1f of %.0f s",
                        panel_.empty() ? "the window" : panel_.c_str(), elapsed_seconds(),
                        static_cast<double>(duration_));
    if (ImGui::MenuItem("Stop recording")) stop_requested_ = true;
    ui_probe::record_last_item("record/stop");
    return;
  }
  ImGui::TextDisabled("Into the export folder (File → Export), as a new file:");
  show_export_destination("→ ", folder,
                          std::max(ImGui::GetFontSize() * 16.0f, ImGui::GetContentRegionAvail().x));
  ui_probe::record_text("record/folder", folder);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 10.0f);
  ImGui::SliderFloat("seconds", &seconds_, 1.0f, 60.0f, "%.0f s");
  ui_probe::record_last_item("record/seconds");
  if (ImGui::MenuItem("Window")) {
    requested_panel_.clear();
    start_in_frames_ = 2;
  }
  ui_probe::record_last_item("record/window");
  const bool one_panel = ImGui::BeginMenu("One panel");
  ui_probe::record_last_item("record/one_panel");
  if (one_panel) {
    for (const std::string& panel : panels) {
      if (ImGui::MenuItem(panel.c_str())) {
        requested_panel_ = panel;
        start_in_frames_ = 2;
      }
      ui_probe::record_last_item("record/panel/" + probe_field(panel));
    }
    ImGui::EndMenu();
  }
}

void GifRecordingMenu::show_panel_context_item(const std::string& panel) {
  ImGui::Separator();
  if (recorder_) {
    if (ImGui::MenuItem("Stop recording")) stop_requested_ = true;
    return;
  }
  char label[96];
  std::snprintf(label, sizeof label, "Record this panel as GIF (%.0f s)",
                static_cast<double>(seconds_));
  if (ImGui::MenuItem(label)) {
    requested_panel_ = panel;
    start_in_frames_ = 2;
  }
  ui_probe::record_last_item("record/context/" + probe_field(panel));
}

void GifRecordingMenu::show_indicator() {
  if (!recorder_) return;
  char mark[32];
  std::snprintf(mark, sizeof(mark), "● REC %.1f s", elapsed_seconds());
  screen_only_text(IM_COL32(217, 13, 13, 255), mark);  // never in the recording itself
  ui_probe::record_last_item("record/indicator");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Recording %s to a GIF; File → Record GIF… → Stop recording ends it.",
                      panel_.empty() ? "the window" : panel_.c_str());
}

ViewContext GifRecordingMenu::slide_context(const ViewContext& context) {
  ViewContext own = context;
  if (context.density_texture != nullptr) {
    if (!density_texture_) density_texture_ = std::make_unique<gl::ScalarFieldTexture>();
    own.density_texture = density_texture_.get();
  }
  if (context.energy_texture != nullptr) {
    if (!energy_texture_) energy_texture_ = std::make_unique<gl::ScalarFieldTexture>();
    own.energy_texture = energy_texture_.get();
  }
  return own;
}

double GifRecordingMenu::elapsed_seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

std::optional<RecordingOutcome> GifRecordingMenu::after_render(
    const std::string& folder, const std::function<const RgbImage&()>& frame,
    const std::function<RgbImage(const std::string& panel)>& crop_panel) {
  if (!recorder_ && start_in_frames_ >= 0 && start_in_frames_-- == 0) {
    if (std::optional<RecordingOutcome> failure = start(folder)) return failure;
  }
  if (!recorder_) return std::nullopt;
  if (stop_requested_ || elapsed_seconds() >= duration_) return stop();
  std::string error;
  const RgbImage image = panel_.empty() ? frame() : crop_panel(panel_);
  if (image.width <= 0 || image.height <= 0) {
    recorder_.reset();  // removes the partial file
    return RecordingOutcome{false, "recording stopped: " + panel_ + " is no longer on screen"};
  }
  if (!recorder_->add_frame(image, error)) {
    recorder_.reset();
    return RecordingOutcome{false, error};
  }
  return std::nullopt;
}

std::optional<RecordingOutcome> GifRecordingMenu::start(const std::string& folder) {
  std::error_code code;
  const std::filesystem::path dir(folder.empty() ? "." : folder);
  std::filesystem::create_directories(dir, code);
  // A hidden name of this process's own; finish() gives the GIF its numbered name.
  temp_path_ = (dir / (".recording-" + std::to_string(::getpid()) + ".gif")).string();
  std::string error;
  recorder_ = open_gif_recorder(temp_path_, error);
  if (!recorder_) return RecordingOutcome{false, "cannot write to " + dir.string()};
  panel_ = requested_panel_;
  folder_ = dir.string();
  duration_ = seconds_;
  stop_requested_ = false;
  started_ = std::chrono::steady_clock::now();
  return std::nullopt;
}

RecordingOutcome GifRecordingMenu::stop() {
  std::unique_ptr<FrameRecorder> recorder = std::move(recorder_);
  stop_requested_ = false;
  density_texture_.reset();  // GPU memory back until the next recording
  energy_texture_.reset();
  std::string error;
  if (!recorder->finish(error)) return RecordingOutcome{false, error};
  try {
    // The new-file naming of every export: link the finished GIF to the first free name.
    const std::string path = write_new_file(
        folder_, panel_.empty() ? "window" : export_stem(panel_), "gif",
        [&](const std::string& temp_path) { std::filesystem::rename(temp_path_, temp_path); });
    return RecordingOutcome{true, path};
  } catch (const std::exception& failure) {
    std::error_code ignored;
    std::filesystem::remove(temp_path_, ignored);
    return RecordingOutcome{false, failure.what()};
  }
}

}  // namespace sgl
