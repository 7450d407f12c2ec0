// SGD with momentum (Chen, Fox & Guestrin 2014, eq. 15 without the noise term): an optimiser
// that collapses to a mode, shown to contrast with SGHMC, which is the same update plus noise.
//   θ ← θ + v;   v ← v − η ∇Ũ(θ) − α v
// η = `learning_rate` (= ε² in SGHMC's terms), α = `momentum_decay` (= εC). The recorded
// momentum is r = v/√η, the SGHMC momentum this velocity corresponds to.
#pragma once

#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class SgdMomentumSampler : public StochasticGradientSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit SgdMomentumSampler(const Target& target)
      : StochasticGradientSampler(target), grad_(target.dim()), velocity_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();

 private:
  double learning_rate_ = 0.01;
  double momentum_decay_ = 0.1;
  Vec grad_;
  Vec velocity_;
};

}  // namespace sgl
