#include "app/gui/panels/held_layout.hpp"

#include <imgui.h>

namespace sgl {

void HeldLayout::begin_frame() {
  held_ = ImGui::IsAnyItemActive();
}

bool HeldLayout::begin_block(const std::string& id, bool wants) {
  Block& block = blocks_[id];
  block.start_y = ImGui::GetCursorPosY();
  block.clipped = false;
  if (!held_) {
    block.shown = wants;
    block.height = 0.0f;
    return wants;
  }
  if (!block.shown) return false;  // appears after the release
  if (!wants) {                    // gone mid-hold: its space stays until the release
    end_block(id);
    return false;
  }
  const ImVec2 top = ImGui::GetCursorScreenPos();
  const float left = ImGui::GetWindowPos().x;
  ImGui::PushClipRect(ImVec2(left, top.y),
                      ImVec2(left + ImGui::GetWindowWidth(), top.y + block.height), true);
  block.clipped = true;
  return true;
}

void HeldLayout::end_block(const std::string& id) {
  Block& block = blocks_[id];
  const float used = ImGui::GetCursorPosY() - block.start_y;
  if (!held_) {
    block.height = used;
    return;
  }
  if (block.clipped) ImGui::PopClipRect();
  block.clipped = false;
  // The height it had when the hold began, whatever it drew (a Dummy adds the item spacing).
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  if (used != block.height && block.height > spacing) {
    ImGui::SetCursorPosY(block.start_y + block.height - spacing);
    ImGui::Dummy(ImVec2(0.0f, 0.0f));
  }
}

}  // namespace sgl
