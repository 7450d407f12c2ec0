#include "core/plot/plot_math.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <utility>

namespace sgl {

namespace {

// Tolerance, in units of the step, for deciding that a bound sits exactly on a tick.
constexpr double kOnTickEpsilon = 1e-9;
// Beyond this many steps from zero, integer × step no longer resolves neighbouring ticks.
constexpr double kMaxStepsFromZero = 1e15;

struct TickIndexRange {
  double first = 0.0;
  double last = -1.0;
  double count() const { return last - first + 1.0; }
};

TickIndexRange tick_indices(double lo, double hi, double step) {
  return {std::ceil(lo / step - kOnTickEpsilon), std::floor(hi / step + kOnTickEpsilon)};
}

std::string trim_trailing_zeros(std::string text) {
  if (text.find('.') == std::string::npos) return text;
  while (text.back() == '0') text.pop_back();
  if (text.back() == '.') text.pop_back();
  return text;
}

std::string printf_fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  std::string text = trim_trailing_zeros(buffer);
  if (text == "-0") text = "0";
  return text;
}

std::string format_scientific(double value, double step) {
  int exponent = static_cast<int>(std::floor(std::log10(std::abs(value))));
  const int step_exponent = static_cast<int>(std::floor(std::log10(step) + kOnTickEpsilon));
  const int decimals = std::clamp(exponent - step_exponent, 0, 15);
  double mantissa = value / std::pow(10.0, exponent);
  // Rounding can carry the mantissa to 10 (9.99 → "10.0"); renormalise so it reads "1e{k+1}".
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, mantissa);
  if (std::abs(std::strtod(buffer, nullptr)) >= 10.0) {
    ++exponent;
    mantissa /= 10.0;
    std::snprintf(buffer, sizeof buffer, "%.*f", std::max(decimals - 1, 0), mantissa);
  }
  return trim_trailing_zeros(buffer) + "e" + std::to_string(exponent);
}

}  // namespace

Range pad_range(Range range, double pad_fraction) {
  if (range.lo > range.hi) std::swap(range.lo, range.hi);
  const double span = range.hi - range.lo;
  if (span > 0.0) return {range.lo - pad_fraction * span, range.hi + pad_fraction * span};
  const double half = range.lo != 0.0 ? 0.1 * std::abs(range.lo) : 0.5;
  return {range.lo - half, range.hi + half};
}

Range fit_range(const double* y, std::size_t n, double pad_fraction) {
  double lo = std::numeric_limits<double>::infinity();
  double hi = -std::numeric_limits<double>::infinity();
  for (std::size_t i = 0; i < n; ++i) {
    if (!std::isfinite(y[i])) continue;
    lo = std::min(lo, y[i]);
    hi = std::max(hi, y[i]);
  }
  if (lo > hi) return {};
  return pad_range({lo, hi}, pad_fraction);
}

Ticks nice_ticks(double lo, double hi, int target_count) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) return {};
  if (lo > hi) std::swap(lo, hi);
  const double span = hi - lo;
  if (!std::isfinite(span)) return {};  // e.g. [−1e308, 1e308]: no representable step
  const double magnitude = std::max(std::abs(lo), std::abs(hi));
  if (!(span > 0.0) || magnitude / span > kMaxStepsFromZero) return {{lo}, 0.0};

  const double target = std::max(target_count, 1);
  // Candidates around span / target; a decade either side covers every 1/2/5 choice that
  // could win.
  const double decade = std::pow(10.0, std::floor(std::log10(span / target)));
  double best_step = 0.0;
  double best_miss = std::numeric_limits<double>::infinity();
  for (double scale : {0.1, 1.0, 10.0}) {
    for (double mantissa : {1.0, 2.0, 5.0}) {
      const double step = mantissa * scale * decade;
      const double count = tick_indices(lo, hi, step).count();
      const double miss = std::abs(count - target);
      if (miss < best_miss || (miss == best_miss && step < best_step)) {
        best_miss = miss;
        best_step = step;
      }
    }
  }

  Ticks ticks;
  ticks.step = best_step;
  const TickIndexRange indices = tick_indices(lo, hi, best_step);
  for (double k = indices.first; k <= indices.last; k += 1.0) {
    // k == 0 gives exactly 0.0 (not -0.0), so "0" labels never carry a sign.
    ticks.values.push_back(k == 0.0 ? 0.0 : k * best_step);
  }
  return ticks;
}

std::string format_tick(double value, double step) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (!(step > 0.0) || !std::isfinite(step)) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return std::string(buffer) == "-0" ? "0" : buffer;
  }
  // Anything far below the step is a rounding residue of a zero tick (e.g. 3 × 0.1 − 0.3).
  if (std::abs(value) < kOnTickEpsilon * step) return "0";
  if (step < 1e-3 || std::abs(value) >= 1e5) return format_scientific(value, step);
  const int decimals =
      std::max(0, -static_cast<int>(std::floor(std::log10(step) + kOnTickEpsilon)));
  return printf_fixed(value, decimals);
}

std::vector<MinMaxColumn> minmax_decimate(const double* y, std::size_t n, std::size_t columns) {
  const std::size_t groups = std::min(columns, n);
  std::vector<MinMaxColumn> result(groups);
  for (std::size_t c = 0; c < groups; ++c) {
    const std::size_t begin = c * n / groups;
    const std::size_t end = (c + 1) * n / groups;
    double lo = std::numeric_limits<double>::quiet_NaN();
    double hi = lo;
    for (std::size_t i = begin; i < end; ++i) {
      if (std::isnan(y[i])) continue;
      if (!(y[i] >= lo)) lo = y[i];  // the negated test also replaces the initial NaN
      if (!(y[i] <= hi)) hi = y[i];
    }
    result[c] = {lo, hi, begin};
  }
  return result;
}

std::vector<double> mass_contour_levels(const std::vector<double>& log_density,
                                        const std::vector<double>& shares) {
  std::vector<double> finite;
  finite.reserve(log_density.size());
  for (double value : log_density)
    if (std::isfinite(value)) finite.push_back(value);
  if (finite.empty()) return {};
  std::sort(finite.begin(), finite.end(), std::greater<>());
  const double top = finite.front();
  std::vector<double> cumulative(finite.size());
  double total = 0.0;
  for (std::size_t k = 0; k < finite.size(); ++k) {
    total += std::exp(finite[k] - top);
    cumulative[k] = total;
  }
  std::vector<double> levels;
  for (double share : shares) {
    const auto at = std::lower_bound(cumulative.begin(), cumulative.end(), share * total);
    const std::size_t k = std::min<std::size_t>(at - cumulative.begin(), finite.size() - 1);
    levels.push_back(finite[k]);
  }
  return levels;
}

std::vector<double> contour_levels(double min, double max, int count) {
  if (count <= 0 || !(min < max) || !std::isfinite(min) || !std::isfinite(max)) return {};
  std::vector<double> levels(static_cast<std::size_t>(count));
  const double spacing = (max - min) / (count + 1);
  for (int k = 1; k <= count; ++k) levels[static_cast<std::size_t>(k - 1)] = min + k * spacing;
  return levels;
}

}  // namespace sgl
