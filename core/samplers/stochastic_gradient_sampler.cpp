#include "core/samplers/stochastic_gradient_sampler.hpp"

#include <cmath>
#include <optional>
#include <sstream>

#include "core/samplers/gradient_noise_cause.hpp"
#include "core/samplers/target_curvature.hpp"

namespace sgl {

StochasticGradientSampler::StochasticGradientSampler(const Target& target, GradientKind gradient,
                                                     const std::string& sampler_id)
    : Sampler(target), estimator_(target, 0.0, 1) {
  if (gradient == GradientKind::ControlVariate)
    control_variate_ = std::make_unique<ControlVariateGradient>(target, sampler_id);
}

void StochasticGradientSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  // The control variate's one-off O(n) set-up is part of every run's cost, counted once.
  const std::uint64_t setup = control_variate_ ? control_variate_->setup_evaluations() : 0;
  evaluations_at_reset_ = total_evaluations() - setup;
  counters_.gradient_evaluations = setup;
}

void StochasticGradientSampler::set_gradient_params(const ParamValues& params) {
  // A step reads b data (a control variate's correction too): the record's exact U, n of them,
  // goes on every k-th draw only (space_exact_potential).
  if (const DataTarget* data = target_.as_data_target();
      data != nullptr && params.count("batch_size"))
    space_exact_potential(double(data->num_data()), params.at("batch_size"));
  if (control_variate_) {
    control_variate_->set_batch_size(static_cast<int>(params.at("batch_size")));
    control_variate_->set_second_order(params.at("control_variate") != 0.0);
  } else if (estimator_.on_data()) {
    estimator_.set_batch_size(static_cast<int>(params.at("batch_size")));
  } else {
    estimator_.set_noise_var(params.at("noise_var"));
  }
}

std::string StochasticGradientSampler::minibatch_noise_cause(
    double step, double friction, const char* stability_name,
    const std::function<double(double)>& stability, const char* step_name) const {
  const DataTarget* data = target_.as_data_target();
  if (control_variate_ || data == nullptr) return {};
  const std::optional<TargetCurvature> curvature = estimate_curvature(target_);
  const double sum = curvature ? stability(curvature->max_eigenvalue) : std::nan("");
  if (sum >= 4.0) return {};  // the curvature is to blame
  std::ostringstream limits;
  limits.precision(3);
  if (std::isfinite(sum)) limits << stability_name << " = " << sum << " < 4";
  return gradient_noise_divergence_cause(*data, theta_.data(), estimator_.batch_size(), step,
                                         friction, limits.str(), step_name);
}

GradientEstimate StochasticGradientSampler::control_variate_estimate(const ParamValues& params) {
  return param_or(params, "control_variate", 0.0) != 0.0
             ? GradientEstimate::ControlVariateSecondOrder
             : GradientEstimate::ControlVariate;
}

}  // namespace sgl
