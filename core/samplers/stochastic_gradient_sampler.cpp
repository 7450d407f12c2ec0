#include "core/samplers/stochastic_gradient_sampler.hpp"

#include "core/samplers/gradient_noise_cause.hpp"

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
  if (control_variate_) {
    control_variate_->set_batch_size(static_cast<int>(params.at("batch_size")));
    control_variate_->set_second_order(params.at("control_variate") != 0.0);
  } else if (estimator_.on_data()) {
    estimator_.set_batch_size(static_cast<int>(params.at("batch_size")));
  } else {
    estimator_.set_noise_var(params.at("noise_var"));
  }
}

std::string StochasticGradientSampler::minibatch_noise_cause(double step, double friction,
                                                             const std::string& limits,
                                                             const char* step_name) const {
  const DataTarget* data = target_.as_data_target();
  if (control_variate_ || data == nullptr) return {};
  return gradient_noise_divergence_cause(*data, theta_.data(), estimator_.batch_size(), step,
                                         friction, limits, step_name);
}

GradientEstimate StochasticGradientSampler::control_variate_estimate(const ParamValues& params) {
  return param_or(params, "control_variate", 0.0) != 0.0
             ? GradientEstimate::ControlVariateSecondOrder
             : GradientEstimate::ControlVariate;
}

}  // namespace sgl
