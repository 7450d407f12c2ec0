// Histogram furniture that must stay readable: the true heights written above cut bars never
// overlap one another (they used to print over each other where two chains were cut at nearby
// x), and the fills of overlapping bars show one chain's tint per band, never a mix (four
// translucent Okabe–Ito tints composited into brown).
#include <catch2/catch.hpp>

#include <random>

#include "core/plot/bar_fill_bands.hpp"
#include "core/plot/label_stacking.hpp"

namespace sgl {

TEST_CASE("cut-bar labels: stacked boxes never overlap", "[plot_labels]") {
  // The case seen on screen: four chains cut within a few pixels, labels ~40x20 px.
  std::vector<LabelBox> boxes{
      {300, 50, 40, 20}, {305, 50, 44, 20}, {330, 50, 40, 20}, {500, 50, 40, 20}};
  CHECK(boxes_overlap(boxes[0], boxes[1]));  // as they were placed before
  stack_labels(boxes, 2.0f);
  for (std::size_t i = 0; i < boxes.size(); ++i)
    for (std::size_t j = i + 1; j < boxes.size(); ++j)
      CHECK_FALSE(boxes_overlap(boxes[i], boxes[j]));
  CHECK(boxes[0].y == 50.0f);  // the first stays at the cap
  CHECK(boxes[3].y == 50.0f);  // a label clear of the others stays too
  CHECK(boxes[0].x == 300.0f);

  std::mt19937 rng(3);
  std::uniform_real_distribution<float> x(0.0f, 400.0f), w(20.0f, 60.0f);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<LabelBox> random(8);
    for (LabelBox& box : random) box = {x(rng), 40.0f, w(rng), 18.0f};
    stack_labels(random, 2.0f);
    for (std::size_t i = 0; i < random.size(); ++i)
      for (std::size_t j = i + 1; j < random.size(); ++j)
        REQUIRE_FALSE(boxes_overlap(random[i], random[j]));
  }
}

TEST_CASE("bar fills: every band shows one chain's tint, the nearest bar's", "[plot_labels]") {
  const double a[] = {1.0, 3.0, 0.0, -1.0};
  const double b[] = {2.0, 1.0, 0.0, -2.0};
  const double c[] = {2.0, 4.0, 1.0, 0.5};
  const std::vector<FillBand> bands = fill_bands(4, {a, b, c});
  // Bin 0: [0,1] a (the shortest bar covering it), [1,2] b (b and c both end at 2: the first).
  // Bin 1: [0,1] b, [1,3] a, [3,4] c. Bin 2: [0,1] c. Bin 3: [-1,0] a, [-2,-1] b, [0,0.5] c.
  struct Expected {
    int bin;
    double lo, hi;
    std::size_t owner;
  };
  const std::vector<Expected> expected{{0, 0, 1, 0},   {0, 1, 2, 1},  {1, 0, 1, 1},
                                       {1, 1, 3, 0},   {1, 3, 4, 2},  {2, 0, 1, 2},
                                       {3, -2, -1, 1}, {3, -1, 0, 0}, {3, 0, 0.5, 2}};
  REQUIRE(bands.size() == expected.size());
  for (std::size_t k = 0; k < bands.size(); ++k) {
    INFO("band " << k);
    CHECK(bands[k].bin == expected[k].bin);
    CHECK(bands[k].lo == expected[k].lo);
    CHECK(bands[k].hi == expected[k].hi);
    CHECK(bands[k].owner == expected[k].owner);
  }
  // No two bands of a bin overlap: each pixel is painted once, with one chain's tint.
  for (std::size_t i = 0; i < bands.size(); ++i)
    for (std::size_t j = i + 1; j < bands.size(); ++j)
      if (bands[i].bin == bands[j].bin)
        CHECK((bands[i].hi <= bands[j].lo || bands[j].hi <= bands[i].lo));
}

}  // namespace sgl
