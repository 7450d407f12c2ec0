#include "core/diagnostics/autocorrelation.hpp"

#include <algorithm>
#include <complex>

#include <unsupported/Eigen/FFT>

namespace sgl {

namespace {

// Smallest m ≥ n whose only prime factors are 2, 3 and 5: kissfft's fast radices, and up to
// ~40% shorter than the next power of two.
std::size_t next_good_fft_size(std::size_t n) {
  static constexpr std::size_t kRadices[] = {2, 3, 5};
  for (std::size_t m = std::max<std::size_t>(n, 1);; ++m) {
    std::size_t rest = m;
    for (std::size_t factor : kRadices) {
      while (rest % factor == 0) rest /= factor;
    }
    if (rest == 1) return m;
  }
}

// x − x̄, or an empty vector when the series is constant (exact equality: a rounding-level
// spread of a constant would otherwise produce a meaningless ACF of noise).
std::vector<double> centered_or_empty(const double* x, std::size_t n) {
  if (n == 0 || std::all_of(x, x + n, [&](double v) { return v == x[0]; })) return {};
  double mean = 0.0;
  for (std::size_t t = 0; t < n; ++t) mean += x[t];
  mean /= static_cast<double>(n);
  std::vector<double> centered(n);
  for (std::size_t t = 0; t < n; ++t) centered[t] = x[t] - mean;
  return centered;
}

}  // namespace

std::vector<double> autocorrelation(const double* x, std::size_t n, std::size_t max_lag) {
  if (n == 0) return {};
  const std::size_t lags = std::min(max_lag, n - 1) + 1;
  std::vector<double> centered = centered_or_empty(x, n);
  if (centered.empty()) return std::vector<double>(lags, 0.0);

  const std::size_t padded = next_good_fft_size(2 * n);
  centered.resize(padded, 0.0);
  Eigen::FFT<double> fft;
  std::vector<std::complex<double>> spectrum;
  fft.fwd(spectrum, centered);
  for (auto& value : spectrum) value = std::norm(value);  // |F|²: Wiener–Khinchin
  std::vector<double> autocovariance;
  fft.inv(autocovariance, spectrum);

  std::vector<double> result(lags);
  const double lag0 = autocovariance[0];
  for (std::size_t k = 0; k < lags; ++k) result[k] = autocovariance[k] / lag0;
  return result;
}

std::vector<double> autocorrelation(const std::vector<double>& x, std::size_t max_lag) {
  return autocorrelation(x.data(), x.size(), max_lag);
}

std::vector<double> autocorrelation_direct(const double* x, std::size_t n, std::size_t max_lag) {
  if (n == 0) return {};
  const std::size_t lags = std::min(max_lag, n - 1) + 1;
  const std::vector<double> centered = centered_or_empty(x, n);
  if (centered.empty()) return std::vector<double>(lags, 0.0);

  std::vector<double> result(lags);
  for (std::size_t k = 0; k < lags; ++k) {
    double sum = 0.0;
    for (std::size_t t = 0; t + k < n; ++t) sum += centered[t] * centered[t + k];
    result[k] = sum;
  }
  const double lag0 = result[0];
  for (double& value : result) value /= lag0;
  return result;
}

}  // namespace sgl
