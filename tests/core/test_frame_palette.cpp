// The GIF frame palette (core/plot/frame_palette): a smooth density keeps its shading (no bands),
// flat window colours and chain colours stay exact.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <vector>

#include "core/plot/frame_palette.hpp"

namespace {

using sgl::PackedRgb;

constexpr int kWidth = 640, kHeight = 400;
// The density's rectangle.
constexpr int kLeft = 40, kTop = 60, kRight = 600, kBottom = 380;
constexpr PackedRgb kWhite = 0xFFFFFF, kPanel = 0xE0E4EA, kText = 0x1A1A2E;
const std::vector<PackedRgb> kChainColours = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7};

int channel(PackedRgb colour, int index) {
  return (colour >> (16 - 8 * index)) & 0xFF;
}

// A light-slate-like ramp (white, light slate, slate) at t in [0, 1], as the density's default
// colour map: its shades lie close to the window's greys.
PackedRgb ramp(double t) {
  const double anchors[3][3] = {{255, 255, 255}, {196, 204, 222}, {112, 128, 168}};
  const double s = std::clamp(t, 0.0, 1.0) * 2.0;
  const int segment = std::min(1, static_cast<int>(s));
  const double f = s - segment;
  PackedRgb colour = 0;
  for (int c = 0; c < 3; ++c) {
    const double value = anchors[segment][c] * (1.0 - f) + anchors[segment + 1][c] * f;
    colour = (colour << 8) | static_cast<PackedRgb>(std::lround(value));
  }
  return colour;
}

struct Frame {
  std::vector<unsigned char> bytes = std::vector<unsigned char>(kWidth * kHeight * 3);
  void set(int x, int y, PackedRgb colour) {
    unsigned char* p = bytes.data() + (static_cast<std::size_t>(y) * kWidth + x) * 3;
    for (int c = 0; c < 3; ++c) p[c] = static_cast<unsigned char>(channel(colour, c));
  }
  sgl::RgbPixels view() const { return {kWidth, kHeight, bytes.data()}; }
};

// A window-like frame: a panel strip with "text", white background, a smooth 2-D density field
// (a Gaussian bump through the ramp: thousands of distinct shades) and chain-coloured marks.
// `levels` > 0 draws the density in that many flat bands instead (a frame whose palette holds only
// some of the shades).
Frame window_frame(int levels = 0) {
  Frame frame;
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) {
      PackedRgb colour = y < 40 ? kPanel : kWhite;
      if (y >= 15 && y < 25 && x % 7 < 3 && x < 300) colour = kText;
      if (x >= kLeft && x < kRight && y >= kTop && y < kBottom) {
        const double u = (x - 320.0) / 220.0, v = (y - 220.0) / 140.0;
        const double t = std::exp(-0.5 * (u * u + v * v)) * 0.9 + 0.05 * u;
        colour = ramp(levels > 0 ? std::round(t * levels) / levels : t);
      }
      frame.set(x, y, colour);
    }
  // Marks: 4x4 squares along a diagonal, one chain colour each.
  for (int mark = 0; mark < 40; ++mark)
    for (int dy = 0; dy < 4; ++dy)
      for (int dx = 0; dx < 4; ++dx)
        frame.set(60 + mark * 13 + dx, 300 - mark * 5 + dy,
                  kChainColours[static_cast<std::size_t>(mark) % kChainColours.size()]);
  return frame;
}

bool is_mark(int x, int y) {
  for (int mark = 0; mark < 40; ++mark) {
    const int mx = 60 + mark * 13, my = 300 - mark * 5;
    if (x >= mx - 1 && x < mx + 5 && y >= my - 1 && y < my + 5) return true;
  }
  return false;
}

// The palette is fitted to a frame (`fitted_to`), as a recording keeps its palette while it serves;
// `frame` is then drawn with it.
void check_frame(const Frame& frame, const Frame& fitted_to) {
  const std::vector<PackedRgb> palette =
      sgl::fit_frame_palette(fitted_to.view(), kChainColours, 255);
  REQUIRE(palette.size() <= 255);
  sgl::PaletteMapper mapper(palette);
  std::vector<PackedRgb> shown(static_cast<std::size_t>(kWidth) * kHeight);
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) {
      const std::size_t pixel = static_cast<std::size_t>(y) * kWidth + x;
      shown[pixel] = palette[mapper.entry(frame.view().at(pixel), x, y)];
    }

  // Flat window colours and the chain colours are drawn exactly.
  int inexact_flat = 0;
  for (int y = 0; y < kHeight; ++y)
    for (int x = 0; x < kWidth; ++x) {
      const std::size_t pixel = static_cast<std::size_t>(y) * kWidth + x;
      const PackedRgb source = frame.view().at(pixel);
      const bool flat =
          source == kWhite || source == kPanel || source == kText ||
          std::find(kChainColours.begin(), kChainColours.end(), source) != kChainColours.end();
      if (flat && shown[pixel] != source) ++inexact_flat;
    }
  CHECK(inexact_flat == 0);

  // The density, seen from a step back (8x8 blocks, as the eye averages a dither): every block's
  // mean colour within 3.5 of the source's in each channel (what is left is the distance to the
  // nearest mix of two entries). Drawn with the nearest entries alone it falls into bands, blocks
  // as far off as half a band (6.4 here with the kept palette).
  double worst = 0.0;
  for (int by = kTop; by + 8 <= kBottom; by += 8)
    for (int bx = kLeft; bx + 8 <= kRight; bx += 8) {
      bool has_mark = false;
      double source_sum[3] = {}, shown_sum[3] = {};
      for (int y = by; y < by + 8; ++y)
        for (int x = bx; x < bx + 8; ++x) {
          has_mark = has_mark || is_mark(x, y);
          const std::size_t pixel = static_cast<std::size_t>(y) * kWidth + x;
          for (int c = 0; c < 3; ++c) {
            source_sum[c] += channel(frame.view().at(pixel), c);
            shown_sum[c] += channel(shown[pixel], c);
          }
        }
      if (has_mark) continue;
      for (int c = 0; c < 3; ++c)
        worst = std::max(worst, std::abs(source_sum[c] - shown_sum[c]) / 64);
    }
  INFO("worst 8x8 block mean error in the density: " << worst);
  CHECK(worst <= 3.5);
}

}  // namespace

TEST_CASE(
    "GIF frame palette: a smooth density keeps its shading, flat and chain colours stay exact",
    "[gif][palette]") {
  SECTION("palette fitted to the frame") {
    check_frame(window_frame(), window_frame());
  }
  // A recording keeps its palette from frame to frame while every colour has an entry within
  // about 20 per channel (gif_delta.cpp): a density drawn with such a palette must not fall into
  // the bands of the nearest entries. Here the palette holds 12 of its shades.
  SECTION("palette kept from a frame with fewer shades") {
    check_frame(window_frame(), window_frame(12));
  }
}
