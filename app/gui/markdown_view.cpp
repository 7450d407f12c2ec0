#include "markdown_view.hpp"

#include <imgui.h>

#include <sstream>

namespace sgl {
namespace {

const ImVec4 kHeadingColour(0.10f, 0.22f, 0.45f, 1.0f);

void flush_paragraph(std::string& paragraph) {
  if (paragraph.empty()) return;
  ImGui::TextWrapped("%s", strip_inline_markdown(paragraph).c_str());
  ImGui::Spacing();
  paragraph.clear();
}

void heading(const std::string& text, float scale) {
  ImGui::Spacing();
  ImGui::SetWindowFontScale(scale);
  ImGui::PushStyleColor(ImGuiCol_Text, kHeadingColour);
  ImGui::TextWrapped("%s", strip_inline_markdown(text).c_str());
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  ImGui::Spacing();
}

}  // namespace

std::string strip_inline_markdown(const std::string& line) {
  std::string out;
  out.reserve(line.size());
  for (char c : line)
    if (c != '*' && c != '`') out += c;
  return out;
}

void show_markdown(const std::string& text) {
  std::istringstream stream(text);
  std::string paragraph;
  for (std::string line; std::getline(stream, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("## ", 0) == 0) {
      flush_paragraph(paragraph);
      heading(line.substr(3), 1.08f);
    } else if (line.rfind("# ", 0) == 0) {
      flush_paragraph(paragraph);
      heading(line.substr(2), 1.25f);
    } else if (line.rfind("- ", 0) == 0) {
      flush_paragraph(paragraph);
      ImGui::Bullet();
      ImGui::TextWrapped("%s", strip_inline_markdown(line.substr(2)).c_str());
    } else if (line.find_first_not_of(" \t") == std::string::npos) {
      flush_paragraph(paragraph);
    } else {
      paragraph += (paragraph.empty() ? "" : " ") + line;
    }
  }
  flush_paragraph(paragraph);
}

}  // namespace sgl
