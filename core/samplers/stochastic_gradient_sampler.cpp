#include "samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

StochasticGradientSampler::StochasticGradientSampler(const Target& target)
    : Sampler(target), estimator_(target, 0.0, 1) {}

void StochasticGradientSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  evaluations_at_reset_ = estimator_.evaluations();
}

void StochasticGradientSampler::set_gradient_params(const ParamValues& params) {
  if (estimator_.on_data()) {
    estimator_.set_batch_size(static_cast<int>(params.at("batch_size")));
  } else {
    estimator_.set_noise_var(params.at("noise_var"));
  }
}

}  // namespace sgl
