// HMC (Chen, Fox & Guestrin 2014, Alg. 1; Neal 2010).
//   r ~ N(0, I); L leapfrog steps of size ε with the exact ∇U;
//   accept with probability min(1, exp(H(θ₀, r₀) − H(θ_L, r_L))); `mh=false` always accepts
//   (Chen's "HMC (no MH)"). A divergent trajectory (Stan's rule) is rejected and counted.
#pragma once

#include "core/samplers/hamiltonian_transition.hpp"
#include "core/samplers/sampler.hpp"

namespace sgl {

class HmcSampler : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit HmcSampler(const Target& target);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  bool observes_trajectories() const override { return true; }
  bool uses_metropolis() const override { return true; }

  static std::vector<ParamDescriptor> descriptors();

 private:
  double step_size_ = 0.1;
  int leapfrog_steps_ = 20;
  bool metropolis_ = true;
  double potential_ = 0.0;  // exact U at θ
  Vec grad_;                // exact ∇U at θ
  HamiltonianTransition transition_;
};

}  // namespace sgl
