// Reads what a rectangle of a screenshot shows, for window tests that take the rectangle from the
// app's --status-file ("rect NAME X Y W H"): the status file says what the window meant to draw,
// the pixels say whether it is on screen.
// Usage: check_rect IMAGE.png X Y W H readout   a read-out box: mostly dark, with light text
//        check_rect IMAGE.png X Y W H R G B     text or marks in colour (R, G, B): at least 1%
//                                               of the rectangle within 40 of it per channel
//        check_rect IMAGE.png X Y W H drawn     plot content: at least 0.3% of the rectangle in
//                                               saturated colours (chains, densities), not
//                                               only white, grey grid lines and black text
//        check_rect IMAGE.png X Y W H redtint PCT  no flood of red: at most PCT% of the
//                                               rectangle tinted red (r >= 150, r - g and r - b
//                                               >= 12: divergence marks, pink washes)
//        check_rect IMAGE.png X Y W H noring PCT   at most PCT% of the ring inscribed in the
//                                               rectangle (radius W/2 - 2, 3 px wide) dark (max
//                                               channel < 70): no hover ring drawn there. Only
//                                               the ring's own pixels count, so a dark point of a
//                                               cloud under it does not look like a ring
// Exit 0 if the rectangle passes, 1 (with the counts) if not, 2 on bad arguments.
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

int main(int argc, char** argv) {
  if (argc != 7 && argc != 8 && argc != 9) {
    std::fprintf(stderr, "usage: check_rect IMAGE X Y W H readout|drawn|R G B\n");
    return 2;
  }
  int width = 0, height = 0, channels = 0;
  unsigned char* pixels = stbi_load(argv[1], &width, &height, &channels, 3);
  if (!pixels) {
    std::fprintf(stderr, "cannot read %s\n", argv[1]);
    return 2;
  }
  const int x0 = std::max(0, int(std::atof(argv[2]))), y0 = std::max(0, int(std::atof(argv[3])));
  const int x1 = std::min(width, int(std::atof(argv[2]) + std::atof(argv[4])));
  const int y1 = std::min(height, int(std::atof(argv[3]) + std::atof(argv[5])));
  const std::string mode = argv[6];
  const int want_r = argc == 9 ? std::atoi(argv[6]) : 0,
            want_g = argc == 9 ? std::atoi(argv[7]) : 0,
            want_b = argc == 9 ? std::atoi(argv[8]) : 0;
  const bool ring_only = argc == 8 && mode == "noring";
  const double centre_x = std::atof(argv[2]) + 0.5 * std::atof(argv[4]);
  const double centre_y = std::atof(argv[3]) + 0.5 * std::atof(argv[5]);
  const double ring_radius = 0.5 * std::atof(argv[4]) - 2.0;
  long total = 0, dark = 0, light = 0, saturated = 0, matching = 0, red = 0;
  for (int y = y0; y < y1; ++y)
    for (int x = x0; x < x1; ++x) {
      if (ring_only &&
          std::abs(std::hypot(x + 0.5 - centre_x, y + 0.5 - centre_y) - ring_radius) > 1.5)
        continue;
      const unsigned char* p = pixels + 3 * (y * width + x);
      const int r = p[0], g = p[1], b = p[2];
      ++total;
      if (std::max({r, g, b}) < 70) ++dark;
      if (std::max({r, g, b}) > 180) ++light;
      if (std::max({r, g, b}) - std::min({r, g, b}) > 60) ++saturated;
      if (r >= 150 && r - g >= 12 && r - b >= 12) ++red;
      if (std::abs(r - want_r) <= 40 && std::abs(g - want_g) <= 40 && std::abs(b - want_b) <= 40)
        ++matching;
    }
  stbi_image_free(pixels);
  bool pass = false;
  if (argc == 8 && mode == "redtint")
    pass = total > 0 && red * 100.0 <= std::atof(argv[7]) * total;
  else if (ring_only)
    pass = total > 0 && dark * 100.0 <= std::atof(argv[7]) * total;
  else if (argc == 9)
    pass = total > 0 && matching * 100 >= total;
  else if (mode == "readout")
    pass = total > 0 && dark * 2 >= total && light * 50 >= total;
  else if (mode == "drawn")
    pass = total > 0 && saturated * 1000 >= 3 * total;
  else
    return std::fprintf(stderr, "unknown mode %s\n", mode.c_str()), 2;
  std::printf(
      "%s [%d,%d)x[%d,%d): %ld pixels, %ld dark, %ld light, %ld saturated, %ld matching, %ld red\n",
      pass ? "ok" : "FAIL", x0, x1, y0, y1, total, dark, light, saturated, matching, red);
  return pass ? 0 : 1;
}
