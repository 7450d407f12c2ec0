// Presents only the changed rectangles of the back buffer, where the GL driver can
// (GLX_MESA_copy_sub_buffer: Mesa's software rasterisers on X11, i.e. llvmpipe in virtual
// machines, remote desktops and Xvfb).
//
// Why: there the window's frame is rasterised on the CPU. Redrawing only the damaged region of a
// persistent offscreen copy still needs that copy moved to the back buffer every frame (a 1600 ×
// 1000 blit costs llvmpipe ~11 ms), and a swap leaves the back buffer undefined. With this
// extension the back buffer itself is the persistent copy: it is never swapped, the damaged
// region is drawn into it and only those rectangles are copied to the window.
// The window uses it only under a software renderer; elsewhere (GPUs, Wayland) it swaps as usual.
#pragma once

#include <vector>

struct GLFWwindow;

namespace sgl::gl {

// A rectangle in framebuffer pixels, origin top-left, [x0, x1) × [y0, y1).
struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

class PartialPresenter {
 public:
  // Looks the extension up for `window`'s current context; false if it is not there.
  bool open(GLFWwindow* window);
  bool available() const { return copy_sub_buffer_ != nullptr; }
  // Copies each rectangle of the back buffer to the window (`height`: the framebuffer's).
  void present(const std::vector<PixelRect>& rects, int height) const;

 private:
  void* display_ = nullptr;
  unsigned long drawable_ = 0;
  void (*copy_sub_buffer_)() = nullptr;  // glXCopySubBufferMESA, as GLFW returns it
};

}  // namespace sgl::gl
