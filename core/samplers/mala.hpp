// Metropolis-adjusted Langevin algorithm (Roberts & Tweedie 1996, eq. 2.2 with h = ε; Besag 1994):
//   θ' = θ − (ε/2) ∇U(θ) + √ε ξ,  ξ ~ N(0, I),  i.e.  q(θ' | θ) = N(θ − (ε/2)∇U(θ), ε I);
//   accept with probability min(1, exp(U(θ) − U(θ') + log q(θ | θ') − log q(θ' | θ))),
//   log q(b | a) = −‖b − a + (ε/2)∇U(a)‖² / (2ε) + const.
// ε is `sgld`'s ε (its proposal is exactly one SGLD step with the exact gradient), so an SGLD and
// a MALA chain at the same ε differ only by the MH test, and the two share the Langevin stability
// rule (ε < 4/λ_max) and regression defaults. (In the other common convention, θ − ε'∇U +
// √(2ε') ξ, ε' = ε/2.) The proposal is asymmetric, so the q ratio is what makes the chain exact
// at any ε. Per step one U and one ∇U at θ' (the current point's are cached). It is one leapfrog
// step of HMC with step √ε, so Stan's divergence rule applies to −log of the acceptance ratio.
#pragma once

#include "core/samplers/sampler.hpp"

namespace sgl {

class RegressionScale;

class MalaSampler : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit MalaSampler(const Target& target)
      : Sampler(target),
        grad_(Vec::Zero(target.dim())),
        proposal_(target.dim()),
        proposal_grad_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  bool uses_metropolis() const override { return true; }

  static std::vector<ParamDescriptor> descriptors();
  // On regressions: ε = 1.65²·d^(−1/3)·s² (s the smallest posterior sd), Roberts & Rosenthal's
  // scaling for an acceptance near 0.574. SGLD's 0.1s² accepted 99.6 % and mixed 20× slower
  // (R-hat 1.31 and ESS 29 from 4 × 20 000 draws on the 1 179-row regression of docs/accuracy.md).
  static void regression_defaults(RegressionScale& scale);
  // log q(to | from) up to a constant, for the proposal N(from − (ε/2)∇U(from), εI).
  static double log_proposal_density(const Vec& to, const Vec& from, const Vec& grad_from,
                                     double step_size);

 private:
  double step_size_ = 0.1;
  double potential_ = 0.0;  // exact U at θ
  Vec grad_;                // exact ∇U at θ
  Vec proposal_;
  Vec proposal_grad_;
};

}  // namespace sgl
