// Min/max decimation of an unbounded stream (Tracy-style plots of long traces) in bounded memory:
// values fall into at most `max_buckets` buckets of equal width (in steps); when the buckets are
// full, neighbours merge pairwise and the width doubles. Each bucket keeps min, max, first and
// last value, so a plot can draw one vertical bar per bucket and join buckets in order.
#pragma once

#include <cstdint>
#include <vector>

namespace sgl {

struct DecimatedBucket {
  std::uint64_t first_step = 0;  // step of the first value in the bucket
  double min = 0.0;
  double max = 0.0;
  double first = 0.0;
  double last = 0.0;
};

struct DecimatedSeries {
  std::uint64_t bucket_width = 1;  // steps per bucket
  std::vector<DecimatedBucket> buckets;
};

class StreamingDecimator {
 public:
  explicit StreamingDecimator(std::size_t max_buckets = 2048);
  // Values must come with increasing steps; non-finite values are skipped.
  void add(std::uint64_t step, double value);
  void clear();
  const DecimatedSeries& series() const { return series_; }

 private:
  void merge_pairs();
  std::size_t max_buckets_;
  DecimatedSeries series_;
  std::uint64_t origin_step_ = 0;
  bool started_ = false;
};

}  // namespace sgl
