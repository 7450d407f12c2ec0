#include "app/gui/gl/read_pixels.hpp"

#include <cstddef>

#include "app/gui/gl/gl_api.hpp"

namespace sgl::gl {

std::vector<unsigned char> read_rgb_top_down(int width, int height) {
  if (width <= 0 || height <= 0) return {};
  const auto w = static_cast<std::size_t>(width);
  const auto h = static_cast<std::size_t>(height);
  std::vector<unsigned char> rgba(w * h * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 4);  // RGBA rows are always 4-byte aligned
  glPixelStorei(GL_PACK_ROW_LENGTH, 0);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  // GL's row 0 is the bottom one.
  std::vector<unsigned char> rgb(w * h * 3);
  for (std::size_t row = 0; row < h; ++row) {
    const unsigned char* from = rgba.data() + (h - 1 - row) * w * 4;
    unsigned char* to = rgb.data() + row * w * 3;
    for (std::size_t x = 0; x < w; ++x) {
      to[3 * x] = from[4 * x];
      to[3 * x + 1] = from[4 * x + 1];
      to[3 * x + 2] = from[4 * x + 2];
    }
  }
  return rgb;
}

}  // namespace sgl::gl
