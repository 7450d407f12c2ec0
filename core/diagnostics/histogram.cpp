#include "core/diagnostics/histogram.hpp"

#include <cmath>
#include <numeric>
#include <stdexcept>
#include <string>

namespace sgl {

namespace {

void check_range(double lo, double hi, int bins, const char* what) {
  if (!(std::isfinite(lo) && std::isfinite(hi) && lo < hi) || bins < 1) {
    throw std::invalid_argument(std::string(what) + ": need finite lo < hi and bins >= 1");
  }
}

std::uint64_t sum(const std::vector<std::uint64_t>& counts) {
  return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

void add_counts(std::vector<std::uint64_t>& into, const std::vector<std::uint64_t>& from) {
  for (std::size_t i = 0; i < into.size(); ++i) into[i] += from[i];
}

}  // namespace

Histogram1D::Histogram1D(double lo, double hi, int bins) : lo_(lo), hi_(hi), bins_(bins) {
  check_range(lo, hi, bins, "Histogram1D");
  inverse_width_ = bins / (hi - lo);
  counts_.assign(static_cast<std::size_t>(bins), 0);
}

void Histogram1D::add(const double* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) add(x[i]);
}

void Histogram1D::add(const double* x, std::size_t n, std::size_t stride) {
  for (std::size_t i = 0; i < n; ++i) add(x[i * stride]);
}

void Histogram1D::merge(const Histogram1D& other) {
  if (other.lo_ != lo_ || other.hi_ != hi_ || other.bins_ != bins_) {
    throw std::invalid_argument("Histogram1D::merge: bins differ");
  }
  add_counts(counts_, other.counts_);
  underflow_ += other.underflow_;
  overflow_ += other.overflow_;
}

void Histogram1D::clear() {
  counts_.assign(counts_.size(), 0);
  underflow_ = 0;
  overflow_ = 0;
}

std::uint64_t Histogram1D::inside() const {
  return sum(counts_);
}

double Histogram1D::density(int bin) const {
  const std::uint64_t n = total();
  if (n == 0) return 0.0;
  return static_cast<double>(count(bin)) / (static_cast<double>(n) * bin_width());
}

std::vector<double> Histogram1D::densities() const {
  std::vector<double> result(counts_.size(), 0.0);
  const std::uint64_t n = total();
  if (n == 0) return result;
  const double scale = 1.0 / (static_cast<double>(n) * bin_width());
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    result[i] = static_cast<double>(counts_[i]) * scale;
  }
  return result;
}

Histogram2D::Histogram2D(double x_lo, double x_hi, int x_bins, double y_lo, double y_hi, int y_bins)
    : x_lo_(x_lo), x_hi_(x_hi), y_lo_(y_lo), y_hi_(y_hi), x_bins_(x_bins), y_bins_(y_bins) {
  check_range(x_lo, x_hi, x_bins, "Histogram2D (x)");
  check_range(y_lo, y_hi, y_bins, "Histogram2D (y)");
  inverse_width_x_ = x_bins / (x_hi - x_lo);
  inverse_width_y_ = y_bins / (y_hi - y_lo);
  counts_.assign(static_cast<std::size_t>(x_bins) * static_cast<std::size_t>(y_bins), 0);
}

void Histogram2D::add_pairs(const double* xy, std::size_t n) {
  for (std::size_t k = 0; k < n; ++k) add(xy[2 * k], xy[2 * k + 1]);
}

void Histogram2D::add(const double* draws, std::size_t n, std::size_t stride, std::size_t x_coord,
                      std::size_t y_coord) {
  for (std::size_t k = 0; k < n; ++k) {
    add(draws[k * stride + x_coord], draws[k * stride + y_coord]);
  }
}

void Histogram2D::merge(const Histogram2D& other) {
  if (other.x_lo_ != x_lo_ || other.x_hi_ != x_hi_ || other.x_bins_ != x_bins_ ||
      other.y_lo_ != y_lo_ || other.y_hi_ != y_hi_ || other.y_bins_ != y_bins_) {
    throw std::invalid_argument("Histogram2D::merge: cells differ");
  }
  add_counts(counts_, other.counts_);
  outside_ += other.outside_;
}

void Histogram2D::clear() {
  counts_.assign(counts_.size(), 0);
  outside_ = 0;
}

std::uint64_t Histogram2D::inside() const {
  return sum(counts_);
}

double Histogram2D::density(int i, int j) const {
  const std::uint64_t n = total();
  if (n == 0) return 0.0;
  return static_cast<double>(count(i, j)) / (static_cast<double>(n) * cell_area());
}

std::vector<double> Histogram2D::densities() const {
  std::vector<double> result(counts_.size(), 0.0);
  const std::uint64_t n = total();
  if (n == 0) return result;
  const double scale = 1.0 / (static_cast<double>(n) * cell_area());
  for (std::size_t k = 0; k < counts_.size(); ++k) {
    result[k] = static_cast<double>(counts_[k]) * scale;
  }
  return result;
}

}  // namespace sgl
