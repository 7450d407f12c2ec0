// The target interface: an exact potential U(θ) = −log π(θ) + const and its gradient ∇U.
// Analytic targets implement only this; data targets (regressions, the EWSG Gaussian) derive
// from DataTarget, which adds per-datum log-likelihood terms for real minibatches.
//
// Everything else a caller may want to know is a capability query with a "not available"
// answer by default, never a test of the concrete class: as_data_target (per-datum terms),
// truth (a normalised density on a grid), reference_posterior (an exact or Laplace Gaussian),
// posterior_mode (θ* computed when the target was built). DataTarget adds second_order
// (per-datum Hessians). docs/architecture.md#adding-a-target lists who asks which.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/util/params.hpp"

namespace sgl {

using Vec = Eigen::VectorXd;

class DataTarget;
class TruthGrid;

struct Interval {
  double lo = 0.0;
  double hi = 1.0;
};

// A Gaussian N(mean, covariance) that stands for the posterior in comparisons (KL of a sweep,
// the histogram's reference curve, the coefficient-pair ellipses, data-aware step sizes).
struct ReferencePosterior {
  enum class Kind {
    Exact,   // the posterior is this Gaussian (Gaussian targets, conjugate linear regression)
    Laplace  // N(θ*, (−∇²log π(θ*))⁻¹), an approximation (logistic regression)
  };
  Kind kind = Kind::Exact;
  Vec mean;  // for Laplace the mode θ*
  Eigen::MatrixXd covariance;
};

class Target {
 public:
  virtual ~Target() = default;

  virtual std::string id() const = 0;
  virtual int dim() const = 0;
  // One name per coordinate ("theta", "x", "y", "intercept", CSV column names...).
  virtual std::vector<std::string> coordinate_names() const = 0;

  // Exact U(θ) and ∇U(θ); `theta` and `grad` point at dim() doubles.
  virtual double potential(const double* theta) const = 0;
  virtual void gradient(const double* theta, double* grad) const = 0;

  // Cost of one exact gradient (or potential) evaluation counted per datum: n for data targets,
  // 1 for analytic ones. Used so that "data passes" compare fairly across samplers.
  virtual std::int64_t evaluation_cost() const { return 1; }

  // Non-null for targets with per-datum terms.
  virtual const DataTarget* as_data_target() const { return nullptr; }

  // Normalised true density for 1-D and 2-D targets (computed once, numerically on a grid);
  // null for regressions (their truth, where known, comes from elsewhere).
  virtual const TruthGrid* truth() const { return nullptr; }

  // The posterior as a Gaussian, exact or Laplace; nullopt where none is known (the other
  // analytic targets, typed potentials). Cheap: computed when the target was built.
  virtual std::optional<ReferencePosterior> reference_posterior() const { return std::nullopt; }

  // The posterior mode θ* where the target computed it when it was built (the regressions:
  // the conjugate mean, Newton's MAP). Chains may start there (`--init map`, the GUI's start
  // choice, HMC-ECS's default start) and data-aware defaults size step sizes from the reference
  // covariance there. ewsg-gauss knows its mode too but does not offer it: its experiments
  // follow the EWSG paper, which starts at the origin with fixed step sizes.
  virtual std::optional<Vec> posterior_mode() const { return std::nullopt; }

  // Deterministic starting point used when the user gives no --init.
  virtual Vec default_init() const { return Vec::Zero(dim()); }

  // Region worth showing for each coordinate (plots, histogram ranges).
  virtual std::vector<Interval> view_box() const = 0;
};

}  // namespace sgl
