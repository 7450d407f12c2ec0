#include "core/samplers/sghmc_sgd.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {

std::vector<ParamDescriptor> SghmcSgdSampler::descriptors() {
  return {
      {"learning_rate", "learning rate η", ParamKind::Real, 1e-8, 10.0, 0.01, true,
       "Gradient step η (= ε² in SGHMC terms); no MH, so the bias shrinks only as η → 0"},
      {"momentum_decay", "momentum decay α", ParamKind::Real, 0.0, 1.0, 0.1, false,
       "Fraction of the velocity lost per step (= εC in SGHMC terms); must exceed β̂"},
      {"noise_estimate", "noise estimate β̂", ParamKind::Real, 0.0, 1.0, 0.0, false,
       "Estimate of the gradient noise's share ½ηV of the velocity noise, subtracted from the "
       "injected N(0, 2(α − β̂)η); must stay below α"},
      noise_var_param(),
      batch_size_param(),
  };
}

void SghmcSgdSampler::set_params(const ParamValues& params) {
  const double learning_rate = params.at("learning_rate");
  const double momentum_decay = params.at("momentum_decay");
  const double noise_estimate = params.at("noise_estimate");
  if (noise_estimate >= momentum_decay) {
    std::ostringstream msg;
    msg << "sghmc-sgd: noise_estimate β̂ = " << noise_estimate
        << " must be below momentum_decay α = " << momentum_decay
        << "; the injected noise variance 2(α − β̂)η would not be positive";
    throw UserError(msg.str());
  }
  // A change of η mid-run keeps the velocity v; the reported r = v/√η rescales with it.
  learning_rate_ = learning_rate;
  momentum_decay_ = momentum_decay;
  injected_sd_ = std::sqrt(2.0 * (momentum_decay - noise_estimate) * learning_rate);
  set_gradient_params(params);
}

void SghmcSgdSampler::reset(const Vec& theta0, Rng& rng) {
  StochasticGradientSampler::reset(theta0, rng);
  // v = εr with ε = √η: the velocity of the momentum r₀ ~ N(0, I) the reset drew.
  velocity_ = std::sqrt(learning_rate_) * r_;
}

void SghmcSgdSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  const double momentum_scale = 1.0 / std::sqrt(learning_rate_);
  const double velocity_keep = 1.0 - momentum_decay_;
  for (std::uint64_t s = 0; s < steps; ++s) {
    for (int i = 0; i < dim; ++i) theta_[i] += velocity_[i];
    estimate_gradient(theta_.data(), grad_.data(), rng);
    // v ← v − η∇Ũ(θ) − αv + N(0, 2(α − β̂)η), the decay on the velocity from before the update.
    for (int i = 0; i < dim; ++i) {
      velocity_[i] =
          velocity_keep * velocity_[i] - learning_rate_ * grad_[i] + injected_sd_ * rng.normal();
      r_[i] = velocity_[i] * momentum_scale;
    }
    if (!finish_free_step(store)) {
      velocity_ = r_ / momentum_scale;  // the state reverted to the last good draw
      break;
    }
  }
  sync_gradient_count();
}

std::string SghmcSgdSampler::divergence_cause() const {
  // With v = εr this is SGHMC's map at εC = α and ε²λ = ηλ: stable iff α < 2 and 2α + ηλ < 4.
  std::ostringstream cause;
  cause.precision(3);
  // Within the limits the usual cause on data is the minibatch noise: η²·Cov(G_B) against the
  // injected 2αη, SGHMC's noise ratio with step η and friction α.
  if (momentum_decay_ < 2.0) {
    const std::string noise = minibatch_noise_cause(
        learning_rate_, momentum_decay_, "2α + ηλ_max",
        [&](double lambda) { return 2.0 * momentum_decay_ + learning_rate_ * lambda; }, "η");
    if (!noise.empty()) return noise;
  }
  cause << "learning rate η = " << learning_rate_
        << " too large for the curvature at α = " << momentum_decay_
        << " (stable needs 2α + ηλ_max < 4); lower η";
  return cause.str();
}

SamplerInfo SghmcSgdSampler::info() {
  return {"sghmc-sgd",
          "SGHMC (SGD form)",
          "SGHMC-SGD",
          "Chen, Fox & Guestrin 2014, §3.3, eq. 15",
          "θ += v; v += −η∇Ũ(θ) − αv + N(0, 2(α−β̂)η) (SGHMC with v = εr)",
          SghmcSgdSampler::descriptors(),
          sampler_factory<SghmcSgdSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .stability = sghmc_sgd_stability(),
           .regression_defaults = minibatch_sghmc_sgd_regression_defaults,
           .biased_when =
               [](const ParamValues& p) { return param_or(p, "momentum_decay", 1.0) == 0.0; },
           // v = εr, η = ε², α = εC, β̂ = εB̂ (Chen et al. §3.3).
           .gradient_noise_view =
               [](const ParamValues& p) {
                 const double step = std::sqrt(param_or(p, "learning_rate", 0.0));
                 if (step <= 0.0) return GradientNoiseView{};
                 return GradientNoiseView{step, param_or(p, "momentum_decay", 0.0) / step,
                                          param_or(p, "noise_estimate", 0.0) / step,
                                          GradientEstimate::Minibatch};
               },
           .palette_slot = 7}};
}

}  // namespace sgl
