// Cyclical SGLD, cSGLD (Zhang, Li, Zhang, Chen & Wilson 2020, Alg. 1 with SGLD), in SGLD's form
// with the cosine step s_k = ε_k of cyclical_sampler.hpp (peak ε = `step_size`):
//   exploration stage (r_k < β):  θ ← θ − (ε_k/2)∇Ũ(θ)               (SGD, not kept)
//   sampling stage    (r_k ≥ β):  θ ← θ − (ε_k/2)∇Ũ(θ) + N(0, ε_k)    (SGLD, kept)
// The large steps at the top of each cycle carry the chain to other modes; the small steps at its
// end sample the mode it is in accurately. Asymptotically exact as the kept steps → 0; no MH. One
// ∇Ũ per step. No momentum: the recorded r is 0.
#pragma once

#include "core/samplers/cyclical_sampler.hpp"

namespace sgl {

class CsgldSampler : public CyclicalSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit CsgldSampler(const Target& target) : CyclicalSampler(target), grad_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();

 private:
  double step_size_ = 0.1;  // the peak ε
  Vec grad_;
};

}  // namespace sgl
