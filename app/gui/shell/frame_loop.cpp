#include "app/gui/shell/frame_loop.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten.h>
#endif

namespace sgl {

void run_frame_loop(const std::function<bool()>& frame) {
#ifdef __EMSCRIPTEN__
  const auto one_frame = [](void* argument) {
    if (!(*static_cast<const std::function<bool()>*>(argument))()) emscripten_cancel_main_loop();
  };
  // A copy on the heap, for the page's lifetime: `frame` itself is on the caller's stack, which
  // the next callbacks reuse. 0 frames per second: requestAnimationFrame's pace; true: do not
  // return to the caller (its code after the loop is for a closing window).
  auto* kept = new std::function<bool()>(frame);
  emscripten_set_main_loop_arg(one_frame, kept, 0, true);
#else
  while (frame()) {
  }
#endif
}

}  // namespace sgl
