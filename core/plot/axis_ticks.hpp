// Choosing an axis's ticks and their labels for the pixels it has: the pure arithmetic behind
// every plot axis (GUI and SVG), kept free of ImGui so it is unit-tested without a display. The
// caller supplies how wide (x) or tall (y) a label is; the chooser picks the step and the label
// form (plain "20000", compact "20k", scientific "2e4") so that labels never overlap and an axis
// of about six font sizes still carries at least three labelled ticks.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/plot/plot_math.hpp"

namespace sgl {

// How a tick's value is written.
enum class TickFormat {
  Plain,       // "0.25", "-3", "12000": fixed point, decimals from the step
  Suffix,      // "20k", "1.5M", "3G": thousands → k, millions → M, …
  Scientific,  // "2e4", "2.5e-8"
  Scaled,      // "1", "2", "3" with a common factor ("×10⁻³") shown once, by the axis title
};

// The label of `value` on an axis whose ticks are `step` apart, in `format`. Never "-0".
std::string format_tick_as(double value, double step, TickFormat format);
// The common factor of TickFormat::Scaled labels for `step`: "×10⁻³", "×10⁴".
std::string tick_multiplier(double step);

// An axis carries at most this many ticks however long it is (a 2560 px plot included), and
// prefers kPreferredMostTicks.
constexpr int kMostTicks = 10;
constexpr double kPreferredMostTicks = 8.0;

struct AxisTickRequest {
  double lo = 0.0, hi = 1.0;  // data range shown
  double pixels = 100.0;      // axis length
  bool horizontal = true;     // x: labels side by side; y: labels stacked
  double font = 20.0;         // font size in pixels: sets gaps and the preferred tick spacing
  // Pixels beyond each end that a label may still use (x: half a label may stick out; negative
  // when something else, e.g. the axis title, takes the end of the label row).
  double room_before = 0.0, room_after = 0.0;
};

// Extent of a label along the axis in pixels: its width on x, its height on y.
using TickLabelMeasure = std::function<double(const std::string&)>;

struct AxisTicks {
  Ticks ticks;                      // every tick (grid lines), ascending
  std::vector<std::string> labels;  // one per tick; empty: the tick is not labelled
  TickFormat format = TickFormat::Plain;
  std::string multiplier;  // Scaled: the factor to show next to the axis title; else empty
  int labelled() const;
};

// Ticks for the request: a 1/2/5 × 10^k step where one serves (2.5, 1.5, 3 or 4 × 10^k only
// when no 1/2/5 step gives three labelled ticks), labels in the most readable form that keeps
// neighbours at least half a font size apart (a quarter when stacked), tick count as close as
// possible to one per ~5.5 font sizes (x) or ~3.2 (y), at most kMostTicks. Labels that would leave
// the room at the ends are dropped (the tick keeps its grid line). Non-finite bounds give no ticks;
// a range too narrow to label distinctly gives one tick.
AxisTicks choose_ticks(const AxisTickRequest& request, const TickLabelMeasure& measure);

}  // namespace sgl
