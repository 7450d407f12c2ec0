// Checks exported PNGs: readable, of the expected size, and with drawn content (not one flat
// colour). Usage: check_png FILE.png [WIDTH HEIGHT]   (without a size: at least 100×100)
//             check_png FILE.png --figure N
// --figure: a clean figure (a panel export for slides): its top rows are all the background
// (the most common colour; a screen grab starts with the panel's title bar), and its top third
// holds a key: at least N of the chain colours 0-3 exactly, each on >= 20 pixels (the swatches).
//             check_png FILE.png --slide MIN_TITLE_PX
// --slide: a slide with a title and a caption: below a background top edge, the first rows with
// dark ink (the title's text, luminance < 110) run at least MIN_TITLE_PX rows tall within the
// top 15 %, and the bottom 8 % holds dark ink (the caption) at least 12 rows tall.
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

int main(int argc, char** argv) {
  const bool figure = argc == 4 && std::string(argv[2]) == "--figure";
  const bool slide = argc == 4 && std::string(argv[2]) == "--slide";
  if (argc != 2 && argc != 4) {
    std::fprintf(stderr, "usage: check_png FILE.png [WIDTH HEIGHT]\n");
    return 2;
  }
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(argv[1], &width, &height, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "%s: not a readable PNG\n", argv[1]);
    return 1;
  }
  bool ok = true;
  if (argc == 4 && !figure && !slide) {
    if (width != std::atoi(argv[2]) || height != std::atoi(argv[3])) {
      std::fprintf(stderr, "%s: %d×%d, expected %s×%s\n", argv[1], width, height, argv[2], argv[3]);
      ok = false;
    }
  } else if (width < 100 || height < 100) {
    std::fprintf(stderr, "%s: %d×%d is too small for a panel\n", argv[1], width, height);
    ok = false;
  }
  std::map<unsigned, long> histogram;
  for (long k = 0; k < long(width) * height; ++k) {
    const unsigned char* p = pixels + 3 * k;
    ++histogram[(unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2]];
  }
  long background = 0;
  for (const auto& [colour, count] : histogram) background = std::max(background, count);
  const double drawn = 1.0 - double(background) / (double(width) * height);
  if (drawn < 0.02 || histogram.size() < 12) {
    std::fprintf(stderr, "%s: looks empty (%.1f%% drawn, %zu colours)\n", argv[1], 100 * drawn,
                 histogram.size());
    ok = false;
  }
  if (figure) {
    unsigned background_colour = 0;
    for (const auto& [colour, count] : histogram)
      if (count == background) background_colour = colour;
    const auto colour_at = [&](long x, long y) {
      const unsigned char* p = pixels + 3 * (y * width + x);
      return (unsigned(p[0]) << 16) | (unsigned(p[1]) << 8) | p[2];
    };
    for (long y = 0; y < 3 && y < height; ++y)
      for (long x = 0; x < width; ++x)
        if (colour_at(x, y) != background_colour) {
          std::fprintf(stderr,
                       "%s: row %ld is not all background #%06X (#%06X at x = %ld): "
                       "window chrome?\n",
                       argv[1], y, background_colour, colour_at(x, y), x);
          ok = false;
          y = 3;
          break;
        }
    // The Okabe–Ito colours of chains 0–3 (app/gui/plot/chain_colours.cpp).
    constexpr unsigned kChainColours[] = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7};
    int in_key = 0;
    for (const unsigned chain : kChainColours) {
      long count = 0;
      for (long y = 0; y < height / 3; ++y)
        for (long x = 0; x < width; ++x) count += colour_at(x, y) == chain;
      in_key += count >= 20;
    }
    if (in_key < std::atoi(argv[3])) {
      std::fprintf(stderr, "%s: %d chain colours in the top third, expected a key with >= %s\n",
                   argv[1], in_key, argv[3]);
      ok = false;
    }
  }
  if (slide) {
    const auto dark_row = [&](long y) {
      for (long x = 0; x < width; ++x) {
        const unsigned char* p = pixels + 3 * (y * width + x);
        if (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2] < 110.0) return true;
      }
      return false;
    };
    // The tallest run of rows with dark ink in [from, to): where a line of text sits.
    const auto ink_run = [&](long from, long to, long& top) {
      long best = 0, run = 0;
      for (long y = from; y < to; ++y) {
        run = dark_row(y) ? run + 1 : 0;
        if (run > best) {
          best = run;
          top = y - run + 1;
        }
      }
      return best;
    };
    long title_top = -1, caption_top = -1;
    const long title = ink_run(3, height * 15 / 100, title_top);
    const long caption = ink_run(height - height * 8 / 100, height, caption_top);
    std::printf("%s: title ink %ld px tall from row %ld, caption ink %ld px from row %ld\n",
                argv[1], title, title_top, caption, caption_top);
    if (title < std::atol(argv[3])) {
      std::fprintf(stderr, "%s: no title of >= %s px in the top 15 %% (tallest ink: %ld px)\n",
                   argv[1], argv[3], title);
      ok = false;
    }
    if (caption < 12) {
      std::fprintf(stderr, "%s: no caption in the bottom 8 %% (tallest ink: %ld px)\n", argv[1],
                   caption);
      ok = false;
    }
  }
  std::printf("%-40s %4d×%-4d %5.1f%% drawn %6zu colours  %s\n", argv[1], width, height,
              100 * drawn, histogram.size(), ok ? "ok" : "FAIL");
  stbi_image_free(pixels);
  return ok ? 0 : 1;
}
