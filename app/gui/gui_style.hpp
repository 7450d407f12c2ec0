// The look: a light theme with strong contrast, which survives a projector in a lit room and
// matches the white backgrounds of exported figures.
#pragma once

namespace sgl {

void apply_lecture_style();

// Background colour behind the panels (RGB 0..1).
constexpr float kBackgroundRgb[3] = {0.86f, 0.87f, 0.89f};

}  // namespace sgl
