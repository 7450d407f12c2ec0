// The pure arithmetic of plotting, shared by the GUI's plot module and the SVG writer: axis
// ticks and their labels, auto-fitted ranges, min/max decimation of long traces, contour levels.
// No drawing here, so all of it is unit-tested without a display.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace sgl {

struct Range {
  double lo = 0.0;
  double hi = 1.0;
};

// Range of the finite values in y[0..n), padded by `pad_fraction` of its span on each side.
// Constant data gets ±10% of its value (±0.5 around 0) so that it still draws as a line inside
// the plot; no finite values gives [0, 1].
Range fit_range(const double* y, std::size_t n, double pad_fraction = 0.05);
// The same padding rule applied to an existing range (lo > hi is swapped first).
Range pad_range(Range range, double pad_fraction = 0.05);

struct Ticks {
  std::vector<double> values;  // ascending, all within [lo, hi]
  double step = 0.0;           // spacing, 1, 2 or 5 × 10^k; 0 for a degenerate range
};

// Ticks at multiples of a 1/2/5 × 10^k step inside [lo, hi], with the step chosen so that the
// number of ticks is as close to `target_count` as possible (ties: more ticks). Tick values are
// computed as integer × step (no accumulated error) and exact zero is hit exactly.
// lo == hi, or a span too small relative to |lo| to label distinctly, gives the single tick lo
// and step 0. Non-finite bounds (or span) give no ticks.
Ticks nice_ticks(double lo, double hi, int target_count);

// Short label for a tick given the axis step: "0", "0.2", "-1.5", "120", "1e-3", "2.5e-4",
// "1.2e6". Scientific when the step is below 1e-3 or the magnitude reaches 1e5; trailing zeros
// are dropped, and "-0" never appears. step ≤ 0 (degenerate axis) prints up to 6 significant
// digits.
std::string format_tick(double value, double step);

// One pixel column of a decimated trace: draw a vertical segment min..max at x = first.
struct MinMaxColumn {
  double min = 0.0;
  double max = 0.0;
  std::size_t first = 0;  // index of the column's first sample
};

// Splits y[0..n) into min(columns, n) contiguous, near-equal groups and keeps each group's
// min and max (NaN skipped; all-NaN group gives NaN): a trace of 10⁷ draws drawn as a few
// thousand segments looks identical to the full line, spikes included (as Tracy does).
std::vector<MinMaxColumn> minmax_decimate(const double* y, std::size_t n, std::size_t columns);

// `count` levels evenly spaced strictly inside (min, max): min + k (max − min)/(count + 1),
// k = 1..count. The end points are left out on purpose — a contour at the maximum is a point
// and one at the minimum (often 0) is the whole plot. Empty if count ≤ 0 or !(min < max).
std::vector<double> contour_levels(double min, double max, int count);

// The levels of log density whose regions {log π ≥ level} hold the given shares of the mass
// (ascending shares give descending levels), from `log_density` on a grid of equal cells that
// holds nearly all of it (the view's framed box): highest-density contours, which read as "half
// the mass is inside this line" and whose outermost (99%) stays inside a frame of 99.9% of each
// marginal, where evenly spaced log levels ran off its edges. Non-finite values count as zero
// density; empty when the grid has no mass.
std::vector<double> mass_contour_levels(const std::vector<double>& log_density,
                                        const std::vector<double>& shares);

}  // namespace sgl
