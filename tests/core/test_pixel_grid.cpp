// Thinning plot geometry to the pixel grid (core/plot/pixel_grid.hpp): less to draw, the same
// picture. Each test states the picture property the thinning must keep.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <random>
#include <utility>
#include <vector>

#include "core/plot/pixel_grid.hpp"

namespace {

using sgl::PixelPoint;

std::pair<long, long> pixel_of(PixelPoint p) {
  return {static_cast<long>(std::floor(p.x)), static_cast<long>(std::floor(p.y))};
}

// Each point's index in `original` (points are compared exactly: thinning only drops points).
std::vector<std::size_t> indices_in(const std::vector<PixelPoint>& kept,
                                    const std::vector<PixelPoint>& original) {
  std::vector<std::size_t> indices;
  std::size_t from = 0;
  for (const PixelPoint& p : kept) {
    while (from < original.size() && (original[from].x != p.x || original[from].y != p.y)) ++from;
    indices.push_back(from);
    if (from < original.size()) ++from;
  }
  return indices;
}

// The pixels a polyline's vertices visit, consecutive repeats merged.
std::vector<std::pair<long, long>> visited_pixels(const std::vector<PixelPoint>& points) {
  std::vector<std::pair<long, long>> pixels;
  for (const PixelPoint& p : points)
    if (pixels.empty() || pixels.back() != pixel_of(p)) pixels.push_back(pixel_of(p));
  return pixels;
}

// One channel blended over a background in 0..1, layer by layer.
double blend_in_order(const std::vector<sgl::Rgba>& layers, double background, int channel) {
  double value = background;
  for (const sgl::Rgba& layer : layers) {
    const double c = channel == 0 ? layer.r : channel == 1 ? layer.g : layer.b;
    value = c * layer.a + value * (1.0 - layer.a);
  }
  return value;
}

}  // namespace

TEST_CASE("a trace longer than the plot is wide keeps each pixel column's extremes, in order",
          "[plot]") {
  std::mt19937 rng(7);
  std::normal_distribution<float> noise(0.0f, 40.0f);
  std::vector<PixelPoint> trace;
  for (int i = 0; i < 20000; ++i) trace.push_back({10.0f + 0.01f * float(i), 300.0f + noise(rng)});
  std::vector<PixelPoint> thinned = trace;
  sgl::keep_column_extremes(thinned);

  // 200 columns, at most four vertices each.
  REQUIRE(thinned.size() <= 4 * 201);
  CHECK(thinned.size() >= 2 * 200);
  // Only original points, in their original order (a line drawn through them keeps its shape).
  const std::vector<std::size_t> at = indices_in(thinned, trace);
  for (std::size_t k = 0; k < at.size(); ++k) {
    REQUIRE(at[k] < trace.size());
    if (k > 0) CHECK(at[k] > at[k - 1]);
  }
  // Per column the same first, last, lowest and highest point: the same pixels are covered.
  struct Column {
    float first = 0, last = 0, low = -1e9f, high = 1e9f;
    bool seen = false;
  };
  const auto columns = [](const std::vector<PixelPoint>& points) {
    std::map<long, Column> by_column;
    for (const PixelPoint& p : points) {
      Column& c = by_column[long(std::floor(p.x))];
      if (!c.seen) c.first = p.y;
      c.seen = true;
      c.last = p.y;
      c.low = std::max(c.low, p.y);
      c.high = std::min(c.high, p.y);
    }
    return by_column;
  };
  const auto before = columns(trace), after = columns(thinned);
  REQUIRE(before.size() == after.size());
  for (const auto& [column, c] : before) {
    const Column& d = after.at(column);
    CHECK(d.first == c.first);
    CHECK(d.last == c.last);
    CHECK(d.low == c.low);
    CHECK(d.high == c.high);
  }
}

TEST_CASE("a trail that circles inside pixels keeps where it enters and leaves each one",
          "[plot]") {
  std::mt19937 rng(11);
  std::uniform_real_distribution<float> jitter(-0.05f, 0.05f);
  std::vector<PixelPoint> trail;
  // A slow orbit: many consecutive points share a pixel, then the path moves on.
  for (int i = 0; i < 5000; ++i) {
    const float angle = 0.002f * float(i);
    trail.push_back({100.0f + 30.0f * std::cos(angle) + jitter(rng),
                     100.0f + 30.0f * std::sin(angle) + jitter(rng)});
  }
  std::vector<PixelPoint> thinned = trail;
  sgl::merge_points_within_pixels(thinned);

  CHECK(thinned.size() < trail.size() / 5);
  CHECK(visited_pixels(thinned) == visited_pixels(trail));
  CHECK(thinned.front().x == trail.front().x);
  CHECK(thinned.back().y == trail.back().y);
  // Where each run left its pixel is kept: after every kept point comes either the same pixel's
  // exit point or the next pixel's entry point, exactly as in the original path.
  const std::vector<std::size_t> at = indices_in(thinned, trail);
  for (std::size_t k = 0; k + 1 < at.size(); ++k) {
    REQUIRE(at[k + 1] < trail.size());
    if (pixel_of(thinned[k]) != pixel_of(thinned[k + 1])) CHECK(at[k + 1] == at[k] + 1);
  }
}

TEST_CASE("a cloud becomes one mark per pixel that stands for every mark it replaces", "[plot]") {
  std::mt19937 rng(3);
  std::normal_distribution<float> spread(0.0f, 6.0f);
  std::vector<PixelPoint> cloud;
  for (int i = 0; i < 4000; ++i) cloud.push_back({50.0f + spread(rng), 50.0f + spread(rng)});
  const std::vector<sgl::CloudPixel> pixels = sgl::merge_cloud_pixels(cloud);

  std::map<std::pair<long, long>, int> expected;
  for (const PixelPoint& p : cloud) ++expected[pixel_of(p)];
  REQUIRE(pixels.size() == expected.size());
  int total = 0;
  for (const sgl::CloudPixel& pixel : pixels) {
    CHECK(pixel.centre.x - std::floor(pixel.centre.x) == 0.5f);
    CHECK(pixel.centre.y - std::floor(pixel.centre.y) == 0.5f);
    CHECK(pixel.count == expected.at(pixel_of(pixel.centre)));
    total += pixel.count;
  }
  CHECK(total == 4000);
  CHECK(pixels.size() < cloud.size() / 2);  // a dense cloud: most marks were repeats

  // n marks of opacity a, blended one after another, equal one mark of the stacked opacity.
  for (const float alpha : {0.12f, 0.45f, 1.0f}) {
    for (const int n : {1, 2, 7}) {
      const std::vector<sgl::Rgba> layers(std::size_t(n), sgl::Rgba{0.8f, 0.3f, 0.1f, alpha});
      const float stacked = sgl::stacked_opacity(alpha, n);
      for (const double background : {0.0, 1.0}) {
        const double once = 0.8 * stacked + background * (1.0 - stacked);
        CHECK(once == Approx(blend_in_order(layers, background, 0)).margin(1e-6));
      }
    }
  }
  CHECK(sgl::stacked_opacity(0.5f, 0) == 0.0f);
}

TEST_CASE("translucent layers composite into one layer that draws the same pixels", "[plot]") {
  std::mt19937 rng(5);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<sgl::Rgba> layers;
    const int count = 1 + trial % 6;
    for (int k = 0; k < count; ++k)
      layers.push_back({unit(rng), unit(rng), unit(rng), 0.05f + 0.9f * unit(rng)});
    const sgl::Rgba one = sgl::composite_over(layers);
    for (const double background : {0.0, 0.37, 1.0}) {
      for (int channel = 0; channel < 3; ++channel) {
        const double c = channel == 0 ? one.r : channel == 1 ? one.g : one.b;
        CHECK(c * one.a + background * (1.0 - one.a) ==
              Approx(blend_in_order(layers, background, channel)).margin(1e-5));
      }
    }
  }
  // Order matters: red over blue is not blue over red.
  const sgl::Rgba red{1, 0, 0, 0.5f}, blue{0, 0, 1, 0.5f};
  CHECK(sgl::composite_over({blue, red}).r > sgl::composite_over({red, blue}).r);
  CHECK(sgl::composite_over({}).a == 0.0f);
}
