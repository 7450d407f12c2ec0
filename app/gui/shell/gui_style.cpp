#include "app/gui/shell/gui_style.hpp"

#include <imgui.h>

namespace sgl {

void apply_lecture_style() {
  ImGui::StyleColorsLight();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 3.0f;
  style.FrameRounding = 3.0f;
  style.GrabRounding = 3.0f;
  style.WindowBorderSize = 1.0f;
  style.FrameBorderSize = 1.0f;
  style.ItemSpacing = ImVec2(8.0f, 5.0f);
  style.WindowPadding = ImVec2(8.0f, 6.0f);
  ImVec4* colours = style.Colors;
  colours[ImGuiCol_Text] = ImVec4(0.05f, 0.05f, 0.07f, 1.0f);
  colours[ImGuiCol_WindowBg] = ImVec4(1.0f, 1.0f, 1.0f, 1.0f);
  colours[ImGuiCol_TitleBg] = ImVec4(0.80f, 0.83f, 0.88f, 1.0f);
  colours[ImGuiCol_TitleBgActive] = ImVec4(0.62f, 0.72f, 0.86f, 1.0f);
  colours[ImGuiCol_Border] = ImVec4(0.55f, 0.57f, 0.62f, 0.8f);
}

}  // namespace sgl
