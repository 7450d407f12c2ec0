// The interface's text and background colours in one place, free of ImGui so that a unit test
// (tests/core/test_theme_contrast.cpp) checks every text colour against the backgrounds it is
// drawn on: ≥ 4.5:1 (WCAG AA), which still reads on a washed-out projector.
#pragma once

#include <cstdint>

namespace sgl::palette {

// Packed as IM_COL32: 0xAABBGGRR.
constexpr std::uint32_t rgb(std::uint32_t r, std::uint32_t g, std::uint32_t b) {
  return 0xFF000000u | (b << 16) | (g << 8) | r;
}

// Backgrounds (gui_style.cpp; ImGui's light style for the rest).
constexpr std::uint32_t kWindowBackground = rgb(255, 255, 255);
constexpr std::uint32_t kTitleBackground = rgb(204, 212, 224);
constexpr std::uint32_t kTitleBackgroundActive = rgb(158, 184, 219);
constexpr std::uint32_t kMenuBarBackground = rgb(219, 219, 219);  // ImGui light: 0.86 grey
constexpr std::uint32_t kPopupBackground = rgb(255, 255, 255);

// Text.
constexpr std::uint32_t kText = rgb(13, 13, 18);
// Captions, hints and greyed entries (ImGuiCol_TextDisabled): grey, yet 4.5:1 on the menu bar.
constexpr std::uint32_t kCaption = rgb(80, 80, 86);
// Status words: running well, needs a look, stopped or wrong.
constexpr std::uint32_t kGood = rgb(20, 120, 45);
constexpr std::uint32_t kWarning = rgb(170, 90, 0);
constexpr std::uint32_t kAlarm = rgb(200, 30, 30);

struct TextOnBackground {
  const char* what;
  std::uint32_t text, background;
};

// Every pairing of a text colour with a background it is drawn on.
constexpr TextOnBackground kTextPairs[] = {
    {"text on window", kText, kWindowBackground},
    {"text on title bar", kText, kTitleBackground},
    {"text on active title bar", kText, kTitleBackgroundActive},
    {"text on menu bar", kText, kMenuBarBackground},
    {"caption on window", kCaption, kWindowBackground},
    {"caption on menu bar", kCaption, kMenuBarBackground},
    {"caption on popup", kCaption, kPopupBackground},
    {"caption on title bar", kCaption, kTitleBackground},
    {"good on window", kGood, kWindowBackground},
    {"warning on window", kWarning, kWindowBackground},
    {"alarm on window", kAlarm, kWindowBackground},
};

}  // namespace sgl::palette
