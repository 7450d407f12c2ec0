// Naive stochastic-gradient HMC (Chen, Fox & Guestrin 2014, §3.1): HMC with ∇Ũ in place of ∇U
// inside the leapfrog. Momentum r ~ N(0, I) is redrawn every `leapfrog_steps` steps (Fig. 1 uses
// 50; 0 = never, Fig. 2's diverging "noisy Hamiltonian dynamics").
//  - mh=false (default): one step is one leapfrog step, so the phase-space path is continuous;
//    the recorded momentum is the velocity-Verlet (synchronised) one.
//  - mh=true (Chen's "with MH"): one step is a whole trajectory of `leapfrog_steps` steps followed
//    by an MH test with the exact, full-data H; only trajectory end points are draws.
#pragma once

#include "core/samplers/hamiltonian_transition.hpp"
#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class NaiveSghmcSampler : public StochasticGradientSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit NaiveSghmcSampler(const Target& target);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  std::string divergence_cause() const override;
  bool observes_trajectories() const override { return true; }
  bool uses_metropolis() const override { return metropolis_; }
  const char* divergence_hint() const override {
    return "try a smaller step size, or resample r more often";
  }

  static std::vector<ParamDescriptor> descriptors();

 private:
  void run_dynamics(std::uint64_t steps, Rng& rng, DrawSink& store);
  void run_metropolis(std::uint64_t steps, Rng& rng, DrawSink& store);

  double step_size_ = 0.1;
  int leapfrog_steps_ = 50;
  bool metropolis_ = false;
  Vec grad_;  // the noisy gradient estimate at θ, shared by consecutive leapfrog steps
  double potential_ = 0.0;        // exact U at θ (MH mode)
  bool potential_stale_ = false;  // θ moved without MH since potential_ was computed
  HamiltonianTransition transition_;
};

}  // namespace sgl
