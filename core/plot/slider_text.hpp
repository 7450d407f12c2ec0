// Where a slider's value text goes so that its handle (the grab) never covers it: centred while
// the grab is clear of the middle, else beside the grab on the side with room. ImGui centres the
// text whatever the grab does, so a handle in the middle hid the number being set. Pure
// arithmetic on x positions in pixels, unit-tested.
#pragma once

#include <algorithm>

namespace sgl {

struct SliderTextPlacement {
  float x = 0.0f;              // left edge of the text
  bool overlaps_grab = false;  // no side has room: the caller puts a backdrop behind the text
};

// `frame_lo..frame_hi`: the slider's frame; `grab_lo..grab_hi`: its grab; `pad`: the gap kept
// between text and grab and frame edges.
inline SliderTextPlacement place_slider_value(float frame_lo, float frame_hi, float grab_lo,
                                              float grab_hi, float text_width, float pad) {
  const float centred = 0.5f * (frame_lo + frame_hi - text_width);
  auto clear_of_grab = [&](float x) {
    return x + text_width + pad <= grab_lo || x >= grab_hi + pad;
  };
  if (clear_of_grab(centred)) return {centred, false};
  // Beside the grab, as near the middle as the frame allows.
  const float left_x = std::min(centred, grab_lo - pad - text_width);
  const bool left_fits = left_x >= frame_lo + pad;
  const float right_x = std::max(centred, grab_hi + pad);
  const bool right_fits = right_x + text_width <= frame_hi - pad;
  if (left_fits && right_fits)  // the side with more room
    return {grab_lo - frame_lo >= frame_hi - grab_hi ? left_x : right_x, false};
  if (left_fits) return {left_x, false};
  if (right_fits) return {right_x, false};
  return {centred, true};
}

}  // namespace sgl
