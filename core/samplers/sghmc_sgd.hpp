// SGHMC in its SGD-with-momentum form (Chen, Fox & Guestrin 2014, §3.3, eq. 15;
// docs/algorithms.md#sghmc-sgd-form):
//   θ ← θ + v;   v ← v − η ∇Ũ(θ) − α v + N(0, 2(α − β̂) η)
// η = `learning_rate` (= ε² with M = I), α = `momentum_decay` (= εC), β̂ = `noise_estimate`
// (= εB̂; the true value on an analytic target is ½ηV). It is `sghmc` with v = εr, written the
// way the paper connects it to SGD with momentum; without the noise it is `sgd-momentum`.
// β̂ ≥ α is refused (the injected variance would not be positive). The velocity starts at
// v = √η r₀ with the r₀ ~ N(0, I) of the reset, and the recorded momentum is r = v/√η. No MH;
// one gradient per step.
#pragma once

#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class SghmcSgdSampler : public StochasticGradientSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit SghmcSgdSampler(const Target& target)
      : StochasticGradientSampler(target), grad_(target.dim()), velocity_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  const char* divergence_hint() const override {
    return "try a smaller learning rate or more momentum decay";
  }
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();

 private:
  double learning_rate_ = 0.01;
  double momentum_decay_ = 0.1;
  double injected_sd_ = 0.0;  // √(2(α − β̂)η)
  Vec grad_;
  Vec velocity_;
};

}  // namespace sgl
