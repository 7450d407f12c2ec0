// Stochastic gradient Nosé–Hoover thermostat, SGNHT (Ding, Fang, Babbush, Chen, Skeel & Neven
// 2014, Alg. 1), M = I, d = dim θ:
//   r ← r − ξ r ε − ∇Ũ(θ) ε + √(2A) N(0, ε)
//   θ ← θ + ε r
//   ξ ← ξ + (rᵀr/d − 1) ε
// The thermostat ξ is a friction that adapts itself: it grows while the kinetic energy per
// dimension is above ½ (the temperature is too high) and shrinks while it is below, so at
// stationarity ξ ≈ A + B with B = ½εV the unknown gradient-noise diffusion — the friction SGHMC
// has to be told (C with B̂ = B). ξ starts at A (`diffusion`) at every reset. Asymptotically
// exact as ε → 0; no MH. One ∇Ũ per step. ξ is reported as the `thermostat` channel.
#pragma once

#include "core/samplers/sampler_channels.hpp"
#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class SgnhtSampler : public StochasticGradientSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit SgnhtSampler(const Target& target)
      : StochasticGradientSampler(target), grad_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  bool observes_trajectories() const override { return true; }
  const char* divergence_hint() const override { return "try a smaller step size"; }
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();
  static std::vector<ChannelDescriptor> channels();

  double thermostat() const { return thermostat_; }

 private:
  double step_size_ = 0.1;
  double diffusion_ = 1.0;    // A
  double injected_sd_ = 0.0;  // √(2Aε)
  double thermostat_ = 1.0;   // ξ
  Vec grad_;
};

}  // namespace sgl
