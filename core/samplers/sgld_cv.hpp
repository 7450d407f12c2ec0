// SGLD with control variates (Baker, Fearnhead, Fox & Nemeth 2017; the "SGLD-CV" baseline of
// HMC-ECS, Dang et al. 2019 §6.2): the SGLD update
//   θ ← θ − (ε/2) ∇Ũ_cv(θ) + N(0, ε)
// with ∇Ũ_cv(θ) = −[Σ_k ∇ℓ_k(θ*) + (n/b) Σ_{k∈B} (∇ℓ_k(θ) − ∇ℓ_k(θ*))] − ∇log p(θ), centred at the
// MAP θ* (gradients/control_variate_gradient.hpp). Parameters as `sgld`, data targets only.
#pragma once

#include "core/samplers/sgld.hpp"

namespace sgl {

class SgldCvSampler final : public SgldSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // Throws UserError on a target without per-datum terms.
  explicit SgldCvSampler(const Target& target)
      : SgldSampler(target, GradientKind::ControlVariate, "sgld-cv") {}

  static std::vector<ParamDescriptor> descriptors();
};

}  // namespace sgl
