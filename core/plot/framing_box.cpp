#include "core/plot/framing_box.hpp"

#include <algorithm>
#include <cmath>

#include "core/targets/truth_grid.hpp"

namespace sgl {
namespace {

// The x with marginal mass `mass` below it (bisection on the grid's exact marginal CDF).
double marginal_quantile(const TruthGrid& truth, int coord, double mass) {
  const Interval box = truth.box()[static_cast<std::size_t>(coord)];
  double lo = box.lo;
  double hi = box.hi;
  for (int iteration = 0; iteration < 60; ++iteration) {
    const double mid = 0.5 * (lo + hi);
    if (truth.marginal_mass(coord, box.lo, mid) < mass)
      lo = mid;
    else
      hi = mid;
  }
  return 0.5 * (lo + hi);
}

}  // namespace

std::vector<Interval> mass_framing_box(const Target& target, double tail, double pad) {
  std::vector<Interval> box = target.view_box();
  const TruthGrid* truth = target.truth();
  if (truth == nullptr || truth->dim() != static_cast<int>(box.size())) return box;
  for (int coord = 0; coord < truth->dim(); ++coord) {
    const Interval& view = box[static_cast<std::size_t>(coord)];
    // The grid's total is 1 up to the (tiny) mass outside its box.
    const double total = truth->marginal_mass(coord, truth->box()[std::size_t(coord)].lo,
                                              truth->box()[std::size_t(coord)].hi);
    if (!(total > 0.0)) continue;
    const double lo = marginal_quantile(*truth, coord, 0.5 * tail * total);
    const double hi = marginal_quantile(*truth, coord, (1.0 - 0.5 * tail) * total);
    if (!(hi > lo)) continue;
    const double margin = pad * (hi - lo);
    box[static_cast<std::size_t>(coord)] = {std::max(view.lo, lo - margin),
                                            std::min(view.hi, hi + margin)};
  }
  return box;
}

bool prefers_equal_aspect(const std::vector<Interval>& box, double max_ratio, double panel_aspect) {
  if (box.size() < 2) return false;
  const double width = box[0].hi - box[0].lo;
  const double height = box[1].hi - box[1].lo;
  if (!(width > 0.0) || !(height > 0.0)) return false;
  if (std::max(width, height) > max_ratio * std::min(width, height)) return false;
  if (!(panel_aspect > 0.0) || !std::isfinite(panel_aspect)) return true;
  // Equal aspect keeps the box's shape: the fraction of the panel it fills is the smaller of
  // the two aspect ratios over the larger.
  const double box_aspect = width / height;
  return std::max(panel_aspect, box_aspect) <= max_ratio * std::min(panel_aspect, box_aspect);
}

}  // namespace sgl
