// A histogram of draws weighted by w = exp(log w), kept relative to the largest log w seen so far
// so that no weight overflows (bins are rescaled when a larger one arrives): the self-normalised
// importance-weighted density Σ_{bin} w / (Σ w · width) of a variational sampler's draws, and the
// weights' Kish effective sample size (Σw)² / Σw². Non-finite log weights are skipped.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <vector>

namespace sgl {

class WeightedHistogram1D {
 public:
  WeightedHistogram1D() = default;
  WeightedHistogram1D(double lo, double hi, int bins)
      : lo_(lo), hi_(hi), sums_(static_cast<std::size_t>(bins), 0.0) {}

  void add(double x, double log_weight) {
    if (!std::isfinite(log_weight)) return;
    if (log_weight > reference_) rescale(log_weight);
    const double w = std::exp(log_weight - reference_);
    total_ += w;
    squares_ += w * w;
    const double scaled = (x - lo_) / (hi_ - lo_) * static_cast<double>(sums_.size());
    if (scaled >= 0.0 && scaled < static_cast<double>(sums_.size()))
      sums_[static_cast<std::size_t>(scaled)] += w;
  }
  void clear() {
    std::fill(sums_.begin(), sums_.end(), 0.0);
    total_ = squares_ = 0.0;
    reference_ = -std::numeric_limits<double>::infinity();
  }

  int bins() const { return static_cast<int>(sums_.size()); }
  double lo() const { return lo_; }
  double hi() const { return hi_; }
  bool empty() const { return !(total_ > 0.0); }
  // Weighted density per bin: the weight in the bin / (all weight, outside the bins too · width).
  std::vector<double> densities() const {
    std::vector<double> heights(sums_.size(), 0.0);
    if (empty()) return heights;
    const double width = (hi_ - lo_) / static_cast<double>(sums_.size());
    for (std::size_t bin = 0; bin < sums_.size(); ++bin)
      heights[bin] = sums_[bin] / (total_ * width);
    return heights;
  }
  double kish_ess() const { return empty() ? 0.0 : total_ * total_ / squares_; }

 private:
  void rescale(double reference) {
    const double factor =
        std::isfinite(reference_) ? std::exp(reference_ - reference) : 0.0;  // ≤ 1
    for (double& sum : sums_) sum *= factor;
    total_ *= factor;
    squares_ *= factor * factor;
    reference_ = reference;
  }

  double lo_ = 0.0, hi_ = 1.0;
  std::vector<double> sums_;
  double total_ = 0.0, squares_ = 0.0;
  double reference_ = -std::numeric_limits<double>::infinity();
};

}  // namespace sgl
