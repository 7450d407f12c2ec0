#include "core/diagnostics/divergence_marks.hpp"

#include <algorithm>

namespace sgl {

DivergenceMarks::DivergenceMarks(std::size_t capacity)
    : capacity_(std::max<std::size_t>(capacity, 2)) {}

void DivergenceMarks::add(std::uint64_t step) {
  if (count_ > 0 && step == last_step_) return;
  ++count_;
  last_step_ = step;
  if (!steps_.empty() && steps_.back() / bucket_width_ == step / bucket_width_) return;
  steps_.push_back(step);
  if (steps_.size() <= capacity_) return;
  // Coarsen: twice as wide buckets, keeping the first mark of each.
  bucket_width_ *= 2;
  std::size_t kept = 0;
  for (std::size_t k = 0; k < steps_.size(); ++k) {
    if (kept > 0 && steps_[kept - 1] / bucket_width_ == steps_[k] / bucket_width_) continue;
    steps_[kept++] = steps_[k];
  }
  steps_.resize(kept);
}

void DivergenceMarks::clear() {
  count_ = 0;
  bucket_width_ = 1;
  last_step_ = 0;
  steps_.clear();
}

}  // namespace sgl
