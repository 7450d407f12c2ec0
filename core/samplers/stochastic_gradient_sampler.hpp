// Base for samplers driven by the stochastic gradient ∇Ũ (naive SGHMC, SGHMC, SGLD,
// SGD-momentum): owns the gradient estimator, reads `noise_var` / `batch_size`, and keeps the
// per-datum gradient count in the shared counters. The estimator is pluggable so that sgld-cv and
// sghmc-cv reuse the SGLD/SGHMC update code with control-variate gradients.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "core/gradients/control_variate_gradient.hpp"
#include "core/gradients/gradient_estimator.hpp"
#include "core/samplers/sampler.hpp"
#include "core/samplers/sampler_capabilities.hpp"

namespace sgl {

enum class GradientKind {
  Minibatch,       // docs/algorithms.md#gradient-noise: minibatch (data) or noisy exact (analytic)
  ControlVariate,  // centred at the MAP; data targets only (throws UserError otherwise)
};

class StochasticGradientSampler : public Sampler {
 public:
  // `sampler_id` names the sampler in the error a control-variate gradient gives on an analytic
  // target.
  explicit StochasticGradientSampler(const Target& target,
                                     GradientKind gradient = GradientKind::Minibatch,
                                     const std::string& sampler_id = "");
  void reset(const Vec& theta0, Rng& rng) override;
  // The gradient-noise panel's estimator for the control-variate samplers' `control_variate`.
  static GradientEstimate control_variate_estimate(const ParamValues& params);

 protected:
  // Reads noise_var (analytic targets) or batch_size (data targets) from a full parameter set.
  void set_gradient_params(const ParamValues& params);
  void estimate_gradient(const double* theta, double* grad, Rng& rng) {
    if (control_variate_) {
      control_variate_->estimate(theta, grad, rng);
    } else {
      estimator_.estimate(theta, grad, rng);
    }
  }
  // Why the chain diverged when its step is within the curvature limits: the minibatch noise,
  // with the b that cures it (gradient_noise_cause.hpp). `stability(λ_max)` is the integrator's
  // stability sum, stable below 4, named `stability_name` in the message (e.g. "2εC + ε²λ_max").
  // Empty off data, with control-variate gradients (their noise is not the minibatch's), where
  // the curvature limit is broken, or when the noise is at most the injected noise.
  std::string minibatch_noise_cause(double step, double friction, const char* stability_name,
                                    const std::function<double(double)>& stability,
                                    const char* step_name) const;
  // Copies the estimator's evaluation count into the shared counters (call at the end of run).
  void sync_gradient_count() {
    counters_.gradient_evaluations = total_evaluations() - evaluations_at_reset_;
  }

  GradientEstimator estimator_;

 private:
  std::uint64_t total_evaluations() const {
    return control_variate_ ? control_variate_->evaluations() : estimator_.evaluations();
  }

  std::unique_ptr<ControlVariateGradient> control_variate_;  // null for GradientKind::Minibatch
  std::uint64_t evaluations_at_reset_ = 0;
};

}  // namespace sgl
