#include "app/gui/shell/ui_probe.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

namespace sgl::ui_probe {
namespace {

std::map<std::string, Rect>& storage() {
  static std::map<std::string, Rect> rects;
  return rects;
}

}  // namespace

void record_last_item(const std::string& name) {
  // A popup or menu lays its items out once hidden before ImGui knows its size and moves it
  // (flipped up near the window's bottom edge): a rectangle from that frame is not where the
  // item is drawn, and a test that clicks it hits what lies below (CI's right-click record test).
  if (const ImGuiWindow* window = ImGui::GetCurrentWindow(); window && window->Hidden) return;
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 size = ImGui::GetItemRectSize();
  storage()[name] = {min.x, min.y, size.x, size.y};
}

void record_current_window(const std::string& name) {
  const ImVec2 pos = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  storage()[name] = {pos.x, pos.y, size.x, size.y};
}

void record_rect(const std::string& name, const Rect& rect) {
  storage()[name] = rect;
}

std::string next_plot_name() {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  std::string title = window ? window->Name : "?";
  std::replace(title.begin(), title.end(), ' ', '_');  // one field in the status file
  const std::string prefix = "plot/" + title + "/";
  int index = 0;
  while (storage().count(prefix + std::to_string(index))) ++index;
  return prefix + std::to_string(index);
}

void record_text_box() {
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window == nullptr) return;
  // A child window's text is judged against its root panel's title and its own clip rect.
  std::string title = window->RootWindow != nullptr ? window->RootWindow->Name : window->Name;
  std::replace(title.begin(), title.end(), ' ', '_');
  const ImRect clip = window->InnerClipRect;
  storage()["textclip/" + title] = {clip.Min.x, clip.Min.y, clip.GetWidth(), clip.GetHeight()};
  const std::string prefix = "textbox/" + title + "/";
  int index = 0;
  while (storage().count(prefix + std::to_string(index))) ++index;
  record_last_item(prefix + std::to_string(index));
}

const std::map<std::string, Rect>& rects() {
  return storage();
}
std::map<std::string, std::string>& text_storage() {
  static std::map<std::string, std::string> texts;
  return texts;
}

void record_text(const std::string& name, const std::string& text) {
  text_storage()[name] = text;
}

const std::map<std::string, std::string>& texts() {
  return text_storage();
}

void clear() {
  storage().clear();
  text_storage().clear();
}

}  // namespace sgl::ui_probe
