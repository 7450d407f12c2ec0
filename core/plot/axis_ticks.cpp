#include "core/plot/axis_ticks.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <utility>

#include "core/util/text_format.hpp"

namespace sgl {
namespace {

// A bound within this many steps of a tick counts as on it (as nice_ticks).
constexpr double kOnTickEpsilon = 1e-9;
// Beyond this many steps from zero, integer × step no longer resolves neighbouring ticks.
constexpr double kMaxStepsFromZero = 1e15;

struct Mantissa {
  double value;
  double penalty;  // less familiar steps must earn their place (scores below)
};
// 1/2/5 read best; 2.5 next (matplotlib's default set); 1.5, 3 and 4 rescue narrow axes where
// 1/2/5 give two labels or four that do not fit (e.g. [0, 3e5] in 120 px: 0, 150k, 300k).
constexpr std::array<Mantissa, 7> kMantissas{
    {{1.0, 0.0}, {1.5, 0.9}, {2.0, 0.0}, {2.5, 0.5}, {3.0, 0.9}, {4.0, 0.9}, {5.0, 0.0}}};

// Penalties: the plain form reads best; a common factor asks the reader to look elsewhere.
constexpr std::array<std::pair<TickFormat, double>, 4> kFormats{{{TickFormat::Plain, 0.0},
                                                                 {TickFormat::Suffix, 0.3},
                                                                 {TickFormat::Scientific, 0.4},
                                                                 {TickFormat::Scaled, 1.0}}};

int step_exponent(double step) {
  return static_cast<int>(std::floor(std::log10(step) + kOnTickEpsilon));
}

// Decimals that write every multiple of `step` exactly (1.5e-3 → 4, 2500 → 0).
int decimals_for(double step) {
  for (int decimals = 0; decimals < 15; ++decimals) {
    const double scaled = step * std::pow(10.0, decimals);
    if (std::abs(scaled - std::round(scaled)) <= 1e-6 * scaled) return decimals;
  }
  return 15;
}

std::string trim_trailing_zeros(std::string text) {
  const std::size_t exponent = text.find('e');
  std::string tail;
  if (exponent != std::string::npos) {
    tail = text.substr(exponent);
    text.resize(exponent);
  }
  if (text.find('.') != std::string::npos) {
    while (text.back() == '0') text.pop_back();
    if (text.back() == '.') text.pop_back();
  }
  return text + tail;
}

std::string fixed(double value, int decimals) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
  std::string text = trim_trailing_zeros(buffer);
  return text == "-0" ? "0" : text;
}

std::string scientific(double value, double step) {
  int exponent = static_cast<int>(std::floor(std::log10(std::abs(value))));
  const double unit = std::pow(10.0, exponent);
  int decimals = std::min(decimals_for(step / unit), 12);
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value / unit);
  // Rounding can carry the mantissa to 10 (9.99 → "10.0"); renormalise so it reads "1e{k+1}".
  if (std::abs(std::strtod(buffer, nullptr)) >= 10.0) {
    ++exponent;
    decimals = std::max(decimals - 1, 0);
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value / (unit * 10.0));
  }
  return trim_trailing_zeros(buffer) + "e" + std::to_string(exponent);
}

bool applicable(TickFormat format, double step, double magnitude) {
  switch (format) {
    case TickFormat::Plain:  // beyond these, digits are hard to count: 0.00001, 3000000
      return magnitude < 1e6 && step >= 1e-4;
    case TickFormat::Suffix:
      return step >= 100.0 && magnitude >= 1000.0 && magnitude < 1e15;
    case TickFormat::Scientific:
      return true;
    case TickFormat::Scaled:  // a factor of 10⁰ is the plain form
      return step_exponent(step) != 0;
  }
  return false;
}

struct Candidate {
  AxisTicks ticks;
  int labelled = 0;
  double label_extent = 0.0;  // sum over the labels shown
  double score = 0.0;
};

// Labels `values` in `format`; false when two labels would come closer than `gap`.
bool label_ticks(const AxisTickRequest& request, const TickLabelMeasure& measure, double gap,
                 TickFormat format, Candidate& candidate) {
  const Ticks& ticks = candidate.ticks.ticks;
  std::vector<std::string>& labels = candidate.ticks.labels;
  labels.assign(ticks.values.size(), std::string());
  const double scale = request.pixels / (request.hi - request.lo);
  double previous_end = -std::numeric_limits<double>::infinity();
  candidate.labelled = 0;
  candidate.label_extent = 0.0;
  for (std::size_t k = 0; k < ticks.values.size(); ++k) {
    std::string text = format_tick_as(ticks.values[k], ticks.step, format);
    const double extent = measure(text);
    const double at = (ticks.values[k] - request.lo) * scale;
    const double begin = at - 0.5 * extent;
    const double end = at + 0.5 * extent;
    // Stacked y labels only need their own height; x labels must stay inside the room.
    if (request.horizontal &&
        (begin < -request.room_before || end > request.pixels + request.room_after))
      continue;
    if (begin < previous_end + gap) return false;
    previous_end = end;
    labels[k] = std::move(text);
    ++candidate.labelled;
    candidate.label_extent += extent;
  }
  candidate.ticks.format = format;
  candidate.ticks.multiplier =
      format == TickFormat::Scaled ? tick_multiplier(ticks.step) : std::string();
  return true;
}

}  // namespace

int AxisTicks::labelled() const {
  return static_cast<int>(std::count_if(labels.begin(), labels.end(),
                                        [](const std::string& label) { return !label.empty(); }));
}

std::string format_tick_as(double value, double step, TickFormat format) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
  if (!(step > 0.0) || !std::isfinite(step)) return format_tick(value, 0.0);
  // Anything far below the step is a rounding residue of a zero tick (e.g. 3 × 0.1 − 0.3).
  if (std::abs(value) < kOnTickEpsilon * step) return "0";
  switch (format) {
    case TickFormat::Plain:
      return fixed(value, decimals_for(step));
    case TickFormat::Suffix: {
      static constexpr std::array<const char*, 4> kSuffixes{"k", "M", "G", "T"};
      // The unit from twice the step: steps of 5 × 10^k print as halves of the next unit
      // (0.5M, 1M, 2.5M rather than 500k, 1000k, 2500k).
      const int thousands = std::clamp(
          static_cast<int>(std::floor(std::log10(2.0 * step) / 3.0 + kOnTickEpsilon)), 1, 4);
      const double unit = std::pow(1000.0, thousands);
      return fixed(value / unit, decimals_for(step / unit)) +
             kSuffixes[static_cast<std::size_t>(thousands - 1)];
    }
    case TickFormat::Scientific:
      return scientific(value, step);
    case TickFormat::Scaled: {
      const double unit = std::pow(10.0, step_exponent(step));
      return fixed(value / unit, decimals_for(step / unit));
    }
  }
  return format_tick(value, step);
}

std::string tick_multiplier(double step) {
  if (!(step > 0.0) || !std::isfinite(step)) return {};
  return "×" + power_of_ten(step_exponent(step));
}

AxisTicks choose_ticks(const AxisTickRequest& request_in, const TickLabelMeasure& measure) {
  AxisTickRequest request = request_in;
  if (!std::isfinite(request.lo) || !std::isfinite(request.hi)) return {};
  if (request.lo > request.hi) std::swap(request.lo, request.hi);
  const double span = request.hi - request.lo;
  const double magnitude = std::max(std::abs(request.lo), std::abs(request.hi));
  if (!std::isfinite(span)) return {};
  if (!(span > 0.0) || magnitude / span > kMaxStepsFromZero || !(request.pixels > 0.0)) {
    AxisTicks single;
    single.ticks = {{request.lo}, 0.0};
    single.labels = {format_tick(request.lo, 0.0)};
    return single;
  }
  const double font = std::max(request.font, 1.0);
  // Side by side, labels need a clear gap to read as separate numbers; stacked ones are already
  // apart by the font's line spacing.
  const double gap = (request.horizontal ? 0.5 : 0.25) * font;
  // Beyond about eight ticks a long axis (2560 px wide) reads as a ruler, not as a scale.
  const double target = std::clamp(request.pixels / ((request.horizontal ? 5.5 : 3.2) * font), 3.0,
                                   kPreferredMostTicks);
  // No label is narrower than a digit and the gap, so denser steps cannot fit; and steps much
  // denser than the target are never the best choice; and never more than kMostTicks.
  const double densest =
      std::min({request.pixels / (1.1 * font), 2.5 * target, double(kMostTicks) - 1.0});
  const int first_decade = static_cast<int>(std::floor(std::log10(span / std::max(densest, 1.0))));
  const int last_decade = static_cast<int>(std::ceil(std::log10(span)));

  Candidate best;
  bool found = false;
  int most_labelled = 0;
  std::vector<Candidate> fitting;
  for (int decade = first_decade; decade <= last_decade; ++decade) {
    for (const Mantissa& mantissa : kMantissas) {
      const double step = mantissa.value * std::pow(10.0, decade);
      const double first = std::ceil(request.lo / step - kOnTickEpsilon);
      const double last = std::floor(request.hi / step + kOnTickEpsilon);
      const double count = last - first + 1.0;
      if (count < 1.0 || count > densest + 1.0) continue;
      Candidate candidate;
      candidate.ticks.ticks.step = step;
      for (double k = first; k <= last; k += 1.0)
        candidate.ticks.ticks.values.push_back(k == 0.0 ? 0.0 : k * step);
      for (const auto& [format, format_penalty] : kFormats) {
        if (!applicable(format, step, magnitude)) continue;
        if (!label_ticks(request, measure, gap, format, candidate)) continue;
        if (candidate.labelled == 0) continue;
        // Labels filling more than 60% of the axis read as a wall of digits.
        const double crowding = std::max(0.0, candidate.label_extent / request.pixels - 0.6);
        candidate.score = std::abs(std::log(candidate.labelled / target)) + mantissa.penalty +
                          format_penalty + 2.0 * crowding;
        most_labelled = std::max(most_labelled, candidate.labelled);
        fitting.push_back(candidate);
      }
    }
  }
  // "26 27 28 ×10⁻²" for 0.26–0.28 puzzled newcomers, who read two plain labels (0.26, 0.28) at
  // once: a factor of 10 or 100 is used only where other forms cannot label two ticks.
  const auto small_factor = [](const Candidate& candidate) {
    return candidate.ticks.format == TickFormat::Scaled &&
           std::abs(step_exponent(candidate.ticks.ticks.step)) < 3;
  };
  int most_without_small_factor = 0;
  for (const Candidate& candidate : fitting)
    if (!small_factor(candidate))
      most_without_small_factor = std::max(most_without_small_factor, candidate.labelled);
  if (most_without_small_factor >= 2) {
    std::erase_if(fitting, small_factor);
    most_labelled = most_without_small_factor;
  }
  // Three labelled ticks whenever any choice gives them; among those, the best score.
  const int needed = std::min(3, most_labelled);
  for (Candidate& candidate : fitting) {
    if (candidate.labelled < needed) continue;
    if (!found || candidate.score < best.score) {
      best = std::move(candidate);
      found = true;
    }
  }
  if (found) return best.ticks;
  // Nothing fits at all (an axis shorter than one label): the middle tick of a coarse step,
  // unlabelled ticks elsewhere.
  AxisTicks fallback;
  fallback.ticks = nice_ticks(request.lo, request.hi, 2);
  fallback.labels.assign(fallback.ticks.values.size(), std::string());
  if (!fallback.labels.empty()) {
    const std::size_t middle = fallback.labels.size() / 2;
    std::string text =
        format_tick_as(fallback.ticks.values[middle], fallback.ticks.step, TickFormat::Scientific);
    const double at = (fallback.ticks.values[middle] - request.lo) / span * request.pixels;
    const double half = 0.5 * measure(text);
    const bool fits = !request.horizontal || (at - half >= -request.room_before &&
                                              at + half <= request.pixels + request.room_after);
    if (fits) fallback.labels[middle] = std::move(text);
  }
  return fallback;
}

}  // namespace sgl
