// Where a chain diverged, in bounded memory: every divergent step while there are few; beyond
// the capacity, one mark (the first divergent step) per bucket of `bucket_width()` consecutive
// steps, the width doubling as needed. So however many divergences a long run has, every
// stretch of it that diverged keeps a mark, and the count stays exact.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sgl {

class DivergenceMarks {
 public:
  explicit DivergenceMarks(std::size_t capacity = 4096);
  // Steps arrive in non-decreasing order; the same step twice counts once.
  void add(std::uint64_t step);
  void clear();
  std::uint64_t count() const { return count_; }
  std::uint64_t bucket_width() const { return bucket_width_; }        // 1: every step is kept
  const std::vector<std::uint64_t>& steps() const { return steps_; }  // ascending

 private:
  std::size_t capacity_;
  std::uint64_t count_ = 0;
  std::uint64_t bucket_width_ = 1;
  std::uint64_t last_step_ = 0;
  std::vector<std::uint64_t> steps_;
};

}  // namespace sgl
