#include "app/gui/shell/ui_font.hpp"

#include <imgui.h>

#include <cstdio>
#include <filesystem>

namespace sgl {
namespace {

constexpr float kImGuiDefaultFontPixels = 13.0f;
constexpr const char* kFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
constexpr const char* kBoldFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf";

ImFont*& headline_font_storage() {
  static ImFont* font = nullptr;
  return font;
}

// Beyond ASCII: the update rules and labels use Greek letters (ε, θ), accents (Ũ, B̂),
// sub/superscripts, ℓ, arrows and math operators (∇, −, ·, √, ≥); DejaVu Sans has them all.
const ImWchar kGlyphRanges[] = {
    0x0020, 0x024F,                  // Latin, Latin-1, Latin Extended-A/B (Ũ)
    0x0300, 0x0301,                  // combining marks (U+0302 follows, raised)
    0x0303, 0x03FF,                  // more combining marks (B̂ takes U+0302 apart), Greek
    0x1D00, 0x1DBF,                  // phonetic extensions (the transpose ᵀ of SGNHT's rule)
    0x1E00, 0x1EFF,                  // Latin Extended Additional (pSGLD's Ḡ, U+1E20)
    0x2000, 0x209F,                  // punctuation, super- and subscripts
    0x2100, 0x21FF,                  // letterlike symbols (ℓ), arrows
    0x2200, 0x22FF,                  // mathematical operators
    0x2300, 0x23FF,                  // technical symbols (SVRG-LD's ⌈n/b⌉)
    0x25A0, 0x25FF,                  // geometric shapes (legend markers)
    0,
};

}  // namespace

bool ui_font_covers(unsigned codepoint) {
  if (codepoint == 0x0302) return true;  // merged in raised (add_ui_font)
  for (const ImWchar* range = kGlyphRanges; range[0] != 0; range += 2)
    if (codepoint >= range[0] && codepoint <= range[1]) return true;
  return false;
}

float add_ui_font(ImFontAtlas& atlas, float pixels) {
  std::error_code ignored;
  if (std::filesystem::exists(kFontPath, ignored) &&
      atlas.AddFontFromFileTTF(kFontPath, pixels, nullptr, kGlyphRanges) != nullptr) {
    // The combining circumflex of R̂ and B̂: DejaVu places it for lowercase letters, so over a
    // capital (ImGui has no mark positioning) it sank into the letter's top and R̂ read as R.
    // Raised by the cap height minus the x-height, it sits above capitals and a little high
    // over τ̂ and σ̂, a hat everywhere.
    static const ImWchar kCircumflex[] = {0x0302, 0x0302, 0};
    ImFontConfig raised;
    raised.MergeMode = true;
    raised.GlyphOffset = ImVec2(0.0f, -0.19f * pixels);
    atlas.AddFontFromFileTTF(kFontPath, pixels, &raised, kCircumflex);
    return 1.0f;
  }
  std::fprintf(stderr,
               "note: %s not found (install fonts-dejavu-core); using ImGui's built-in font\n",
               kFontPath);
  atlas.AddFontDefault();
  return pixels / kImGuiDefaultFontPixels;
}

ImFont* add_headline_font(ImFontAtlas& atlas, float pixels) {
  std::error_code ignored;
  ImFont* font = nullptr;
  if (std::filesystem::exists(kBoldFontPath, ignored)) {
    const float size = pixels * kHeadlineFontScale;
    font = atlas.AddFontFromFileTTF(kBoldFontPath, size, nullptr, kGlyphRanges);
    if (font != nullptr) {
      // The same raised combining circumflex as the text font (add_ui_font): "B̂" in a headline.
      static const ImWchar kCircumflex[] = {0x0302, 0x0302, 0};
      ImFontConfig raised;
      raised.MergeMode = true;
      raised.GlyphOffset = ImVec2(0.0f, -0.19f * size);
      atlas.AddFontFromFileTTF(kBoldFontPath, size, &raised, kCircumflex);
    }
  }
  headline_font_storage() = font;
  return font;
}

ImFont* headline_font() {
  return headline_font_storage();
}

}  // namespace sgl
