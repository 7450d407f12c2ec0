// Base for samplers driven by the stochastic gradient ∇Ũ (naive SGHMC, SGHMC, SGLD,
// SGD-momentum): owns the gradient estimator, reads `noise_var` / `batch_size`, and keeps the
// per-datum gradient count in the shared counters.
#pragma once

#include "gradients/gradient_estimator.hpp"
#include "samplers/sampler.hpp"

namespace sgl {

class StochasticGradientSampler : public Sampler {
 public:
  explicit StochasticGradientSampler(const Target& target);
  void reset(const Vec& theta0, Rng& rng) override;

 protected:
  // Reads noise_var (analytic targets) or batch_size (data targets) from a full parameter set.
  void set_gradient_params(const ParamValues& params);
  void estimate_gradient(const double* theta, double* grad, Rng& rng) {
    estimator_.estimate(theta, grad, rng);
  }
  // Copies the estimator's evaluation count into the shared counters (call at the end of run).
  void sync_gradient_count() {
    counters_.gradient_evaluations = estimator_.evaluations() - evaluations_at_reset_;
  }

  GradientEstimator estimator_;

 private:
  std::uint64_t evaluations_at_reset_ = 0;
};

}  // namespace sgl
