#include "core/targets/potential_window.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "core/util/error.hpp"

namespace sgl {
namespace {

constexpr int kScanNodes1d = 4001;
constexpr int kScanNodes2d = 241;
constexpr double kStartHalfWidth = 8.0;
// A window side is clear when the density along it is below e^-kEdgeDrop of the peak.
constexpr double kEdgeDrop = 25.0;
// Mass left outside the window in each tail of each marginal, before padding.
constexpr double kTailMass = 1e-7;
constexpr double kPadFraction = 0.05;
constexpr int kMaxNarrowings = 4;

const char* axis_name(int axis) {
  return axis == 0 ? "x" : "y";
}

std::string format_number(double v) {
  std::ostringstream out;
  out.precision(4);
  out << v;
  return out.str();
}

// U on a grid of nodes (edges included); NaN counts as +inf (no density there).
struct Scan {
  int dim = 1;
  int nodes = 0;
  std::vector<Interval> window;
  std::vector<double> u;  // row-major, x fastest
  double u_min = std::numeric_limits<double>::infinity();
  int argmin = 0;

  double coordinate(int axis, int i) const {
    const Interval& w = window[std::size_t(axis)];
    return w.lo + (w.hi - w.lo) * i / (nodes - 1);
  }
  double at(int i, int j) const { return u[std::size_t(j) * std::size_t(nodes) + std::size_t(i)]; }
};

Scan scan(const expr::Program& program, const std::vector<Interval>& window) {
  Scan s;
  s.dim = program.dim();
  s.nodes = s.dim == 1 ? kScanNodes1d : kScanNodes2d;
  s.window = window;
  const int rows = s.dim == 1 ? 1 : s.nodes;
  s.u.resize(std::size_t(rows) * std::size_t(s.nodes));
  for (int j = 0; j < rows; ++j) {
    const double y = s.dim == 1 ? 0.0 : s.coordinate(1, j);
    for (int i = 0; i < s.nodes; ++i) {
      const double x = s.coordinate(0, i);
      double u = program.value(x, y);
      if (u == -std::numeric_limits<double>::infinity())
        throw UserError("potential: U → −∞ at x = " + format_number(x) +
                        (s.dim == 2 ? ", y = " + format_number(y) : std::string()) +
                        ", so exp(−U) is not normalisable; the potential must be bounded below");
      if (std::isnan(u)) u = std::numeric_limits<double>::infinity();
      const std::size_t k = std::size_t(j) * std::size_t(s.nodes) + std::size_t(i);
      s.u[k] = u;
      if (u < s.u_min) {
        s.u_min = u;
        s.argmin = static_cast<int>(k);
      }
    }
  }
  if (!std::isfinite(s.u_min)) {
    std::string where =
        "x in [" + format_number(window[0].lo) + ", " + format_number(window[0].hi) + "]";
    if (s.dim == 2)
      where += ", y in [" + format_number(window[1].lo) + ", " + format_number(window[1].hi) + "]";
    throw UserError("potential: U is infinite or undefined everywhere on " + where);
  }
  return s;
}

// Highest log relative density (≤ 0) along one side of the scanned window.
double edge_log_density(const Scan& s, int axis, bool high_side) {
  const int edge = high_side ? s.nodes - 1 : 0;
  const int count = s.dim == 1 ? 1 : s.nodes;
  double best = -std::numeric_limits<double>::infinity();
  for (int k = 0; k < count; ++k) {
    const double u = axis == 0 ? s.at(edge, k) : s.at(k, edge);
    best = std::max(best, s.u_min - u);
  }
  return best;
}

// Relative masses of the nodes, summed onto one axis.
std::vector<double> marginal(const Scan& s, int axis) {
  std::vector<double> m(std::size_t(s.nodes), 0.0);
  const int rows = s.dim == 1 ? 1 : s.nodes;
  for (int j = 0; j < rows; ++j)
    for (int i = 0; i < s.nodes; ++i) {
      const double u = s.at(i, j);
      const double p = std::isfinite(u) ? std::exp(s.u_min - u) : 0.0;
      m[std::size_t(axis == 0 ? i : j)] += p;
    }
  return m;
}

// The central 1 − 2·kTailMass of one marginal, one node wider on each side, and the support:
// the nodes with any mass, one node wider (padding stops there: no window reaches far into a
// region where U is undefined, as x < 0 for U = x − 2 log x).
struct Central {
  Interval central;
  Interval support;
};

Central central_interval(const Scan& s, int axis) {
  const std::vector<double> m = marginal(s, axis);
  int first = 0, last = s.nodes - 1;
  while (first < last && m[std::size_t(first)] == 0.0) ++first;
  while (last > first && m[std::size_t(last)] == 0.0) --last;
  const Interval support{s.coordinate(axis, std::max(first - 1, 0)),
                         s.coordinate(axis, std::min(last + 1, s.nodes - 1))};
  double total = 0.0;
  for (double v : m) total += v;
  int lo = 0;
  for (double below = 0.0; lo < s.nodes - 1 && below + m[std::size_t(lo)] <= kTailMass * total;)
    below += m[std::size_t(lo++)];
  int hi = s.nodes - 1;
  for (double above = 0.0; hi > 0 && above + m[std::size_t(hi)] <= kTailMass * total;)
    above += m[std::size_t(hi--)];
  lo = std::max(lo - 1, 0);
  hi = std::min(std::max(hi, lo) + 1, s.nodes - 1);
  return {{s.coordinate(axis, lo), s.coordinate(axis, hi)}, support};
}

// Zooms on U around the scan's lowest node: 1-D by 100 per level, 2-D by 20.
constexpr int kZoomNodes1d = 201;
constexpr int kZoomNodes2d = 41;
constexpr int kZoomLevels = 5;

// How far U at the lowest node of a zoom level lies below its nearest neighbours (the lower of
// them; non-finite neighbours skipped): a smooth minimum resolved by the nodes has a small gap.
double spike_depth(const expr::Program& program, int dim, const double at[2], double spacing[2],
                   double lowest) {
  double neighbour = std::numeric_limits<double>::infinity();
  for (int axis = 0; axis < dim; ++axis)
    for (double side : {-1.0, 1.0}) {
      const double x = at[0] + (axis == 0 ? side * spacing[0] : 0.0);
      const double y = at[1] + (axis == 1 ? side * spacing[1] : 0.0);
      const double u = program.value(x, y);
      if (std::isfinite(u)) neighbour = std::min(neighbour, u);
    }
  return std::isfinite(neighbour) ? neighbour - lowest : 0.0;
}

// Refuses U that keeps falling as the grid is refined around its lowest node: a pole or a
// singularity where exp(−U) is not integrable (1/x, tan x), which nodes at a finite spacing never
// land on, so the scan sees a finite (if very low) minimum. Near a smooth minimum each zoom lowers
// the minimum by less and less (by ~curvature·h², a factor Z² less per level); near a point x₀
// with exp(−U) ≥ c/|x − x₀|, whose mass diverges, each zoom by a factor Z lowers it by at least
// log Z. Refused: every zoom after the first falling by more than 0.9·log Z, or a lowest node
// still more than e^kEdgeDrop denser than its neighbours at the finest spacing (a node that landed
// within rounding of the pole, after which the minimum cannot fall further).
void refuse_unbounded_below(const expr::Program& program, const Scan& s) {
  const int dim = s.dim;
  const int nodes = dim == 1 ? kZoomNodes1d : kZoomNodes2d;
  const double zoom = (nodes - 1) / 2.0;
  double centre[2] = {s.coordinate(0, s.argmin % s.nodes),
                      dim == 2 ? s.coordinate(1, s.argmin / s.nodes) : 0.0};
  double half[2] = {0.0, 0.0};
  for (int axis = 0; axis < dim; ++axis) {
    const Interval& w = s.window[std::size_t(axis)];
    half[axis] = (w.hi - w.lo) / (s.nodes - 1);
  }
  double lowest = s.u_min;
  int falling_levels = 0;
  double spike = 0.0;
  for (int level = 0; level < kZoomLevels; ++level) {
    bool resolved = true;
    for (int axis = 0; axis < dim; ++axis)
      if (half[axis] <
          64.0 * std::numeric_limits<double>::epsilon() * std::max(1.0, std::abs(centre[axis])))
        resolved = false;  // at the resolution of doubles: nothing finer to see
    if (!resolved) break;
    double level_min = std::numeric_limits<double>::infinity(), at[2] = {centre[0], centre[1]};
    for (int j = 0; j < (dim == 2 ? nodes : 1); ++j)
      for (int i = 0; i < nodes; ++i) {
        const double x = centre[0] - half[0] + 2.0 * half[0] * i / (nodes - 1);
        const double y = dim == 2 ? centre[1] - half[1] + 2.0 * half[1] * j / (nodes - 1) : 0.0;
        const double u = program.value(x, y);
        if (u < level_min) {
          level_min = u;
          at[0] = x;
          at[1] = y;
        }
      }
    if (level_min == -std::numeric_limits<double>::infinity()) {
      falling_levels = kZoomLevels;  // a node landed on the singularity itself
      lowest = level_min;
      centre[0] = at[0];
      centre[1] = at[1];
      break;
    }
    if (level > 0 && lowest - level_min > 0.9 * std::log(zoom)) ++falling_levels;
    lowest = std::min(lowest, level_min);
    centre[0] = at[0];
    centre[1] = at[1];
    double spacing[2] = {2.0 * half[0] / (nodes - 1), 2.0 * half[1] / (nodes - 1)};
    spike = spike_depth(program, dim, at, spacing, level_min);
    for (int axis = 0; axis < dim; ++axis) half[axis] /= zoom;
  }
  if (falling_levels < kZoomLevels - 1 && !(spike > kEdgeDrop)) return;
  throw UserError("potential: U → −∞ near x = " + format_number(centre[0]) +
                  (dim == 2 ? ", y = " + format_number(centre[1]) : std::string()) +
                  " (a pole or singularity: U = " + format_number(lowest) +
                  " there and still falling as the grid is refined), so exp(−U) is not "
                  "normalisable; the potential must be bounded below");
}

// The refusal for a free side that still carries density at ±kMaxPotentialWindow: where the
// density grows (or stays flat) toward the side it is not normalisable; where it falls, but by
// less than e^-kEdgeDrop, it may be proper but too wide for a window the grid can span.
std::string edge_refusal(const Scan& s, int axis, bool high_side, double side) {
  const std::string where = std::string(axis_name(axis)) + " = " + format_number(side);
  const double edge = edge_log_density(s, axis, high_side);
  if (edge >= 0.0)
    return std::string("potential: not normalisable: the density does not fall off toward ") +
           where + "; make U grow there, or give bounds " + axis_name(axis) + "min/" +
           axis_name(axis) + "max";
  return std::string(
             "potential: the density does not fall off within the ±1e4 search window: "
             "at ") +
         where + " it is still e^" + format_number(edge) +
         " of its peak (a window needs e^-25). If it is proper but this wide or heavy-tailed, "
         "rescale " +
         axis_name(axis) + " so its mass lies within ±1e4 (e.g. write " + axis_name(axis) +
         "/100 for " + axis_name(axis) +
         "), or, if the mass beyond does not matter to you, fix "
         "the window with --target-param " +
         axis_name(axis) + "min=..," + axis_name(axis) + "max=.. (at most ±1e4)";
}

std::vector<Interval> starting_window(int dim, const WindowBounds& bounds) {
  std::vector<Interval> window;
  for (int axis = 0; axis < dim; ++axis) {
    const auto& lo = bounds.lo[axis];
    const auto& hi = bounds.hi[axis];
    Interval w{lo.value_or(-kStartHalfWidth), hi.value_or(kStartHalfWidth)};
    if (lo && !hi && w.hi <= *lo) w.hi = *lo + 2.0 * kStartHalfWidth;
    if (hi && !lo && w.lo >= *hi) w.lo = *hi - 2.0 * kStartHalfWidth;
    if (!(w.lo < w.hi))
      throw UserError(std::string("potential: ") + axis_name(axis) + "min must be below " +
                      axis_name(axis) + "max");
    window.push_back(w);
  }
  return window;
}

}  // namespace

PotentialWindow find_potential_window(const expr::Program& program, const WindowBounds& bounds) {
  const int dim = program.dim();
  std::vector<Interval> window = starting_window(dim, bounds);
  const auto fixed = [&](int axis, bool high_side) {
    return high_side ? bounds.hi[axis].has_value() : bounds.lo[axis].has_value();
  };

  // Widen every free side that still carries density, doubling the window's width each time.
  Scan s = scan(program, window);
  for (;;) {
    bool widened = false;
    for (int axis = 0; axis < dim; ++axis)
      for (bool high_side : {false, true}) {
        if (fixed(axis, high_side) || edge_log_density(s, axis, high_side) < -kEdgeDrop) continue;
        Interval& w = window[std::size_t(axis)];
        const double side = high_side ? w.hi : w.lo;
        if (std::abs(side) >= kMaxPotentialWindow)
          throw UserError(edge_refusal(s, axis, high_side, side));
        const double width = w.hi - w.lo;
        if (high_side) {
          w.hi = std::min(w.hi + width, kMaxPotentialWindow);
        } else {
          w.lo = std::max(w.lo - width, -kMaxPotentialWindow);
        }
        widened = true;
      }
    if (!widened) break;
    s = scan(program, window);
  }
  refuse_unbounded_below(program, s);

  // Narrow to the central mass and rescan at a finer spacing while that changes the picture.
  for (int pass = 0; pass < kMaxNarrowings; ++pass) {
    bool narrowed = false;
    std::vector<Interval> next = window;
    for (int axis = 0; axis < dim; ++axis) {
      const auto [central, support] = central_interval(s, axis);
      Interval& w = next[std::size_t(axis)];
      const double pad = kPadFraction * (central.hi - central.lo);
      if (!fixed(axis, false)) w.lo = std::max({w.lo, central.lo - pad, support.lo});
      if (!fixed(axis, true)) w.hi = std::min({w.hi, central.hi + pad, support.hi});
      const Interval& old = window[std::size_t(axis)];
      if (w.hi - w.lo < 0.5 * (old.hi - old.lo)) narrowed = true;
    }
    window = next;
    s = scan(program, window);
    if (!narrowed) break;
  }

  PotentialWindow result;
  result.box = window;
  result.mode.push_back(s.coordinate(0, s.argmin % s.nodes));
  if (dim == 2) result.mode.push_back(s.coordinate(1, s.argmin / s.nodes));
  return result;
}

}  // namespace sgl
