#include "core/targets/truth_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

namespace sgl {
namespace {

// Position of x in fine-cell units along one axis, clamped to [0, cells].
double grid_position(const Interval& axis, int cells, double x) {
  const double t = (x - axis.lo) / (axis.hi - axis.lo) * cells;
  return std::clamp(t, 0.0, static_cast<double>(cells));
}

// Piecewise-linear CDF lookup: `cdf` holds cumulative mass at the cells+1 cell edges.
double interpolate_cdf(const std::vector<double>& cdf, double position) {
  const int cells = static_cast<int>(cdf.size()) - 1;
  const int i = std::min(static_cast<int>(position), cells - 1);
  const double frac = position - i;
  return cdf[i] + frac * (cdf[i + 1] - cdf[i]);
}

}  // namespace

TruthGrid::TruthGrid(const Target& target, std::vector<Interval> box, int cells_per_axis,
                     CellMassFn mass_fn)
    : box_(std::move(box)), cells_(cells_per_axis) {
  const int d = dim();
  if (d != 1 && d != 2) throw std::invalid_argument("TruthGrid: only 1-D and 2-D boxes");
  if (d != target.dim()) throw std::invalid_argument("TruthGrid: box and target dimension differ");
  if (cells_ < 1) throw std::invalid_argument("TruthGrid: need at least one cell per axis");

  const int nx = cells_;
  const int ny = d == 2 ? cells_ : 1;
  const double wx = (box_[0].hi - box_[0].lo) / nx;
  const double wy = d == 2 ? (box_[1].hi - box_[1].lo) / ny : 1.0;
  mass_.assign(static_cast<std::size_t>(nx) * ny, 0.0);

  if (mass_fn) {
    for (int j = 0; j < ny; ++j) {
      const Interval y_cell =
          d == 2 ? Interval{box_[1].lo + j * wy, box_[1].lo + (j + 1) * wy} : Interval{0.0, 1.0};
      for (int i = 0; i < nx; ++i)
        mass_[static_cast<std::size_t>(j) * nx + i] =
            mass_fn({box_[0].lo + i * wx, box_[0].lo + (i + 1) * wx}, y_cell);
    }
  } else {
    // Midpoint rule on exp(−U); U is shifted by its minimum so the exponentials cannot underflow
    // to an all-zero grid for targets whose potential is large everywhere in the box.
    double u_min = std::numeric_limits<double>::infinity();
    double point[2] = {0.0, 0.0};
    for (int j = 0; j < ny; ++j) {
      if (d == 2) point[1] = box_[1].lo + (j + 0.5) * wy;
      for (int i = 0; i < nx; ++i) {
        point[0] = box_[0].lo + (i + 0.5) * wx;
        const double u = target.potential(point);
        mass_[static_cast<std::size_t>(j) * nx + i] = u;
        if (u < u_min) u_min = u;
      }
    }
    for (double& m : mass_) m = std::isfinite(m) ? std::exp(u_min - m) : 0.0;
  }

  double total = 0.0;
  for (double m : mass_) total += m;
  if (!(total > 0.0) || !std::isfinite(total))
    throw std::runtime_error("TruthGrid: the target has no finite mass in its view box");
  for (double& m : mass_) m /= total;
  if (mass_fn) {
    // The cells' masses are probabilities: their sum is the box's.
    inside_mass_ = std::min(1.0, total);
    marginal_inside_mass_.assign(std::size_t(d), inside_mass_);
  } else {
    integrate_beyond_box(target);
  }

  marginal_cdf_.assign(d, {});
  for (int c = 0; c < d; ++c) marginal_cdf_[c].assign(cells_ + 1, 0.0);
  std::vector<double> mx(nx, 0.0), my(ny, 0.0);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      const double m = mass_[static_cast<std::size_t>(j) * nx + i];
      mx[i] += m;
      my[j] += m;
    }
  for (int i = 0; i < nx; ++i) marginal_cdf_[0][i + 1] = marginal_cdf_[0][i] + mx[i];
  if (d == 2) {
    for (int j = 0; j < ny; ++j) marginal_cdf_[1][j + 1] = marginal_cdf_[1][j] + my[j];
    // cumulative_[(j)(nx+1) + i] = mass of the fine cells left of edge i and below edge j.
    cumulative_.assign(static_cast<std::size_t>(nx + 1) * (ny + 1), 0.0);
    for (int j = 0; j < ny; ++j) {
      double row_sum = 0.0;
      for (int i = 0; i < nx; ++i) {
        row_sum += mass_[static_cast<std::size_t>(j) * nx + i];
        cumulative_[static_cast<std::size_t>(j + 1) * (nx + 1) + i + 1] =
            cumulative_[static_cast<std::size_t>(j) * (nx + 1) + i + 1] + row_sum;
      }
    }
  }
}

void TruthGrid::integrate_beyond_box(const Target& target) {
  // Midpoint sums of exp(−U) over the box widened by one box width on every side, with the box
  // edges on cell edges (kWideCells cells per box width), shifted by the minimum U against
  // underflow. The box's share of the total is its probability, up to the mass beyond the wide
  // box (below 1e-12 for every built-in target).
  constexpr int kWideCells = 200;
  const int d = dim();
  const int cells = 3 * kWideCells;
  const int ny = d == 2 ? cells : 1;
  std::vector<double> potential(std::size_t(cells) * std::size_t(ny));
  double point[2] = {0.0, 0.0};
  double u_min = std::numeric_limits<double>::infinity();
  const auto coordinate = [&](int c, int i) {
    const double width = box_[c].hi - box_[c].lo;
    return box_[c].lo - width + (i + 0.5) * width / kWideCells;
  };
  for (int j = 0; j < ny; ++j) {
    if (d == 2) point[1] = coordinate(1, j);
    for (int i = 0; i < cells; ++i) {
      point[0] = coordinate(0, i);
      const double u = target.potential(point);
      potential[std::size_t(j) * cells + i] = u;
      if (u < u_min) u_min = u;
    }
  }
  const auto inside = [](int i) { return i >= kWideCells && i < 2 * kWideCells; };
  double all = 0.0, box = 0.0;
  std::vector<double> side(std::size_t(d), 0.0);
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < cells; ++i) {
      const double u = potential[std::size_t(j) * cells + i];
      const double m = std::isfinite(u) ? std::exp(u_min - u) : 0.0;
      all += m;
      const bool in_x = inside(i), in_y = d == 1 || inside(j);
      if (in_x && in_y) box += m;
      if (in_x) side[0] += m;
      if (d == 2 && in_y) side[1] += m;
    }
  inside_mass_ = all > 0.0 ? box / all : 1.0;
  marginal_inside_mass_.resize(std::size_t(d));
  for (int c = 0; c < d; ++c)
    marginal_inside_mass_[std::size_t(c)] = all > 0.0 ? side[std::size_t(c)] / all : 1.0;
}

double TruthGrid::marginal_mass(int coord, double a, double b) const {
  if (coord < 0 || coord >= dim()) throw std::out_of_range("TruthGrid: coordinate out of range");
  if (!(b > a)) return 0.0;
  const auto& cdf = marginal_cdf_[coord];
  const Interval& axis = box_[coord];
  return interpolate_cdf(cdf, grid_position(axis, cells_, b)) -
         interpolate_cdf(cdf, grid_position(axis, cells_, a));
}

double TruthGrid::marginal_density(int coord, double x) const {
  if (coord < 0 || coord >= dim()) throw std::out_of_range("TruthGrid: coordinate out of range");
  const Interval& axis = box_[coord];
  if (!(x >= axis.lo && x < axis.hi)) return 0.0;
  const int i = std::min(static_cast<int>(grid_position(axis, cells_, x)), cells_ - 1);
  const auto& cdf = marginal_cdf_[coord];
  return (cdf[i + 1] - cdf[i]) / ((axis.hi - axis.lo) / cells_);
}

double TruthGrid::cumulative_at(double px, double py) const {
  // Within a fine cell the density is constant, so the 2-D CDF is exactly bilinear there.
  const int n = cells_;
  const int i = std::min(static_cast<int>(px), n - 1);
  const int j = std::min(static_cast<int>(py), n - 1);
  const double fx = px - i;
  const double fy = py - j;
  const auto at = [&](int ii, int jj) {
    return cumulative_[static_cast<std::size_t>(jj) * (n + 1) + ii];
  };
  return (1 - fx) * (1 - fy) * at(i, j) + fx * (1 - fy) * at(i + 1, j) +
         (1 - fx) * fy * at(i, j + 1) + fx * fy * at(i + 1, j + 1);
}

double TruthGrid::rectangle_mass(double x0, double x1, double y0, double y1) const {
  if (dim() != 2) throw std::logic_error("TruthGrid::rectangle_mass needs a 2-D grid");
  if (!(x1 > x0) || !(y1 > y0)) return 0.0;
  const double px0 = grid_position(box_[0], cells_, x0);
  const double px1 = grid_position(box_[0], cells_, x1);
  const double py0 = grid_position(box_[1], cells_, y0);
  const double py1 = grid_position(box_[1], cells_, y1);
  return cumulative_at(px1, py1) - cumulative_at(px0, py1) - cumulative_at(px1, py0) +
         cumulative_at(px0, py0);
}

double TruthGrid::density(const double* point) const {
  double cell_volume = 1.0;
  std::size_t index = 0;
  std::size_t stride = 1;
  for (int c = 0; c < dim(); ++c) {
    const Interval& axis = box_[c];
    if (!(point[c] >= axis.lo && point[c] < axis.hi)) return 0.0;
    const int i = std::min(static_cast<int>(grid_position(axis, cells_, point[c])), cells_ - 1);
    index += stride * i;
    stride *= cells_;
    cell_volume *= (axis.hi - axis.lo) / cells_;
  }
  return mass_[index] / cell_volume;
}

}  // namespace sgl
