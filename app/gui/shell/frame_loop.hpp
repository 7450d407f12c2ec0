// The window's frame loop, the one part of it that differs between the desktop and the browser.
#pragma once

#include <functional>

namespace sgl {

// Calls `frame` until it returns false. On the desktop a plain loop. In the browser build one
// call per animation frame (emscripten_set_main_loop_arg): a page must return to the browser
// between frames. There this function never returns, and the caller's stack is reused by the
// browser's later callbacks: `frame` is copied, and what it refers to must be on the heap.
void run_frame_loop(const std::function<bool()>& frame);

}  // namespace sgl
