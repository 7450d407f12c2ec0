#include "app/gui/shell/gui_style.hpp"

#include <imgui.h>

#include "app/gui/shell/ui_palette.hpp"

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
  auto vec = [](std::uint32_t packed) { return ImGui::ColorConvertU32ToFloat4(packed); };
  colours[ImGuiCol_Text] = vec(palette::kText);
  colours[ImGuiCol_TextDisabled] = vec(palette::kCaption);
  colours[ImGuiCol_WindowBg] = vec(palette::kWindowBackground);
  colours[ImGuiCol_PopupBg] = vec(palette::kPopupBackground);
  colours[ImGuiCol_MenuBarBg] = vec(palette::kMenuBarBackground);
  colours[ImGuiCol_TitleBg] = vec(palette::kTitleBackground);
  colours[ImGuiCol_TitleBgActive] = vec(palette::kTitleBackgroundActive);
  colours[ImGuiCol_Border] = ImVec4(0.55f, 0.57f, 0.62f, 0.8f);
}

}  // namespace sgl
