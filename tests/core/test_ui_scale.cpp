// The window's own interface scale: on a 2560x1440 screen text is a similar fraction of the
// screen as at 1280x720 (it used to stay 20 px, 1.4% of the height, in the lecture layout), and
// 1280x720 and 1600x1000 keep the scales their layouts were tuned for.
#include <catch2/catch.hpp>

#include "app/gui/shell/ui_font.hpp"
#include "core/plot/ui_scale.hpp"

namespace sgl {

TEST_CASE("ui scale: text on a 2560x1440 screen is a similar fraction of it as at 1280x720",
          "[ui_scale]") {
  for (const bool dashboard : {false, true}) {
    INFO((dashboard ? "dashboard" : "lecture"));
    const float small = kUiFontPixels * automatic_ui_scale(dashboard, 1280, 720, 1.0f) / 720.0f;
    const float large = kUiFontPixels * automatic_ui_scale(dashboard, 2560, 1440, 1.0f) / 1440.0f;
    CHECK(large >= 0.75f * small);
    CHECK(large <= 1.25f * small);
  }
  // The sizes the layouts were tuned at are unchanged.
  CHECK(automatic_ui_scale(false, 1280, 720, 1.0f) == 1.0f);
  CHECK(automatic_ui_scale(false, 1600, 1000, 1.0f) == 1.0f);
  CHECK(automatic_ui_scale(true, 1600, 1000, 1.0f) == 1.0f);
  CHECK(automatic_ui_scale(true, 1280, 720, 1.0f) == Approx(0.75f));
  // A window at --scale 2 counts its size in units of that scale: 2560x1440 is its 1280x720.
  CHECK(automatic_ui_scale(false, 2560, 1440, 2.0f) == 2.0f);
  // Long and narrow: the smaller side decides.
  CHECK(automatic_ui_scale(false, 2560, 800, 1.0f) == 1.0f);
}

}  // namespace sgl
