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
  // 0 frames per second: requestAnimationFrame's pace; true: do not return (see the header).
  emscripten_set_main_loop_arg(one_frame, const_cast<std::function<bool()>*>(&frame), 0, true);
#else
  while (frame()) {
  }
#endif
}

}  // namespace sgl
