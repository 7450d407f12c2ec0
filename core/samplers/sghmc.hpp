// SGHMC with friction (Chen, Fox & Guestrin 2014, Alg. 2, eq. 13), M = I:
//   θ ← θ + ε r;   r ← r − ε ∇Ũ(θ) − ε C r + N(0, 2 (C − B̂) ε)
// The friction term uses the momentum from before the update. C = `friction`, B̂ =
// `noise_estimate` (the true value for analytic targets is B = ½ ε V). C < B̂ is rejected.
// Optional momentum resampling every `resample_every` steps. No MH.
#pragma once

#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class SghmcSampler : public StochasticGradientSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // sghmc-cv passes GradientKind::ControlVariate and its id: the same update, another gradient.
  explicit SghmcSampler(const Target& target, GradientKind gradient = GradientKind::Minibatch,
                        const std::string& id = "sghmc")
      : StochasticGradientSampler(target, gradient, id), id_(id), grad_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  const char* divergence_hint() const override {
    return "try a smaller step size or more friction";
  }
  bool observes_trajectories() const override { return true; }
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();
  // Traits sghmc-cv shares: biased without friction; the panel's {ε, C, B̂} view, whose gradient
  // estimate is the one thing that differs.
  static bool biased_without_friction(const ParamValues& params);
  static GradientNoiseView friction_noise_view(const ParamValues& params,
                                               GradientEstimate estimate);

 private:
  std::string id_;  // "sghmc" or "sghmc-cv", for error messages
  double step_size_ = 0.1;
  double friction_ = 1.0;
  double injected_sd_ = 0.0;  // √(2 (C − B̂) ε)
  std::uint64_t resample_every_ = 0;
  Vec grad_;
};

}  // namespace sgl
