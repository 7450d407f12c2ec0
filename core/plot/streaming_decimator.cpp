#include "core/plot/streaming_decimator.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace sgl {
namespace {

// Widths are powers of two (they start at 1 and only double), so slots are shifts: this runs
// for every value of a long trace and a 64-bit division would cost as much as a sampler step.
std::uint64_t slot_of(std::uint64_t step, std::uint64_t origin, std::uint64_t width) {
  return (step - origin) >> std::countr_zero(width);
}

// First step after the last bucket's slot.
std::uint64_t end_of_last_bucket(const DecimatedSeries& series, std::uint64_t origin) {
  const std::uint64_t width = series.bucket_width;
  return origin + ((slot_of(series.buckets.back().first_step, origin, width) + 1)
                   << std::countr_zero(width));
}

void extend(DecimatedBucket& bucket, double value) {
  bucket.min = std::min(bucket.min, value);
  bucket.max = std::max(bucket.max, value);
  bucket.last = value;
}

}  // namespace

// Buckets are aligned on the first step ever added: bucket k covers steps
// [origin + k·width, origin + (k+1)·width). Only non-empty buckets are stored (gaps in the
// stream — skipped non-finite values, draws a ring buffer dropped — leave no empty buckets), so
// a stored bucket's slot is recovered from its first step.
StreamingDecimator::StreamingDecimator(std::size_t max_buckets)
    : max_buckets_(std::max<std::size_t>(max_buckets, 2)) {
  series_.buckets.reserve(max_buckets_);
}

void StreamingDecimator::add(std::uint64_t step, double value) {
  if (!std::isfinite(value)) return;
  auto& buckets = series_.buckets;
  // Fast path (almost every value of a long run): the step falls in the last bucket. A step
  // before it (a misuse: steps must increase) also joins it rather than breaking the order.
  if (!buckets.empty() && step < end_of_last_bucket(series_, origin_step_)) {
    extend(buckets.back(), value);
    return;
  }
  if (!started_) {
    started_ = true;
    origin_step_ = step;
  }
  std::uint64_t slot = slot_of(step, origin_step_, series_.bucket_width);
  while (slot >= max_buckets_) {
    merge_pairs();
    slot /= 2;
  }
  if (!buckets.empty() && step < end_of_last_bucket(series_, origin_step_)) {
    extend(buckets.back(), value);  // merging widened the last bucket
    return;
  }
  buckets.push_back({step, value, value, value, value});
}

void StreamingDecimator::merge_pairs() {
  // Slots 2j and 2j+1 become slot j of the doubled width; the first bucket of each pair keeps
  // its first step and value, the second contributes its extremes and last value.
  auto& buckets = series_.buckets;
  const std::uint64_t width = series_.bucket_width;
  std::size_t out = 0;
  for (std::size_t in = 0; in < buckets.size(); ++in) {
    const std::uint64_t merged_slot = slot_of(buckets[in].first_step, origin_step_, width) / 2;
    if (out > 0) {
      DecimatedBucket& previous = buckets[out - 1];
      if (slot_of(previous.first_step, origin_step_, width) / 2 == merged_slot) {
        previous.min = std::min(previous.min, buckets[in].min);
        previous.max = std::max(previous.max, buckets[in].max);
        previous.last = buckets[in].last;
        continue;
      }
    }
    buckets[out++] = buckets[in];
  }
  buckets.resize(out);
  series_.bucket_width = 2 * width;
}

void StreamingDecimator::clear() {
  series_.buckets.clear();
  series_.bucket_width = 1;
  origin_step_ = 0;
  started_ = false;
}

}  // namespace sgl
