// The look: a light theme with strong contrast, which survives a projector in a lit room and
// matches the white backgrounds of exported figures.
#pragma once

namespace sgl {

void apply_lecture_style();

// The frame is cleared to the panels' own white (RGB 0..1), so tiled panels need not draw
// their backgrounds (see AppShell::panel_flags).
constexpr float kBackgroundRgb[3] = {1.0f, 1.0f, 1.0f};

}  // namespace sgl
