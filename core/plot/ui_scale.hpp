// The interface scale a window gets on its own (until the user zooms): text stays a similar
// fraction of the screen from a 1280x720 projector to a 2560x1440 monitor. Pure arithmetic.
#pragma once

#include <algorithm>

namespace sgl {

// `dashboard`: the seven-panel layout, whose fonts shrink in windows under 1000 units tall (not
// below 0.75) so its plots keep their height. Both layouts grow beyond 1600x900 with the
// window's smaller side (2560x1440: 1.6, i.e. 32 px text, 2.2% of the height as at 1280x720),
// so a large screen does not show postage-stamp text and rulers of 20 ticks. Sizes are counted
// in units of the chosen scale (--scale), so 2560x1440 at --scale 2 behaves as 1280x720 at 1.
inline float automatic_ui_scale(bool dashboard, float window_width, float window_height,
                                float chosen_scale) {
  if (window_width <= 0.0f || window_height <= 0.0f || chosen_scale <= 0.0f) return chosen_scale;
  const float width = window_width / chosen_scale, height = window_height / chosen_scale;
  const float growth = std::min(width / 1600.0f, height / 900.0f);
  if (growth > 1.0f) return chosen_scale * std::min(growth, 3.0f);
  if (!dashboard) return chosen_scale;
  return chosen_scale * std::clamp(height / 1000.0f, 0.75f, 1.0f);
}

}  // namespace sgl
