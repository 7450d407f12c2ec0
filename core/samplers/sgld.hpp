// SGLD (Welling & Teh 2011; the form used in HMC-ECS §6.2):
//   θ ← θ − (ε/2) ∇Ũ(θ) + N(0, ε)
// Fixed ε by default; with schedule_a > 0 the step is ε_t = a (b + t)^(−γ) (t = step index).
// SGLD has no momentum: the recorded r is 0, so H = U.
#pragma once

#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class SgldSampler : public StochasticGradientSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // sgld-cv passes GradientKind::ControlVariate and its id: the same update, another gradient.
  explicit SgldSampler(const Target& target, GradientKind gradient = GradientKind::Minibatch,
                       const std::string& id = "sgld")
      : StochasticGradientSampler(target, gradient, id), grad_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();

 private:
  double step_size_ = 0.01;
  double schedule_a_ = 0.0;
  double schedule_b_ = 1.0;
  double schedule_gamma_ = 0.55;
  Vec grad_;
};

}  // namespace sgl
