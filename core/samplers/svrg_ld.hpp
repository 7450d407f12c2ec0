// SVRG-LD, stochastic variance-reduced gradient Langevin dynamics (Dubey, Reddi, Póczos, Smola,
// Xing & Williams 2016, Alg. 1), in SGLD's form:
//   every epoch of m = ⌈n/b⌉ steps: snapshot θ̃ ← θ and its full gradient g̃ = ∇U(θ̃) (n data);
//   each step, B a minibatch of b data drawn uniformly with replacement:
//     ∇Ũ_svrg(θ) = g̃ − (n/b) Σ_{k∈B} (∇ℓ_k(θ) − ∇ℓ_k(θ̃)) − (∇log p(θ) − ∇log p(θ̃))
//     θ ← θ − (ε/2) ∇Ũ_svrg(θ) + N(0, ε)
// ∇Ũ_svrg is unbiased for ∇U(θ) and its variance vanishes as θ → θ̃: a control variate whose
// centre follows the chain (sgld-cv's stays at the MAP, found once; control_variate_gradient.hpp),
// so it needs no mode and no set-up beyond the first snapshot. Cost per datum: n at each
// snapshot (the first at reset) plus 2b per step. Data targets only; asymptotically exact as
// ε → 0, no MH.
#pragma once

#include <vector>

#include "core/samplers/sampler.hpp"

namespace sgl {

class DataTarget;

class SvrgLdSampler : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // Throws UserError on a target without per-datum terms.
  explicit SvrgLdSampler(const Target& target);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();

  // Steps between snapshots: ⌈n/b⌉ (one epoch of minibatches).
  std::int64_t epoch_steps() const { return epoch_steps_; }

 private:
  void take_snapshot();
  void estimate_gradient(Rng& rng);

  const DataTarget& data_;
  double step_size_ = 0.01;
  int batch_size_ = 32;
  std::int64_t epoch_steps_ = 1;
  std::int64_t steps_since_snapshot_ = 0;
  Vec snapshot_;           // θ̃
  Vec snapshot_gradient_;  // g̃ = ∇U(θ̃)
  Vec grad_;
  std::vector<std::int64_t> indices_;
};

}  // namespace sgl
