#include "app/gui/shell/headline_bar.hpp"

#include <algorithm>

#include "app/gui/shell/ui_font.hpp"
#include "app/gui/shell/ui_probe.hpp"

namespace sgl {
namespace {

const ImFont* bar_font() {
  const ImFont* font = headline_font();
  return font != nullptr ? font : ImGui::GetFont();
}

float text_width(const ImFont* font, const std::string& text) {
  return font->CalcTextSizeA(font->FontSize, 1e9f, 0.0f, text.c_str()).x;
}

// Dark slate on white: contrast well above WCAG AA, quieter than the chains' colours.
const ImVec4 kHeadlineColour(0.10f, 0.14f, 0.24f, 1.0f);

// A thin frame around the line: the bar costs the plots as little height as it can.
float vertical_padding() {
  return 0.2f * ImGui::GetFontSize();
}

}  // namespace

float headline_bar_height() {
  return bar_font()->FontSize + 2.0f * vertical_padding();
}

std::string elide_to_width(const std::string& text, const ImFont* font, float width) {
  if (text_width(font, text) <= width) return text;
  static const std::string kEllipsis = "…";
  std::string cut = text;
  while (!cut.empty()) {
    // Back to the previous space (a whole word), or one character when there is none.
    const std::size_t space = cut.find_last_of(' ');
    if (space != std::string::npos && space > 0) {
      cut.resize(space);
    } else {
      cut.pop_back();
      while (!cut.empty() && (static_cast<unsigned char>(cut.back()) & 0xC0) == 0x80)
        cut.pop_back();
    }
    while (!cut.empty() && (cut.back() == ',' || cut.back() == ':' || cut.back() == ' '))
      cut.pop_back();
    if (text_width(font, cut + kEllipsis) <= width) return cut + kEllipsis;
  }
  return kEllipsis;
}

void show_headline_bar(const std::string& text, ImVec2 position, ImVec2 size) {
  ImGui::SetNextWindowPos(position, ImGuiCond_Always);
  ImGui::SetNextWindowSize(size, ImGuiCond_Always);
  constexpr ImGuiWindowFlags kFlags =
      ImGuiWindowFlags_NoTitleBar | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoMove |
      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoCollapse |
      ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
      ImGuiWindowFlags_NoFocusOnAppearing;
  ImGui::PushStyleVar(ImGuiStyleVar_WindowBorderSize, 0.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding,
                      ImVec2(ImGui::GetStyle().WindowPadding.x, vertical_padding()));
  if (ImGui::Begin("##headline", nullptr, kFlags)) {
    ui_probe::record_current_window("headline");
    ui_probe::record_text("headline", text);
    const ImFont* font = bar_font();
    const float room = ImGui::GetContentRegionAvail().x;
    const std::string shown = elide_to_width(text, font, room);
    if (shown != text) ui_probe::record_text("headline/shown", shown);
    ImGui::PushFont(const_cast<ImFont*>(font));
    ImGui::PushStyleColor(ImGuiCol_Text, kHeadlineColour);
    ImGui::TextUnformatted(shown.c_str());
    ImGui::PopStyleColor();
    ImGui::PopFont();
    if (shown != text && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
}

void show_headline_in_menu_bar(const std::string& text) {
  ImGui::Separator();
  const float room = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ItemSpacing.x;
  const std::string shown = elide_to_width(text, ImGui::GetFont(), std::max(room, 0.0f));
  ImGui::PushStyleColor(ImGuiCol_Text, kHeadlineColour);
  ImGui::TextUnformatted(shown.c_str());
  ImGui::PopStyleColor();
  ui_probe::record_last_item("headline");
  ui_probe::record_text("headline", text);
  if (shown != text) {
    ui_probe::record_text("headline/shown", shown);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
  }
}

}  // namespace sgl
