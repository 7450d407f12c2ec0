#include "app/gui/panels/markdown_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <sstream>
#include <string_view>
#include <vector>

#include "app/scenario/note_wrap.hpp"

namespace sgl {
namespace {

const ImVec4 kHeadingColour(0.10f, 0.22f, 0.45f, 1.0f);

// Text wrapped to the space left on the line, at spaces only and never inside a number group
// (scenario/note_wrap.hpp); continuation lines align with the first (after a bullet, too).
void wrapped_text(const std::string& markdown) {
  const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize());
  const std::vector<std::string> lines = wrap_at_spaces(
      bind_number_groups(strip_inline_markdown(markdown)), width, [](std::string_view text) {
        return ImGui::CalcTextSize(text.data(), text.data() + text.size()).x;
      });
  ImGui::BeginGroup();
  for (const std::string& line : lines) ImGui::TextUnformatted(line.c_str());
  ImGui::EndGroup();
}

void flush_paragraph(std::string& paragraph) {
  if (paragraph.empty()) return;
  wrapped_text(paragraph);
  ImGui::Spacing();
  paragraph.clear();
}

void heading(const std::string& text, float scale) {
  ImGui::Spacing();
  ImGui::SetWindowFontScale(scale);
  ImGui::PushStyleColor(ImGuiCol_Text, kHeadingColour);
  wrapped_text(text);
  ImGui::PopStyleColor();
  ImGui::SetWindowFontScale(1.0f);
  ImGui::Spacing();
}

}  // namespace

std::string strip_inline_markdown(const std::string& line) {
  // Inside `code` an asterisk is part of the text (a typed potential such as `0.5*x^2`); outside
  // it marks emphasis.
  std::string out;
  out.reserve(line.size());
  bool in_code = false;
  for (char c : line) {
    if (c == '`') {
      in_code = !in_code;
    } else if (c != '*' || in_code) {
      out += c;
    }
  }
  return out;
}

void show_markdown(const std::string& text, bool skip_title) {
  std::istringstream stream(text);
  std::string paragraph;
  for (std::string line; std::getline(stream, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("## ", 0) == 0) {
      flush_paragraph(paragraph);
      heading(line.substr(3), 1.08f);
    } else if (line.rfind("# ", 0) == 0) {
      flush_paragraph(paragraph);
      if (!skip_title) heading(line.substr(2), 1.25f);
    } else if (line.rfind("- ", 0) == 0) {
      flush_paragraph(paragraph);
      ImGui::Bullet();
      wrapped_text(line.substr(2));
    } else if (line.find_first_not_of(" \t") == std::string::npos) {
      flush_paragraph(paragraph);
    } else {
      paragraph += (paragraph.empty() ? "" : " ") + line;
    }
  }
  flush_paragraph(paragraph);
}

}  // namespace sgl
