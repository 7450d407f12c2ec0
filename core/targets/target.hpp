// The target interface: an exact potential U(θ) = −log π(θ) + const and its gradient ∇U.
// Analytic targets implement only this; data targets (regressions, the EWSG Gaussian) derive
// from DataTarget, which adds per-datum log-likelihood terms for real minibatches.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <memory>
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

  // Deterministic starting point used when the user gives no --init.
  virtual Vec default_init() const { return Vec::Zero(dim()); }

  // Region worth showing for each coordinate (plots, histogram ranges).
  virtual std::vector<Interval> view_box() const = 0;
};

// A target registry entry: id, description and the target's own parameters.
struct TargetInfo {
  std::string id;
  std::string description;  // one line, with the paper reference where there is one
  bool data_target = false;
  std::vector<ParamDescriptor> params;
};

}  // namespace sgl
