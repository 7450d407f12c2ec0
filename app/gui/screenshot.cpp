#include "gui/screenshot.hpp"

#include <glad/gl.h>

#include <cstddef>
#include <cstring>
#include <vector>

// The implementation is compiled here, file-local (STATIC), so it cannot clash with the copy in
// libstb that ImGui's pkg-config file pulls into the link.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

namespace sgl {

bool save_framebuffer_png(const std::string& path, int width, int height, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "the window has no pixels to save";
    return false;
  }
  constexpr int kChannels = 3;
  const auto row_bytes = static_cast<std::size_t>(width) * kChannels;
  std::vector<unsigned char> pixels(row_bytes * static_cast<std::size_t>(height));
  // Rows of RGB are not 4-byte aligned for odd widths; GL's default pack alignment would pad them.
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());

  // GL's origin is the bottom-left corner; PNG rows go top to bottom.
  std::vector<unsigned char> row(row_bytes);
  for (int top = 0, bottom = height - 1; top < bottom; ++top, --bottom) {
    unsigned char* top_row = pixels.data() + static_cast<std::size_t>(top) * row_bytes;
    unsigned char* bottom_row = pixels.data() + static_cast<std::size_t>(bottom) * row_bytes;
    std::memcpy(row.data(), top_row, row_bytes);
    std::memcpy(top_row, bottom_row, row_bytes);
    std::memcpy(bottom_row, row.data(), row_bytes);
  }
  if (stbi_write_png(path.c_str(), width, height, kChannels, pixels.data(),
                     static_cast<int>(row_bytes)) == 0) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

}  // namespace sgl
