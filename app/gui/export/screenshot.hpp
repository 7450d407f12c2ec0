// Saving the default framebuffer as a PNG: for --screenshot, smoke tests, documentation and
// File → Export (the window, or one panel cropped from it).
#pragma once

#include <string>
#include <vector>

namespace sgl {

// RGB pixels, rows top to bottom.
struct RgbImage {
  int width = 0;
  int height = 0;
  std::vector<unsigned char> pixels;  // width × height × 3
};

// The current back buffer (width × height pixels) as it was rendered; read it before the swap.
RgbImage read_framebuffer(int width, int height);
// The rectangle [x, x + width) × [y, y + height) of `image` (clamped to it; may be empty).
RgbImage crop(const RgbImage& image, int x, int y, int width, int height);
// Writes `image` as PNG; false, with a one-line reason in `error`, if it cannot.
bool write_png(const std::string& path, const RgbImage& image, std::string& error);

// Reads the current back buffer (width × height pixels) and writes it to `path` top row first.
// Returns false, with a one-line reason in `error`, if the file cannot be written.
bool save_framebuffer_png(const std::string& path, int width, int height, std::string& error);

}  // namespace sgl
