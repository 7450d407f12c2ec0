// Streaming histograms with fixed bins: O(1) per draw and memory bounded by the bin count, so
// they can run for the whole of a long chain. Draws outside the range are counted, never
// dropped, so densities and distances to the truth stay normalised over all draws.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace sgl {

// Equal-width bins over [lo, hi); bin i is [lo + i·w, lo + (i+1)·w). x == hi is overflow.
class Histogram1D {
 public:
  // Throws std::invalid_argument unless lo < hi (both finite) and bins ≥ 1.
  explicit Histogram1D(double lo, double hi, int bins);

  // −∞ and values below lo go to underflow; +∞, values ≥ hi and NaN go to overflow (NaN has
  // to be counted somewhere outside the bins so that it still lowers the inside fractions).
  void add(double x) {
    const double scaled = (x - lo_) * inverse_width_;
    if (scaled >= 0.0 && scaled < static_cast<double>(bins_)) {
      ++counts_[static_cast<std::size_t>(scaled)];
    } else if (scaled < 0.0) {
      ++underflow_;
    } else {
      ++overflow_;
    }
  }
  void add(const double* x, std::size_t n);
  // Strided input, e.g. one coordinate of row-major draws: x[0], x[stride], ...
  void add(const double* x, std::size_t n, std::size_t stride);
  // Adds another histogram's counts; throws std::invalid_argument unless the bins are identical.
  void merge(const Histogram1D& other);
  void clear();

  double lo() const { return lo_; }
  double hi() const { return hi_; }
  int bins() const { return bins_; }
  double bin_width() const { return (hi_ - lo_) / bins_; }
  double bin_lo(int bin) const { return lo_ + bin * bin_width(); }
  double bin_center(int bin) const { return lo_ + (bin + 0.5) * bin_width(); }

  const std::vector<std::uint64_t>& counts() const { return counts_; }
  std::uint64_t count(int bin) const { return counts_[static_cast<std::size_t>(bin)]; }
  std::uint64_t underflow() const { return underflow_; }
  std::uint64_t overflow() const { return overflow_; }
  std::uint64_t inside() const;
  std::uint64_t total() const { return inside() + underflow_ + overflow_; }

  // count / (total · width), total including the draws outside: integrates to the inside
  // fraction, comparable with a true density on the same range. Zero when empty.
  double density(int bin) const;
  std::vector<double> densities() const;

 private:
  double lo_;
  double hi_;
  int bins_;
  double inverse_width_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t underflow_ = 0;
  std::uint64_t overflow_ = 0;
};

// Equal-size cells over [x_lo, x_hi) × [y_lo, y_hi); counts are row-major with x fastest:
// cell (i, j) — column i along x, row j along y — is counts()[j · x_bins + i].
// A draw outside the rectangle in either coordinate (or NaN) counts once as `outside`.
class Histogram2D {
 public:
  // Throws std::invalid_argument unless both ranges are finite and non-empty and bins ≥ 1.
  explicit Histogram2D(double x_lo, double x_hi, int x_bins, double y_lo, double y_hi, int y_bins);

  void add(double x, double y) {
    const double sx = (x - x_lo_) * inverse_width_x_;
    const double sy = (y - y_lo_) * inverse_width_y_;
    if (sx >= 0.0 && sx < static_cast<double>(x_bins_) && sy >= 0.0 &&
        sy < static_cast<double>(y_bins_)) {
      ++counts_[static_cast<std::size_t>(sy) * static_cast<std::size_t>(x_bins_) +
                static_cast<std::size_t>(sx)];
    } else {
      ++outside_;
    }
  }
  // n points stored as (x, y) pairs: xy[2k], xy[2k + 1].
  void add_pairs(const double* xy, std::size_t n);
  // n points of dimension `stride` (row-major draws); uses coordinates x_coord and y_coord.
  void add(const double* draws, std::size_t n, std::size_t stride, std::size_t x_coord,
           std::size_t y_coord);
  void merge(const Histogram2D& other);
  void clear();

  double x_lo() const { return x_lo_; }
  double x_hi() const { return x_hi_; }
  double y_lo() const { return y_lo_; }
  double y_hi() const { return y_hi_; }
  int x_bins() const { return x_bins_; }
  int y_bins() const { return y_bins_; }
  double cell_width() const { return (x_hi_ - x_lo_) / x_bins_; }
  double cell_height() const { return (y_hi_ - y_lo_) / y_bins_; }
  double cell_area() const { return cell_width() * cell_height(); }

  const std::vector<std::uint64_t>& counts() const { return counts_; }
  std::uint64_t count(int i, int j) const {
    return counts_[static_cast<std::size_t>(j) * static_cast<std::size_t>(x_bins_) +
                   static_cast<std::size_t>(i)];
  }
  std::uint64_t outside() const { return outside_; }
  std::uint64_t inside() const;
  std::uint64_t total() const { return inside() + outside_; }

  // count / (total · cell area), total including the draws outside. Zero when empty.
  double density(int i, int j) const;
  std::vector<double> densities() const;  // same layout as counts()

 private:
  double x_lo_, x_hi_, y_lo_, y_hi_;
  int x_bins_, y_bins_;
  double inverse_width_x_, inverse_width_y_;
  std::vector<std::uint64_t> counts_;
  std::uint64_t outside_ = 0;
};

}  // namespace sgl
