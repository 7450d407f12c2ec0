#include "core/samplers/sgd_momentum.hpp"

#include <cmath>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

std::vector<ParamDescriptor> SgdMomentumSampler::descriptors() {
  return {
      {"learning_rate", "learning rate η", ParamKind::Real, 1e-8, 10.0, 0.01, true,
       "Gradient step η (= ε² in SGHMC terms)"},
      {"momentum_decay", "momentum decay α", ParamKind::Real, 0.0, 1.0, 0.1, false,
       "Fraction of the velocity lost per step (= εC in SGHMC terms)"},
      noise_var_param(),
      batch_size_param(),
  };
}

void SgdMomentumSampler::set_params(const ParamValues& params) {
  // A change of η mid-run keeps the velocity v; the reported r = v/√η rescales with it.
  learning_rate_ = params.at("learning_rate");
  momentum_decay_ = params.at("momentum_decay");
  set_gradient_params(params);
}

void SgdMomentumSampler::reset(const Vec& theta0, Rng& rng) {
  StochasticGradientSampler::reset(theta0, rng);
  // Start at rest like an optimiser; r_ mirrors v/√η.
  velocity_.setZero();
  r_.setZero();
  remember_good_state(target_.potential(theta_.data()));
}

void SgdMomentumSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  const double momentum_scale = 1.0 / std::sqrt(learning_rate_);
  for (std::uint64_t s = 0; s < steps; ++s) {
    for (int i = 0; i < dim; ++i) theta_[i] += velocity_[i];
    estimate_gradient(theta_.data(), grad_.data(), rng);
    for (int i = 0; i < dim; ++i) {
      velocity_[i] += -learning_rate_ * grad_[i] - momentum_decay_ * velocity_[i];
      r_[i] = velocity_[i] * momentum_scale;
    }
    if (!finish_free_step(store)) {
      velocity_ = r_ / momentum_scale;  // the state reverted to the last good draw
      break;
    }
  }
  sync_gradient_count();
}

std::string SgdMomentumSampler::divergence_cause() const {
  return "learning rate η too large for the curvature (or momentum decay α too small): the "
         "iterates overshoot the mode and grow; lower η or raise α";
}

SamplerInfo SgdMomentumSampler::info() {
  return {"sgd-momentum",
          "SGD with momentum",
          "SGD-momentum",
          "Chen, Fox & Guestrin 2014, eq. 15 without noise",
          "θ += v; v += −η∇Ũ(θ) − αv (an optimiser: collapses to a mode)",
          SgdMomentumSampler::descriptors(),
          sampler_factory<SgdMomentumSampler>(),
          {.output_kind = OutputKind::Optimiser,
           .regression_defaults = sgd_momentum_regression_defaults,
           .palette_slot = 6}};
}

}  // namespace sgl
