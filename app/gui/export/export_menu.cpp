#include "app/gui/export/export_menu.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>

#include "app/gui/export/browser_download.hpp"
#include "app/gui/export/clean_frame.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/text_fit.hpp"

namespace sgl {
namespace {

// InputText on a std::string without imgui_stdlib (not packaged with our ImGui).
bool input_folder(const char* label, std::string& folder) {
  char buffer[1024];
  std::snprintf(buffer, sizeof(buffer), "%s", folder.c_str());
  if (!ImGui::InputText(label, buffer, sizeof(buffer))) return false;
  folder = buffer;
  return true;
}

// `text` shortened in its middle to `width` px of the current font.
std::string elided_to(const std::string& text, float width) {
  return elide_middle(text, width, [](std::string_view part) {
    return ImGui::CalcTextSize(part.data(), part.data() + part.size()).x;
  });
}

}  // namespace

void show_export_destination(const std::string& prefix, const std::string& path, float width) {
  const std::string shown = elided_to(prefix + path, width);
  ImGui::TextDisabled("%s", shown.c_str());
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path.c_str());
}

std::string ExportMenu::resolved_folder() const {
  std::error_code error;
  std::filesystem::path path = std::filesystem::absolute(folder_.empty() ? "." : folder_, error);
  if (error) return folder_;  // no current directory: the folder as typed, which still works
  path = path.lexically_normal();
  std::string text = path.string();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  return text;
}

void ExportMenu::show_menu_items(const std::vector<std::string>& panels,
                                 const std::vector<std::string>& vector_panels,
                                 const std::vector<std::string>& shown_panels) {
  const auto listed = [](const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
  };
  // A panel the layout has closed is greyed with the way to open it (it used to be offered and
  // then refused with "not shown").
  const auto not_shown_tooltip = [](const std::string& panel) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s is not shown: open it from the View menu to export it", panel.c_str());
  };
  ImGui::TextDisabled("Export into folder (created if missing):");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16.0f);
  input_folder("##export_folder", folder_);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Files are never overwritten: a second export gets a numbered name.");
  const std::string destination = resolved_folder();
  // As wide as the menu (its widest item), at least as wide as the field above.
  show_export_destination("→ ", destination,
                          std::max(ImGui::GetFontSize() * 16.0f, ImGui::GetContentRegionAvail().x));
  ui_probe::record_last_item("export/folder");
  ui_probe::record_text("export/folder", destination);
  // One click for a lecture's worth of figures, as gui --export does: the README promised it and
  // a newcomer looked for it among the per-panel submenus.
  if (ImGui::MenuItem("Everything on screen")) everything_requested_ = true;
  ui_probe::record_last_item("export/everything");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Every plot and table on screen as PNG, each plot as a 16:9 slide PNG and SVG, "
        "the window as PNG (with the Controls and Notes) and the draws as CSV, into the "
        "folder above.");
  ImGui::Separator();
  if (ImGui::BeginMenu("View as PNG (panel's shape)")) {
    for (const std::string& panel : panels) {
      const bool shown = listed(shown_panels, panel);
      if (ImGui::MenuItem(panel.c_str(), nullptr, false, shown))
        request(ExportKind::ViewPng, panel);
      if (!shown) not_shown_tooltip(panel);
    }
    ImGui::EndMenu();
  }
  // Every panel is listed, those without a vector version greyed with the reason, so nobody
  // hunts for a missing entry.
  const auto vector_items = [&](ExportKind kind) {
    for (const std::string& panel : panels) {
      const bool vector = listed(vector_panels, panel), shown = listed(shown_panels, panel);
      if (ImGui::MenuItem(panel.c_str(), nullptr, false, vector && shown)) request(kind, panel);
      if (!vector && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s has no vector version: export it as PNG", panel.c_str());
      else if (!shown)
        not_shown_tooltip(panel);
    }
  };
  if (ImGui::BeginMenu("View as PNG (slide 16:9, 1920×1080)")) {
    vector_items(ExportKind::ViewPngSlide);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View as SVG (vector, slide 1280×720)")) {
    vector_items(ExportKind::ViewSvg);
    ImGui::EndMenu();
  }
  if (ImGui::BeginMenu("View as SVG (vector, panel size)")) {
    vector_items(ExportKind::ViewSvgPanelSize);
    ImGui::EndMenu();
  }
  if (ImGui::MenuItem("Window as PNG")) request(ExportKind::WindowPng);
  if (ImGui::MenuItem("Draws as CSV (as `run` writes)")) request(ExportKind::DrawsCsv);
  ui_probe::record_last_item("export/draws_csv");
}

void ExportMenu::show_panel_context_menu(const std::string& panel, bool vector,
                                         const std::function<void()>& more_items) {
  if (!ImGui::BeginPopupContextWindow("##export_panel")) return;
  show_export_destination(panel + " → ", resolved_folder() + "/", ImGui::GetFontSize() * 18.0f);
  if (ImGui::MenuItem("Export as PNG")) request(ExportKind::ViewPng, panel);
  ui_probe::record_last_item("export/png");
  if (vector) {
    if (ImGui::MenuItem("Export as PNG (slide 16:9)")) request(ExportKind::ViewPngSlide, panel);
    ui_probe::record_last_item("export/png_slide");
    if (ImGui::MenuItem("Export as SVG (slide 1280×720)")) request(ExportKind::ViewSvg, panel);
    ui_probe::record_last_item("export/svg");
    if (ImGui::MenuItem("Export as SVG (panel size)")) request(ExportKind::ViewSvgPanelSize, panel);
  }
  if (ImGui::MenuItem("Export window as PNG")) request(ExportKind::WindowPng);
  if (ImGui::MenuItem("Export draws as CSV")) request(ExportKind::DrawsCsv);
  if (more_items) more_items();
  ImGui::EndPopup();
}

void ExportMenu::show_status() {
  if (status_.empty()) return;
  // A success gives the menu bar back after a while (in the dashboard the headline shares that
  // bar, and "exported …" stood over the lesson's title for minutes); an error stays until the
  // next export.
  if (!status_is_error_ && ImGui::GetTime() - status_time_ > kSuccessSeconds) return;
  ui_probe::record_text("export/status", status_);
  const float right = ImGui::GetWindowContentRegionMax().x - ImGui::GetStyle().ItemSpacing.x;
  // At most about half the bar: a long absolute path leaves room for the menus' other words.
  const float room = std::min(right - ImGui::GetCursorPosX(), 0.45f * right);
  const std::string shown = elided_to(status_, std::max(room, ImGui::GetFontSize()));
  const float width = ImGui::CalcTextSize(shown.c_str()).x;
  const float x = right - width;
  if (x > ImGui::GetCursorPosX()) ImGui::SetCursorPosX(x);
  const ImU32 colour = status_is_error_ ? IM_COL32(191, 13, 13, 255) : IM_COL32(26, 102, 38, 255);
  // On screen only: an export made right after another must not show "exported …" in it.
  screen_only_text(colour, shown.c_str());
  ui_probe::record_last_item("export/status");
  if (shown != status_) ui_probe::record_text("export/status/shown", shown);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", status_.c_str());
}

void ExportMenu::request(ExportKind kind, const std::string& panel, int frames_to_wait) {
  pending_.push_back({kind, panel, frames_to_wait});
}

std::vector<ExportRequest> ExportMenu::take_due() {
  std::vector<ExportRequest> due;
  std::vector<ExportRequest> waiting;
  for (ExportRequest& request : pending_) {
    if (request.frames_to_wait <= 0) {
      due.push_back(std::move(request));
    } else {
      --request.frames_to_wait;
      waiting.push_back(std::move(request));
    }
  }
  pending_ = std::move(waiting);
  return due;
}

void ExportMenu::report_success(const std::string& path) {
  // Every export and recording ends here with its file's path: in the browser build this is
  // where each one leaves the page's memory as a download, under the desktop's file name.
  offer_download(path);
  status_ = "exported " + path;
  if (batch_total_ > 0) {
    ++batch_done_;
    status_ = "exported " + std::to_string(batch_done_) + " of " + std::to_string(batch_total_) +
              " files into " + resolved_folder();
    if (batch_done_ >= batch_total_) {
      status_ = "exported " + std::to_string(batch_total_) + " files into " + resolved_folder();
      batch_total_ = 0;
    }
  }
  status_is_error_ = false;
  status_time_ = ImGui::GetTime();
  // Also for the status file written after a window's last frame (gui --export).
  ui_probe::record_text("export/status", status_);
  std::printf("%s\n", status_.c_str());
}

void ExportMenu::report_error(const std::string& message) {
  status_ = "export failed: " + message;
  status_is_error_ = true;
  batch_total_ = 0;  // the error is what stays on screen
  ui_probe::record_text("export/status", status_);
  ++failures_;
  std::fprintf(stderr, "error: %s\n", status_.c_str());
}

}  // namespace sgl
