// What one frame of an animated GIF writes over the frame before: the bounding box of the pixels
// that changed, indexed with a palette kept from frame to frame, the unchanged pixels inside the
// box transparent. A window recording changes a few plots and counters per frame: the rest is
// never written again, and runs of the transparent index compress to almost nothing (a 150-frame
// recording at 1280×720 went from 20 MB, every frame whole with its own palette, to a few MB).
#pragma once

#include <cstdint>
#include <vector>

#include "app/gui/export/gif_palette.hpp"
#include "app/gui/export/screenshot.hpp"

namespace sgl {

struct GifDelta {
  int left = 0, top = 0, width = 0, height = 0;  // the sub-rectangle written, in pixels
  std::vector<std::uint8_t> indices;             // width × height, rows top to bottom
};

class GifDeltaEncoder {
 public:
  // The palette's last entry: "leave the pixel as the frame before showed it".
  static constexpr std::uint8_t kTransparentIndex = 255;

  // The next frame (every frame the size of the first). The first is written whole.
  GifDelta next(const RgbImage& image);
  // The palette of the last delta (at most 255 colours; entry 255 is transparent).
  const std::vector<PackedRgb>& palette() const { return mapper_.palette(); }

 private:
  // A new palette when the changed pixels bring a colour (on enough pixels to be a feature, not
  // an antialiasing tone) far from every entry: a colour map switched on, a warning in red.
  bool palette_misses_colours(const RgbImage& image, const GifDelta& box);
  void choose_palette(const RgbImage& image);

  RgbImage shown_;  // what the GIF shows after the last delta (source colours)
  // The palette and each colour's entry, ordered-dithered between two entries where the colour
  // has none of its own (a density's shading would otherwise fall into bands).
  PaletteMapper mapper_{{}};
};

}  // namespace sgl
