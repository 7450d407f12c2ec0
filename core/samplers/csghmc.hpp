// Cyclical SGHMC, cSGHMC (Zhang, Li, Zhang, Chen & Wilson 2020, Alg. 1 with SGHMC), in the
// SGD-with-momentum form their code uses (Chen et al. §3.3: v = εr, η = ε², α = εC), with the
// cosine learning rate η_k = s_k of cyclical_sampler.hpp (peak η = `learning_rate`) and the
// momentum decay α fixed:
//   exploration stage (r_k < β):  v ← (1 − α)v − η_k∇Ũ(θ);                  θ ← θ + v (not kept)
//   sampling stage    (r_k ≥ β):  v ← (1 − α)v − η_k∇Ũ(θ) + N(0, 2αη_k);   θ ← θ + v (kept)
// The recorded momentum is r = v/√η_k (SGHMC's r at this step). Asymptotically exact as the kept
// steps → 0 (the gradient noise's ½η_kV share of the velocity noise is not subtracted: it
// vanishes with η_k); no MH. One ∇Ũ per step.
#pragma once

#include "core/samplers/cyclical_sampler.hpp"

namespace sgl {

class CsghmcSampler : public CyclicalSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit CsghmcSampler(const Target& target)
      : CyclicalSampler(target), grad_(target.dim()), velocity_(Vec::Zero(target.dim())) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();

 private:
  double learning_rate_ = 0.05;  // the peak η
  double momentum_decay_ = 0.1;  // α
  Vec grad_;
  Vec velocity_;
};

}  // namespace sgl
