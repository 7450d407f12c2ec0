// The 256-colour palette of one GIF frame, chosen so that the plot colours stay exact.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "app/gui/export/screenshot.hpp"

namespace sgl {

// 0xRRGGBB.
using PackedRgb = std::uint32_t;

struct IndexedFrame {
  std::vector<PackedRgb> palette;     // at most 256 colours
  std::vector<std::uint8_t> indices;  // width × height, rows top to bottom
};

// Every chain colour (app/gui/plot/chain_colours) gets an entry whether or not it is on screen,
// so a chain's colour never shifts when it first appears; most of the remaining entries go to the
// most frequent colours of the frame (background, panels, text, grid lines), and the last 32 to
// the colours (of at least 16 pixels) farthest from those, so small distinct marks keep their
// colour. A pixel
// whose colour has no entry (an antialiasing tone between a line and the background, a colour
// map's gradient) takes the nearest entry in RGB distance.
// `max_colours` (at most 256) leaves room for a transparent entry when it is 255.
IndexedFrame index_frame(const RgbImage& image, std::size_t max_colours = 256);

// The palette entry nearest to `colour` in RGB distance (the first of equals).
std::uint8_t nearest_entry(const std::vector<PackedRgb>& palette, PackedRgb colour);

// 0xRRGGBB of pixel `pixel` (counted row by row) of `image`.
inline PackedRgb pixel_colour(const RgbImage& image, std::size_t pixel) {
  const unsigned char* rgb = image.pixels.data() + pixel * 3;
  return (PackedRgb{rgb[0]} << 16) | (PackedRgb{rgb[1]} << 8) | PackedRgb{rgb[2]};
}
// The squared RGB distance between two colours.
int squared_colour_distance(PackedRgb a, PackedRgb b);

// The colours that index_frame always reserves.
std::vector<PackedRgb> reserved_chain_colours();

}  // namespace sgl
