// The true density of a 1-D or 2-D target, normalised numerically on a fine grid over the
// target's view box. Histograms and distances (TV, KL) integrate it over their own bins.
//
// The grid's masses are conditional on the box (they sum to 1); inside_mass() is the true
// probability of the box itself, so that the distances can give the outside bin its true mass
// 1 − inside_mass() instead of 0 (a mass of 0 there made every exact draw beyond the box add
// ≈ 690/N to KL). With a cell-mass function (exact probabilities) it is the cells' sum; otherwise
// it comes from a second, coarser midpoint integration over a box three times as wide per axis.
#pragma once

#include <functional>
#include <vector>

#include "core/targets/target.hpp"

namespace sgl {

class TruthGrid {
 public:
  // Evaluates exp(−U) on a fine midpoint grid (cells_per_axis cells per axis) over `box` and
  // normalises. `mass_fn`, when given, returns the exact probability of a fine cell instead
  // (for targets whose density is too sharp for midpoint sums, e.g. the funnel's neck).
  using CellMassFn = std::function<double(const Interval& x, const Interval& y)>;
  TruthGrid(const Target& target, std::vector<Interval> box, int cells_per_axis,
            CellMassFn mass_fn = {});

  int dim() const { return static_cast<int>(box_.size()); }
  const std::vector<Interval>& box() const { return box_; }
  int cells_per_axis() const { return cells_; }

  // Probability of coordinate `coord` lying in [a, b) (marginal; exact within the fine grid,
  // linear inside a fine cell). Mass outside the box is counted as zero.
  double marginal_mass(int coord, double a, double b) const;
  // Marginal density of coordinate `coord` at x (piecewise constant on the fine grid).
  double marginal_density(int coord, double x) const;
  // Probability of the rectangle [x0,x1) × [y0,y1) (2-D only).
  double rectangle_mass(double x0, double x1, double y0, double y1) const;
  // Normalised joint density at a point (piecewise constant on the fine grid).
  double density(const double* point) const;
  // Fine-cell probabilities, row-major with x fastest (size cells or cells²).
  const std::vector<double>& cell_mass() const { return mass_; }
  // True probability of the box, and of coordinate `coord` lying in its side of the box (the
  // latter equals the former for targets given by a cell-mass function: an approximation).
  double inside_mass() const { return inside_mass_; }
  double marginal_inside_mass(int coord) const { return marginal_inside_mass_.at(coord); }

 private:
  std::vector<Interval> box_;
  int cells_ = 0;
  std::vector<double> mass_;
  std::vector<std::vector<double>> marginal_cdf_;  // per coordinate, size cells+1
  // 2-D only: cumulative mass below-left of each fine-grid corner, (cells+1)² row-major.
  std::vector<double> cumulative_;
  double inside_mass_ = 1.0;
  std::vector<double> marginal_inside_mass_;

  void integrate_beyond_box(const Target& target);

  // 2-D CDF at a point given in fine-cell units (bilinear inside a cell).
  double cumulative_at(double px, double py) const;
};

}  // namespace sgl
