#include "app/gui/export/gif_delta.hpp"

#include <algorithm>
#include <cstddef>
#include <unordered_map>

namespace sgl {
namespace {

// A colour on fewer pixels than this is taken for an antialiasing tone (gif_palette.cpp).
constexpr std::size_t kMinFeaturePixels = 16;
// Farther than this (squared RGB distance; about 20 per channel) from every entry, a feature's
// colour would visibly shift: the palette is chosen again.
constexpr int kMaxFeatureDistance = 3 * 20 * 20;

std::size_t pixel_index(const RgbImage& image, int x, int y) {
  return static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) +
         static_cast<std::size_t>(x);
}

bool same_pixel(const RgbImage& a, const RgbImage& b, std::size_t pixel) {
  const unsigned char* p = a.pixels.data() + pixel * 3;
  const unsigned char* q = b.pixels.data() + pixel * 3;
  return p[0] == q[0] && p[1] == q[1] && p[2] == q[2];
}

// The bounding box of the pixels where `now` differs from `before` (empty: width 0).
GifDelta changed_box(const RgbImage& before, const RgbImage& now) {
  int left = now.width, right = -1, top = now.height, bottom = -1;
  for (int y = 0; y < now.height; ++y) {
    const std::size_t row = pixel_index(now, 0, y);
    const int row_bytes = now.width * 3;
    if (std::equal(now.pixels.begin() + static_cast<std::ptrdiff_t>(row * 3),
                   now.pixels.begin() + static_cast<std::ptrdiff_t>(row * 3) + row_bytes,
                   before.pixels.begin() + static_cast<std::ptrdiff_t>(row * 3)))
      continue;
    top = std::min(top, y);
    bottom = y;
    int x = 0;
    while (x < left && same_pixel(before, now, row + static_cast<std::size_t>(x))) ++x;
    left = std::min(left, x);
    x = now.width - 1;
    while (x > right && same_pixel(before, now, row + static_cast<std::size_t>(x))) --x;
    right = std::max(right, x);
  }
  GifDelta box;
  if (bottom < 0) return box;
  box.left = left;
  box.top = top;
  box.width = right - left + 1;
  box.height = bottom - top + 1;
  return box;
}

}  // namespace

void GifDeltaEncoder::choose_palette(const RgbImage& image) {
  mapper_ = PaletteMapper(
      fit_frame_palette(pixels_of(image), reserved_chain_colours(), kTransparentIndex));
}

bool GifDeltaEncoder::palette_misses_colours(const RgbImage& image, const GifDelta& box) {
  std::unordered_map<PackedRgb, std::size_t> far_pixels;  // colour → pixels (far colours only)
  std::unordered_map<PackedRgb, bool> is_far;             // each distinct colour judged once
  for (int y = box.top; y < box.top + box.height; ++y)
    for (int x = box.left; x < box.left + box.width; ++x) {
      const std::size_t pixel = pixel_index(image, x, y);
      if (same_pixel(image, shown_, pixel)) continue;
      const PackedRgb colour = pixel_colour(image, pixel);
      auto [judged, inserted] = is_far.try_emplace(colour, false);
      if (inserted)
        judged->second = squared_colour_distance(mapper_.palette()[mapper_.nearest(colour)],
                                                 colour) > kMaxFeatureDistance;
      if (judged->second && ++far_pixels[colour] >= kMinFeaturePixels) return true;
    }
  return false;
}

GifDelta GifDeltaEncoder::next(const RgbImage& image) {
  GifDelta delta;
  const bool first = shown_.width != image.width || shown_.height != image.height;
  if (first) {
    choose_palette(image);
    delta.width = image.width;
    delta.height = image.height;
  } else {
    delta = changed_box(shown_, image);
    if (delta.width == 0) {
      // Nothing changed: one transparent pixel keeps the frame (and its delay) in the file.
      delta.width = delta.height = 1;
      delta.indices.assign(1, kTransparentIndex);
      return delta;
    }
    if (palette_misses_colours(image, delta)) choose_palette(image);
  }
  delta.indices.resize(static_cast<std::size_t>(delta.width) *
                       static_cast<std::size_t>(delta.height));
  std::size_t out = 0;
  for (int y = delta.top; y < delta.top + delta.height; ++y)
    for (int x = delta.left; x < delta.left + delta.width; ++x) {
      const std::size_t pixel = pixel_index(image, x, y);
      delta.indices[out++] = !first && same_pixel(image, shown_, pixel)
                                 ? kTransparentIndex
                                 : mapper_.entry(pixel_colour(image, pixel), x, y);
    }
  if (first) {
    shown_ = image;
  } else {
    for (int y = delta.top; y < delta.top + delta.height; ++y) {
      const std::size_t from = pixel_index(image, delta.left, y) * 3;
      std::copy_n(image.pixels.begin() + static_cast<std::ptrdiff_t>(from), delta.width * 3,
                  shown_.pixels.begin() + static_cast<std::ptrdiff_t>(from));
    }
  }
  return delta;
}

}  // namespace sgl
