// Checks a recorded animated GIF with giflib's own decoder: its size, how many frames it has and
// how many differ from the frame before, the NETSCAPE2.0 loop-forever extension, frame delays, and
// that every frame's palette holds the first four chain colours exactly (and that they are drawn).
// Frames may be sub-rectangles with a transparent index (unchanged pixels): they are composed
// onto the canvas as a viewer does.
// Usage: check_gif FILE.gif WIDTH HEIGHT MIN_CHANGING_FRAMES [FRAME OUT.png]
//   (the optional pair writes frame FRAME, counted from 0, as a PNG to look at)
#include <gif_lib.h>

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

// The Okabe–Ito colours of chains 0–3 (app/gui/plot/chain_colours.cpp), as 0xRRGGBB.
constexpr unsigned kChainColours[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7};

unsigned packed(const GifColorType& colour) {
  return (unsigned{colour.Red} << 16) | (unsigned{colour.Green} << 8) | unsigned{colour.Blue};
}

// DGifSlurp attaches extensions written before the first image to that image.
bool has_loop_extension(const ExtensionBlock* blocks, int count) {
  for (int i = 0; i + 1 < count; ++i) {
    const ExtensionBlock& block = blocks[i];
    if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
        std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0) {
      const ExtensionBlock& data = blocks[i + 1];
      return data.ByteCount == 3 && data.Bytes[0] == 1 && data.Bytes[1] == 0 && data.Bytes[2] == 0;
    }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5 && argc != 7) {
    std::fprintf(stderr, "usage: check_gif FILE.gif WIDTH HEIGHT MIN_CHANGING [FRAME OUT.png]\n");
    return 2;
  }
  const char* path = argv[1];
  const int width = std::atoi(argv[2]), height = std::atoi(argv[3]);
  const int min_changing = std::atoi(argv[4]);
  int code = 0;
  GifFileType* gif = DGifOpenFileName(path, &code);
  if (gif == nullptr || DGifSlurp(gif) == GIF_ERROR) {
    std::fprintf(stderr, "%s: giflib cannot decode it (%s)\n", path,
                 GifErrorString(gif ? gif->Error : code));
    return 1;
  }
  bool ok = true;
  if (gif->SWidth != width || gif->SHeight != height) {
    std::fprintf(stderr, "%s: %dx%d, expected %dx%d\n", path, gif->SWidth, gif->SHeight, width,
                 height);
    ok = false;
  }
  if (!has_loop_extension(gif->ExtensionBlocks, gif->ExtensionBlockCount) &&
      (gif->ImageCount == 0 || !has_loop_extension(gif->SavedImages[0].ExtensionBlocks,
                                                   gif->SavedImages[0].ExtensionBlockCount))) {
    std::fprintf(stderr, "%s: no NETSCAPE2.0 loop-forever extension\n", path);
    ok = false;
  }
  const std::size_t canvas_size = static_cast<std::size_t>(gif->SWidth) * gif->SHeight;
  std::vector<unsigned> canvas(canvas_size, 0), previous;
  int changing = 0;
  long total_delay = 0;  // centiseconds, all frames
  bool chain_colour_drawn = false;
  for (int frame = 0; frame < gif->ImageCount; ++frame) {
    const SavedImage& image = gif->SavedImages[frame];
    const ColorMapObject* map =
        image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
    if (map == nullptr) {
      std::fprintf(stderr, "%s: frame %d has no palette\n", path, frame);
      ok = false;
      break;
    }
    for (unsigned colour : kChainColours) {
      bool found = false;
      for (int entry = 0; entry < map->ColorCount; ++entry)
        found = found || packed(map->Colors[entry]) == colour;
      if (!found) {
        std::fprintf(stderr, "%s: frame %d's palette lacks chain colour #%06X\n", path, frame,
                     colour);
        ok = false;
      }
    }
    GraphicsControlBlock control{};
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    const bool has_control = DGifSavedExtensionToGCB(gif, frame, &control) != GIF_ERROR;
    if (has_control) total_delay += control.DelayTime;
    if (!has_control || control.DelayTime < 2) {
      std::fprintf(stderr, "%s: frame %d has no delay of at least 2 cs\n", path, frame);
      ok = false;
    }
    const GifImageDesc& desc = image.ImageDesc;
    for (int y = 0; y < desc.Height; ++y)
      for (int x = 0; x < desc.Width; ++x) {
        const int cx = desc.Left + x, cy = desc.Top + y;
        if (cx >= gif->SWidth || cy >= gif->SHeight) continue;
        const int index = image.RasterBits[static_cast<std::size_t>(y) * desc.Width + x];
        if (index == control.TransparentColor) continue;  // the frame before shows through
        const unsigned colour = packed(map->Colors[index]);
        canvas[static_cast<std::size_t>(cy) * gif->SWidth + cx] = colour;
        for (unsigned chain : kChainColours)
          chain_colour_drawn = chain_colour_drawn || colour == chain;
      }
    if (frame > 0 && canvas != previous) ++changing;
    previous = canvas;
    if (argc == 7 && frame == std::atoi(argv[5])) {
      std::vector<unsigned char> rgb(canvas_size * 3);
      for (std::size_t i = 0; i < canvas_size; ++i) {
        rgb[i * 3] = static_cast<unsigned char>(canvas[i] >> 16);
        rgb[i * 3 + 1] = static_cast<unsigned char>(canvas[i] >> 8);
        rgb[i * 3 + 2] = static_cast<unsigned char>(canvas[i]);
      }
      if (!stbi_write_png(argv[6], gif->SWidth, gif->SHeight, 3, rgb.data(), gif->SWidth * 3)) {
        std::fprintf(stderr, "cannot write %s\n", argv[6]);
        ok = false;
      }
    }
  }
  if (!chain_colour_drawn) {
    std::fprintf(stderr, "%s: no pixel has a chain colour exactly\n", path);
    ok = false;
  }
  if (changing < min_changing) {
    std::fprintf(stderr, "%s: %d of %d frames differ from their predecessor, expected >= %d\n",
                 path, changing, gif->ImageCount, min_changing);
    ok = false;
  }
  std::printf("%s: %dx%d, %d frames, %d changing\n", path, gif->SWidth, gif->SHeight,
              gif->ImageCount, changing);
  std::printf("total delay %ld cs\n", total_delay);
  DGifCloseFile(gif, nullptr);
  return ok ? 0 : 1;
}
