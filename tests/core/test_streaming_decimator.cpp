#include <algorithm>
#include <bit>
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>
#include <vector>

#include "core/plot/streaming_decimator.hpp"
#include "core/run/live_chain_stats.hpp"

using sgl::DecimatedBucket;
using sgl::DecimatedSeries;
using sgl::StreamingDecimator;

namespace {

struct Sample {
  std::uint64_t step;
  double value;
};

// The definition, computed directly: group the finite samples by (step − first step) / width.
std::vector<DecimatedBucket> brute_force_buckets(const std::vector<Sample>& samples,
                                                 std::uint64_t width) {
  std::vector<DecimatedBucket> buckets;
  bool started = false;
  std::uint64_t origin = 0, current_slot = 0;
  for (const Sample& sample : samples) {
    if (!std::isfinite(sample.value)) continue;
    if (!started) origin = sample.step;
    const std::uint64_t slot = (sample.step - origin) / width;
    if (!started || slot != current_slot) {
      buckets.push_back({sample.step, sample.value, sample.value, sample.value, sample.value});
      current_slot = slot;
      started = true;
      continue;
    }
    DecimatedBucket& bucket = buckets.back();
    bucket.min = std::min(bucket.min, sample.value);
    bucket.max = std::max(bucket.max, sample.value);
    bucket.last = sample.value;
  }
  return buckets;
}

double wiggle(std::uint64_t step) {
  return std::sin(0.37 * double(step)) * (1.0 + 0.01 * double(step % 17));
}

}  // namespace

TEST_CASE("the decimator keeps a bounded number of buckets and the global extremes",
          "[decimator]") {
  StreamingDecimator decimator(64);
  double global_min = std::numeric_limits<double>::infinity();
  double global_max = -global_min;
  std::uint64_t previous_width = 1;
  for (std::uint64_t step = 1; step <= 100'000; ++step) {
    const double value = wiggle(step) + (step == 54'321 ? 100.0 : 0.0);
    global_min = std::min(global_min, value);
    global_max = std::max(global_max, value);
    decimator.add(step, value);
    const DecimatedSeries& series = decimator.series();
    REQUIRE(series.buckets.size() <= 64);
    // Widths only ever double.
    REQUIRE((series.bucket_width == previous_width || series.bucket_width == 2 * previous_width));
    previous_width = series.bucket_width;
  }
  const DecimatedSeries& series = decimator.series();
  CHECK(series.bucket_width == 2048);  // 100 000 steps need 2048 · 64 ≥ 100 000
  CHECK(std::has_single_bit(series.bucket_width));
  double seen_min = std::numeric_limits<double>::infinity(), seen_max = -seen_min;
  for (std::size_t k = 0; k < series.buckets.size(); ++k) {
    seen_min = std::min(seen_min, series.buckets[k].min);
    seen_max = std::max(seen_max, series.buckets[k].max);
    if (k > 0) CHECK(series.buckets[k].first_step > series.buckets[k - 1].first_step);
  }
  CHECK(seen_min == global_min);
  CHECK(seen_max == 100.0 + wiggle(54'321));
  CHECK(seen_max == global_max);
  CHECK(series.buckets.front().first_step == 1);
  CHECK(series.buckets.front().first == wiggle(1));
  CHECK(series.buckets.back().last == wiggle(100'000));
}

TEST_CASE("the decimator matches a brute-force grouping, with gaps and non-finite values",
          "[decimator]") {
  std::vector<Sample> samples;
  for (std::uint64_t step = 5; step < 400; step += 1 + step % 3) {
    double value = wiggle(step);
    if (step % 29 == 0) value = std::numeric_limits<double>::quiet_NaN();
    if (step % 31 == 0) value = std::numeric_limits<double>::infinity();
    if (step > 150 && step < 190) continue;  // a gap, as after a ring buffer dropped draws
    samples.push_back({step, value});
  }
  for (std::size_t max_buckets : {2u, 3u, 8u, 16u, 1000u}) {
    StreamingDecimator decimator(max_buckets);
    for (const Sample& sample : samples) decimator.add(sample.step, sample.value);
    const DecimatedSeries& series = decimator.series();
    const std::vector<DecimatedBucket> expected = brute_force_buckets(samples, series.bucket_width);
    INFO("max_buckets = " << max_buckets << ", width = " << series.bucket_width);
    CHECK(series.buckets.size() <= max_buckets);
    // The width is the smallest power of two whose slots cover the whole step range.
    const std::uint64_t span = samples.back().step - samples.front().step;
    CHECK(span / series.bucket_width < max_buckets);
    if (series.bucket_width > 1) CHECK(span / (series.bucket_width / 2) >= max_buckets);
    REQUIRE(series.buckets.size() == expected.size());
    for (std::size_t k = 0; k < expected.size(); ++k) {
      CHECK(series.buckets[k].first_step == expected[k].first_step);
      CHECK(series.buckets[k].min == expected[k].min);
      CHECK(series.buckets[k].max == expected[k].max);
      CHECK(series.buckets[k].first == expected[k].first);
      CHECK(series.buckets[k].last == expected[k].last);
    }
  }
}

TEST_CASE("clearing the decimator starts a new series", "[decimator]") {
  StreamingDecimator decimator(4);
  for (std::uint64_t step = 1; step <= 100; ++step) decimator.add(step, double(step));
  CHECK(decimator.series().bucket_width == 32);
  decimator.clear();
  CHECK(decimator.series().buckets.empty());
  CHECK(decimator.series().bucket_width == 1);
  decimator.add(7, 1.5);
  decimator.add(8, -1.5);
  REQUIRE(decimator.series().buckets.size() == 2);
  CHECK(decimator.series().buckets[0].first_step == 7);
  CHECK(decimator.series().buckets[1].min == -1.5);
  // Only non-finite values: nothing to draw.
  StreamingDecimator empty;
  empty.add(1, std::numeric_limits<double>::quiet_NaN());
  CHECK(empty.series().buckets.empty());
}

TEST_CASE("adding a consecutive block gives the same buckets as adding each value", "[decimator]") {
  for (std::size_t max_buckets : {2u, 5u, 64u}) {
    StreamingDecimator one_by_one(max_buckets), in_blocks(max_buckets);
    std::vector<double> block;
    std::uint64_t step = 3;
    for (std::size_t block_size : {1u, 7u, 300u, 2u, 4096u, 33u, 10000u}) {
      block.clear();
      for (std::size_t k = 0; k < block_size; ++k) {
        double value = wiggle(step + k);
        if ((step + k) % 97 == 0) value = std::numeric_limits<double>::quiet_NaN();
        block.push_back(value);
        one_by_one.add(step + k, value);
      }
      sgl::add_consecutive(in_blocks, step, block.data(), block.size());
      step += block_size;
    }
    const DecimatedSeries& expected = one_by_one.series();
    const DecimatedSeries& actual = in_blocks.series();
    INFO("max_buckets = " << max_buckets);
    CHECK(actual.bucket_width == expected.bucket_width);
    REQUIRE(actual.buckets.size() == expected.buckets.size());
    for (std::size_t k = 0; k < expected.buckets.size(); ++k) {
      CHECK(actual.buckets[k].first_step == expected.buckets[k].first_step);
      CHECK(actual.buckets[k].min == expected.buckets[k].min);
      CHECK(actual.buckets[k].max == expected.buckets[k].max);
      CHECK(actual.buckets[k].first == expected.buckets[k].first);
      CHECK(actual.buckets[k].last == expected.buckets[k].last);
    }
  }
}
