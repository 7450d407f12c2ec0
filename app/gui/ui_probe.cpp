#include "ui_probe.hpp"

#include <imgui.h>

namespace sgl::ui_probe {
namespace {

std::map<std::string, Rect>& storage() {
  static std::map<std::string, Rect> rects;
  return rects;
}

}  // namespace

void record_last_item(const std::string& name) {
  const ImVec2 min = ImGui::GetItemRectMin();
  const ImVec2 size = ImGui::GetItemRectSize();
  storage()[name] = {min.x, min.y, size.x, size.y};
}

void record_current_window(const std::string& name) {
  const ImVec2 pos = ImGui::GetWindowPos();
  const ImVec2 size = ImGui::GetWindowSize();
  storage()[name] = {pos.x, pos.y, size.x, size.y};
}

const std::map<std::string, Rect>& rects() {
  return storage();
}
void clear() {
  storage().clear();
}

}  // namespace sgl::ui_probe
