#include "core/samplers/csghmc.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

std::vector<ParamDescriptor> CsghmcSampler::descriptors() {
  std::vector<ParamDescriptor> params = {
      {"learning_rate", "peak learning rate η", ParamKind::Real, 1e-8, 10.0, 0.05, true,
       "Learning rate η (= ε² in SGHMC terms) at the start of each cycle; the peak must stay "
       "below (4 − 2α)/λ_max or the cycle's top diverges"},
      {"momentum_decay", "momentum decay α", ParamKind::Real, 1e-4, 1.0, 0.1, false,
       "Fraction of the velocity lost per step (= εC in SGHMC terms); the injected velocity "
       "noise is N(0, 2αη_k)"},
  };
  for (ParamDescriptor& cycle : cycle_descriptors()) params.push_back(std::move(cycle));
  params.push_back(noise_var_param());
  params.push_back(batch_size_param());
  return params;
}

void CsghmcSampler::set_params(const ParamValues& params) {
  learning_rate_ = params.at("learning_rate");
  momentum_decay_ = params.at("momentum_decay");
  set_cycle_params(params);
  set_gradient_params(params);
}

void CsghmcSampler::reset(const Vec& theta0, Rng& rng) {
  CyclicalSampler::reset(theta0, rng);
  // v = ε r at the first step's η (the peak): the momentum r₀ ~ N(0, I) the reset drew.
  velocity_ = std::sqrt(learning_rate_) * r_;
}

void CsghmcSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  const double keep = 1.0 - momentum_decay_;
  for (std::uint64_t s = 0; s < steps; ++s) {
    const Stage stage = stage_at(counters_.steps + 1, learning_rate_);
    estimate_gradient(theta_.data(), grad_.data(), rng);
    const double noise_sd = stage.exploring ? 0.0 : std::sqrt(2.0 * momentum_decay_ * stage.step);
    const double momentum_scale = 1.0 / std::sqrt(stage.step);
    for (int i = 0; i < dim; ++i) {
      velocity_[i] = keep * velocity_[i] - stage.step * grad_[i];
      if (noise_sd > 0.0) velocity_[i] += noise_sd * rng.normal();
      theta_[i] += velocity_[i];
      r_[i] = velocity_[i] * momentum_scale;
    }
    if (!finish_cyclical_step(store, stage)) {
      velocity_ = r_ / momentum_scale;  // the state reverted to the last good draw
      break;
    }
  }
  sync_gradient_count();
}

std::string CsghmcSampler::divergence_cause() const {
  std::ostringstream cause;
  cause.precision(3);
  cause << "the cycle's peak learning rate η = " << learning_rate_
        << " is too large for the curvature at α = " << momentum_decay_
        << " (stable needs 2α + ηλ_max < 4): lower η";
  return cause.str();
}

SamplerInfo CsghmcSampler::info() {
  return {"csghmc",
          "Cyclical SGHMC",
          "cSGHMC",
          "Zhang, Li, Zhang, Chen & Wilson 2020, Alg. 1 (with SGHMC, SGD form)",
          "η_k = (η/2)(cos πr_k + 1); v ← (1−α)v − η_k∇Ũ(θ) [+ N(0, 2αη_k) when r_k ≥ β, kept]; "
          "θ += v",
          CsghmcSampler::descriptors(),
          sampler_factory<CsghmcSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .channels = CyclicalSampler::channels(),
           .stability = sghmc_sgd_stability(),
           .regression_defaults = CyclicalSampler::csghmc_regression_defaults,
           .palette_slot = 5}};
}

}  // namespace sgl
