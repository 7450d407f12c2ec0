#include "app/gui/export/screenshot.hpp"

#include "app/gui/gl/gl_api.hpp"
#include "app/gui/gl/read_pixels.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <vector>

// The implementation is compiled here, file-local (STATIC), so it cannot clash with the copy in
// libstb that ImGui's pkg-config file pulls into the link.
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

namespace sgl {
namespace {

constexpr int kChannels = 3;

}  // namespace

RgbImage read_framebuffer(int width, int height) {
  RgbImage image;
  if (width <= 0 || height <= 0) return image;
  image.width = width;
  image.height = height;
  glReadBuffer(GL_BACK);
  image.pixels = gl::read_rgb_top_down(width, height);
  return image;
}

RgbImage crop(const RgbImage& image, int x, int y, int width, int height) {
  const int x0 = std::clamp(x, 0, image.width), x1 = std::clamp(x + width, 0, image.width);
  const int y0 = std::clamp(y, 0, image.height), y1 = std::clamp(y + height, 0, image.height);
  RgbImage part;
  if (x1 <= x0 || y1 <= y0) return part;
  part.width = x1 - x0;
  part.height = y1 - y0;
  const auto row_bytes = static_cast<std::size_t>(part.width) * kChannels;
  part.pixels.resize(row_bytes * static_cast<std::size_t>(part.height));
  for (int row = 0; row < part.height; ++row) {
    const unsigned char* from = image.pixels.data() + (static_cast<std::size_t>(y0 + row) *
                                                           static_cast<std::size_t>(image.width) +
                                                       static_cast<std::size_t>(x0)) *
                                                          kChannels;
    std::memcpy(part.pixels.data() + static_cast<std::size_t>(row) * row_bytes, from, row_bytes);
  }
  return part;
}

bool write_png(const std::string& path, const RgbImage& image, std::string& error) {
  if (image.width <= 0 || image.height <= 0) {
    error = "there are no pixels to save";
    return false;
  }
  if (stbi_write_png(path.c_str(), image.width, image.height, kChannels, image.pixels.data(),
                     image.width * kChannels) == 0) {
    error = "cannot write " + path;
    return false;
  }
  return true;
}

bool save_framebuffer_png(const std::string& path, int width, int height, std::string& error) {
  if (width <= 0 || height <= 0) {
    error = "the window has no pixels to save";
    return false;
  }
  return write_png(path, read_framebuffer(width, height), error);
}

}  // namespace sgl
