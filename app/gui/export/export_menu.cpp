#include "app/gui/export/export_menu.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "app/gui/export/clean_frame.hpp"
#include "app/gui/shell/ui_probe.hpp"

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

}  // namespace

void ExportMenu::show_menu_items(const std::vector<std::string>& panels,
                                 const std::vector<std::string>& vector_panels) {
  ImGui::TextDisabled("Export into folder (created if missing):");
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16.0f);
  input_folder("##export_folder", folder_);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Files are never overwritten: a second export gets a numbered name.");
  if (ImGui::BeginMenu("View as PNG (screen pixels)")) {
    for (const std::string& panel : panels)
      if (ImGui::MenuItem(panel.c_str())) request(ExportKind::ViewPng, panel);
    ImGui::EndMenu();
  }
  // Every panel is listed, those without a vector version greyed with the reason, so nobody
  // hunts for a missing entry.
  const auto vector_items = [&](ExportKind kind) {
    for (const std::string& panel : panels) {
      const bool vector =
          std::find(vector_panels.begin(), vector_panels.end(), panel) != vector_panels.end();
      if (ImGui::MenuItem(panel.c_str(), nullptr, false, vector)) request(kind, panel);
      if (!vector && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
        ImGui::SetTooltip("%s has no vector version: export it as PNG", panel.c_str());
    }
  };
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

void ExportMenu::show_panel_context_menu(const std::string& panel, bool vector) {
  if (!ImGui::BeginPopupContextWindow("##export_panel")) return;
  ImGui::TextDisabled("%s → %s/", panel.c_str(), folder_.c_str());
  if (ImGui::MenuItem("Export as PNG")) request(ExportKind::ViewPng, panel);
  ui_probe::record_last_item("export/png");
  if (vector) {
    if (ImGui::MenuItem("Export as SVG (slide 1280×720)")) request(ExportKind::ViewSvg, panel);
    ui_probe::record_last_item("export/svg");
    if (ImGui::MenuItem("Export as SVG (panel size)")) request(ExportKind::ViewSvgPanelSize, panel);
  }
  if (ImGui::MenuItem("Export window as PNG")) request(ExportKind::WindowPng);
  if (ImGui::MenuItem("Export draws as CSV")) request(ExportKind::DrawsCsv);
  ImGui::EndPopup();
}

void ExportMenu::show_status() {
  if (status_.empty()) return;
  const float width = ImGui::CalcTextSize(status_.c_str()).x;
  const float right = ImGui::GetWindowContentRegionMax().x;
  const float x = right - width - ImGui::GetStyle().ItemSpacing.x;
  if (x > ImGui::GetCursorPosX()) ImGui::SetCursorPosX(x);
  const ImU32 colour = status_is_error_ ? IM_COL32(191, 13, 13, 255) : IM_COL32(26, 102, 38, 255);
  // On screen only: an export made right after another must not show "exported …" in it.
  screen_only_text(colour, status_.c_str());
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
  status_ = "exported " + path;
  status_is_error_ = false;
  std::printf("%s\n", status_.c_str());
}

void ExportMenu::report_error(const std::string& message) {
  status_ = "export failed: " + message;
  status_is_error_ = true;
  ++failures_;
  std::fprintf(stderr, "error: %s\n", status_.c_str());
}

}  // namespace sgl
