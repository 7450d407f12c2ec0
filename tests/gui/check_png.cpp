// Checks exported PNGs: readable, of the expected size, and with drawn content (not one flat
// colour). Usage: check_png FILE.png [WIDTH HEIGHT]   (without a size: at least 100×100)
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>

int main(int argc, char** argv) {
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
  if (argc == 4) {
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
  std::printf("%-40s %4d×%-4d %5.1f%% drawn %6zu colours  %s\n", argv[1], width, height,
              100 * drawn, histogram.size(), ok ? "ok" : "FAIL");
  stbi_image_free(pixels);
  return ok ? 0 : 1;
}
