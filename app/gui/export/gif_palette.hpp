// The colours a GIF frame's palette always reserves, and the frame's pixels as seen by the
// palette code (core/plot/frame_palette.hpp: fitting the palette, dithering between entries).
#pragma once

#include <vector>

#include "app/gui/export/screenshot.hpp"
#include "core/plot/frame_palette.hpp"

namespace sgl {

// Every chain colour (app/gui/plot/chain_colours), so a chain's colour never shifts when it first
// appears.
std::vector<PackedRgb> reserved_chain_colours();

inline RgbPixels pixels_of(const RgbImage& image) {
  return {image.width, image.height, image.pixels.data()};
}

// 0xRRGGBB of pixel `pixel` (counted row by row) of `image`.
inline PackedRgb pixel_colour(const RgbImage& image, std::size_t pixel) {
  return pixels_of(image).at(pixel);
}

}  // namespace sgl
