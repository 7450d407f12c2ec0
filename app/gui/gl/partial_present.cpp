#include "app/gui/gl/partial_present.hpp"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <cstdlib>

// The browser build has no X server: it always presents whole frames (the browser composites
// the canvas itself).
#ifndef __EMSCRIPTEN__
// GLFW's native access (libglfw exports these on X11). Declared here rather than through
// GLFW/glfw3native.h, which would pull in the X11, Xrandr and GLX development headers for two
// opaque handles: a Display* and a GLXDrawable (an X resource id).
struct _XDisplay;
extern "C" {
_XDisplay* glfwGetX11Display(void);
unsigned long glfwGetGLXWindow(GLFWwindow* window);
}
#endif

namespace sgl::gl {

bool PartialPresenter::open(GLFWwindow* window) {
  copy_sub_buffer_ = nullptr;
  // SGL_FULL_SWAP=1 swaps whole frames even where partial presenting works (for comparison).
  if (const char* full = std::getenv("SGL_FULL_SWAP"); full != nullptr && *full == '1')
    return false;
#ifdef __EMSCRIPTEN__
  (void)window;
  display_ = nullptr;
  drawable_ = 0;
  return false;
#else
  if (glfwExtensionSupported("GLX_MESA_copy_sub_buffer") != GLFW_TRUE) return false;
  _XDisplay* display = glfwGetX11Display();
  const unsigned long drawable = glfwGetGLXWindow(window);
  const GLFWglproc function = glfwGetProcAddress("glXCopySubBufferMESA");
  if (display == nullptr || drawable == 0 || function == nullptr) return false;
  display_ = display;
  drawable_ = drawable;
  copy_sub_buffer_ = function;
  return true;
#endif
}

void PartialPresenter::present(const std::vector<PixelRect>& rects, int height) const {
  if (copy_sub_buffer_ == nullptr) return;
#ifndef __EMSCRIPTEN__  // never available there (open)
  using CopySubBuffer = void (*)(_XDisplay*, unsigned long, int, int, int, int);
  const auto copy = reinterpret_cast<CopySubBuffer>(copy_sub_buffer_);
  auto* display = static_cast<_XDisplay*>(display_);
  for (const PixelRect& rect : rects)
    if (rect.x1 > rect.x0 && rect.y1 > rect.y0)  // GLX counts y from the bottom
      copy(display, drawable_, rect.x0, height - rect.y1, rect.x1 - rect.x0, rect.y1 - rect.y0);
#else
  (void)rects, (void)height;
#endif
}

}  // namespace sgl::gl
