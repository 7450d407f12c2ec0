// A slider's value text is never under its handle: for every grab position along a frame, the
// text is placed clear of the grab and inside the frame whenever one side has room (ImGui
// centred it, so a handle in the middle covered the number).
#include <catch2/catch.hpp>

#include "core/plot/slider_text.hpp"

namespace sgl {

TEST_CASE("slider text: the value never sits under the grab", "[slider_text]") {
  const float frame_lo = 100.0f, frame_hi = 320.0f, grab = 12.0f, pad = 3.0f;
  for (const float text : {30.0f, 60.0f, 90.0f}) {
    for (float t = 0.0f; t <= 1.0f; t += 0.01f) {
      const float grab_lo = frame_lo + 2.0f + t * (frame_hi - frame_lo - 4.0f - grab);
      const float grab_hi = grab_lo + grab;
      const SliderTextPlacement placed =
          place_slider_value(frame_lo, frame_hi, grab_lo, grab_hi, text, pad);
      INFO("text " << text << " px, grab at " << grab_lo << ": text at " << placed.x);
      REQUIRE_FALSE(placed.overlaps_grab);
      const bool clear = placed.x + text <= grab_lo || placed.x >= grab_hi;
      CHECK(clear);
      CHECK(placed.x >= frame_lo);
      CHECK(placed.x + text <= frame_hi);
    }
  }
  // Away from the middle the text stays centred, as ImGui draws it.
  const SliderTextPlacement centred = place_slider_value(0, 200, 2, 14, 40, 3);
  CHECK(centred.x == Approx(80.0f));
  CHECK_FALSE(centred.overlaps_grab);
  // A text wider than either side of the grab cannot avoid it: the caller is told.
  CHECK(place_slider_value(0, 100, 44, 56, 60, 3).overlaps_grab);
}

}  // namespace sgl
