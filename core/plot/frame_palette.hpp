// The 256-colour palette of one GIF frame and how each pixel picks its entry. Pure arithmetic on
// RGB bytes, free of giflib and the window, so it is unit-tested (tests/core/test_frame_palette).
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

namespace sgl {

// 0xRRGGBB.
using PackedRgb = std::uint32_t;

// RGB pixels, rows top to bottom (width × height × 3 bytes), not owned.
struct RgbPixels {
  int width = 0;
  int height = 0;
  const unsigned char* data = nullptr;

  std::size_t pixel_count() const {
    return static_cast<std::size_t>(width) * static_cast<std::size_t>(height);
  }
  PackedRgb at(std::size_t pixel) const {
    const unsigned char* rgb = data + pixel * 3;
    return (PackedRgb{rgb[0]} << 16) | (PackedRgb{rgb[1]} << 8) | PackedRgb{rgb[2]};
  }
};

// The squared RGB distance between two colours.
int squared_colour_distance(PackedRgb a, PackedRgb b);
// The palette entry nearest to `colour` in RGB distance (the first of equals).
std::uint8_t nearest_entry(const std::vector<PackedRgb>& palette, PackedRgb colour);

// A palette of at most `max_colours` (<= 256) entries fitted to the image: `reserved` first (the
// chain colours, so a chain's colour never shifts when it first appears), then the flat colours of
// the window exactly (background, panels, text, grid: each on many pixels), then the colours
// farthest from those (a small red "REC" keeps its red), and the rest fitted by median cut to what
// is left, weighted by pixel count: the smooth shades of a density and the antialiasing tones get
// entries spread over their range instead of the most frequent few.
std::vector<PackedRgb> fit_frame_palette(const RgbPixels& image,
                                         const std::vector<PackedRgb>& reserved,
                                         std::size_t max_colours);

// The entry of each pixel. A colour in the palette takes its entry, so flat areas, text and chain
// colours stay exact and compress to runs. A colour between entries (a density's gradient, a
// translucent mark) is ordered-dithered between the two entries around it, in the proportion that
// keeps the local average colour: a smooth density is drawn smooth instead of in bands, and a
// pixel's entry depends only on its colour and position, so unchanged pixels of the next frame map
// the same way.
class PaletteMapper {
 public:
  explicit PaletteMapper(std::vector<PackedRgb> palette);
  std::uint8_t entry(PackedRgb colour, int x, int y);
  // The nearest entry, undithered (for judging whether the palette still serves).
  std::uint8_t nearest(PackedRgb colour);
  const std::vector<PackedRgb>& palette() const { return palette_; }

 private:
  struct Mix {
    std::uint8_t first = 0, second = 0;
    std::uint8_t second_share = 0;  // in 64ths: the 8×8 threshold matrix's levels
  };
  const Mix& mix_of(PackedRgb colour);

  std::vector<PackedRgb> palette_;
  std::unordered_map<PackedRgb, Mix> mixes_;
};

}  // namespace sgl
