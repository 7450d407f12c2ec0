#include "core/samplers/target_curvature.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "core/gradients/taylor_control_variates.hpp"
#include "core/targets/data_target.hpp"
#include "core/util/error.hpp"
#include "core/util/rng.hpp"

namespace sgl {
namespace {

constexpr int kGridPointsPerAxis = 81;
constexpr int kNewtonIterations = 30;

// Central differences of the exact gradient, symmetrised.
Eigen::MatrixXd finite_difference_hessian(const Target& target, const Vec& theta) {
  const int dim = target.dim();
  Eigen::MatrixXd hessian(dim, dim);
  Vec plus(dim), minus(dim), grad_plus(dim), grad_minus(dim);
  for (int i = 0; i < dim; ++i) {
    const double h = 1e-5 * std::max(1.0, std::abs(theta[i]));
    plus = theta;
    minus = theta;
    plus[i] += h;
    minus[i] -= h;
    target.gradient(plus.data(), grad_plus.data());
    target.gradient(minus.data(), grad_minus.data());
    hessian.col(i) = (grad_plus - grad_minus) / (2.0 * h);
  }
  return 0.5 * (hessian + hessian.transpose());
}

// The lowest potential on a grid over the view box (1-D and 2-D targets), else the default start.
Vec lowest_grid_point(const Target& target) {
  const int dim = target.dim();
  Vec best = target.default_init();
  if (dim > 2) return best;
  const std::vector<Interval> box = target.view_box();
  double best_potential = target.potential(best.data());
  if (!std::isfinite(best_potential)) best_potential = HUGE_VAL;
  Vec point(dim);
  const int cells = dim == 1 ? kGridPointsPerAxis : kGridPointsPerAxis * kGridPointsPerAxis;
  for (int cell = 0; cell < cells; ++cell) {
    int rest = cell;
    for (int axis = 0; axis < dim; ++axis) {
      const double t = double(rest % kGridPointsPerAxis) / double(kGridPointsPerAxis - 1);
      rest /= kGridPointsPerAxis;
      point[axis] =
          box[std::size_t(axis)].lo + t * (box[std::size_t(axis)].hi - box[std::size_t(axis)].lo);
    }
    const double potential = target.potential(point.data());
    if (std::isfinite(potential) && potential < best_potential) {
      best_potential = potential;
      best = point;
    }
  }
  return best;
}

// Damped Newton from `theta`: only steps that lower U are taken, so a saddle or a non-convex
// region never sends it away from the grid's minimum.
Vec polish_mode(const Target& target, Vec theta) {
  const int dim = target.dim();
  Vec grad(dim);
  double potential = target.potential(theta.data());
  for (int iteration = 0; iteration < kNewtonIterations; ++iteration) {
    target.gradient(theta.data(), grad.data());
    if (!grad.allFinite() || grad.norm() < 1e-10) break;
    const Eigen::MatrixXd hessian = finite_difference_hessian(target, theta);
    Eigen::LLT<Eigen::MatrixXd> cholesky(hessian);
    Vec step = cholesky.info() == Eigen::Success ? Vec(cholesky.solve(grad)) : Vec(1e-3 * grad);
    bool improved = false;
    for (int halving = 0; halving < 30 && !improved; ++halving, step *= 0.5) {
      const Vec candidate = theta - step;
      const double candidate_potential = target.potential(candidate.data());
      if (std::isfinite(candidate_potential) && candidate_potential <= potential) {
        theta = candidate;
        potential = candidate_potential;
        improved = true;
      }
    }
    if (!improved) break;
  }
  return theta;
}

std::optional<TargetCurvature> largest_eigenvalue(const Eigen::MatrixXd& hessian,
                                                  const std::string& where) {
  if (hessian.size() == 0 || !hessian.allFinite()) return std::nullopt;
  Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(hessian, Eigen::EigenvaluesOnly);
  if (solver.info() != Eigen::Success) return std::nullopt;
  const double lambda = solver.eigenvalues().maxCoeff();
  if (!std::isfinite(lambda) || lambda <= 0.0) return std::nullopt;
  return TargetCurvature{lambda, where};
}

}  // namespace

std::optional<TargetCurvature> estimate_curvature(const Target& target) {
  if (const DataTarget* data = target.as_data_target()) {
    try {
      Rng rng(1);  // the expansion uses all data: the RNG is not drawn from
      const TaylorControlVariates laplace(*data, TaylorOrder::First, 0, rng);
      return largest_eigenvalue(laplace.negative_log_posterior_hessian(), "at the MAP (Laplace)");
    } catch (const UserError&) {
      return std::nullopt;
    }
  }
  const Vec mode = polish_mode(target, lowest_grid_point(target));
  return largest_eigenvalue(finite_difference_hessian(target, mode), "at the mode");
}

}  // namespace sgl
