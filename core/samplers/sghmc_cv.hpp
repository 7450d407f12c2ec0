// SGHMC with control variates (the "SGHMC-CV" baseline of HMC-ECS, Dang et al. 2019 §6.2): the
// SGHMC update of Chen, Fox & Guestrin 2014, Alg. 2, eq. 13, M = I,
//   θ ← θ + ε r;   r ← r − ε ∇Ũ_cv(θ) − ε C r + N(0, 2 (C − B̂) ε)
// with ∇Ũ_cv(θ) = −[Σ_k ∇ℓ_k(θ*) + (n/b) Σ_{k∈B} (∇ℓ_k(θ) − ∇ℓ_k(θ*))] − ∇log p(θ), centred at the
// MAP θ* (gradients/control_variate_gradient.hpp). Parameters as `sghmc`, data targets only.
#pragma once

#include "core/samplers/sghmc.hpp"

namespace sgl {

class SghmcCvSampler final : public SghmcSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // Throws UserError on a target without per-datum terms.
  explicit SghmcCvSampler(const Target& target)
      : SghmcSampler(target, GradientKind::ControlVariate, "sghmc-cv") {}

  static std::vector<ParamDescriptor> descriptors();
};

}  // namespace sgl
