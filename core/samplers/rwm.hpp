// Random-walk Metropolis (Metropolis et al. 1953) with a Gaussian proposal:
//   θ' = θ + σ ξ,  ξ ~ N(0, I);  accept with probability min(1, exp(U(θ) − U(θ'))).
// The proposal is symmetric, so no proposal-density term enters the ratio. One U per step, no
// gradient.
//
// During burn-in σ is adapted by Robbins–Monro on log σ (Andrieu & Thoms 2008, Alg. 4):
//   log σ ← log σ + t^(−0.6) (α_t − α*),
// α_t the step's acceptance probability, α* = 0.234 in d ≥ 2 (Roberts, Gelman & Gilks 1997) and
// 0.44 in one dimension (Roberts & Rosenthal 2001). After burn-in σ is frozen, so the kept chain
// is a plain Metropolis chain with a fixed proposal and exact for the target. Without burn-in
// (or with `adapt` off) σ stays at `scale`. The adapted σ is reported as the `proposal_scale`
// channel.
#pragma once

#include "core/samplers/sampler.hpp"
#include "core/samplers/sampler_channels.hpp"

namespace sgl {

class RegressionScale;

class RandomWalkMetropolisSampler : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit RandomWalkMetropolisSampler(const Target& target)
      : Sampler(target), proposal_(target.dim()) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  bool uses_metropolis() const override { return true; }
  const char* divergence_hint() const override { return "try a smaller proposal scale"; }

  static std::vector<ParamDescriptor> descriptors();
  static std::vector<ChannelDescriptor> channels();
  // On regression targets an unset `scale` starts at 2.38 s/√d (s the smallest posterior sd).
  static void regression_defaults(RegressionScale& scale);

  // The acceptance rate the burn-in adaptation aims at in `dim` dimensions.
  static double target_acceptance(int dim) { return dim == 1 ? 0.44 : 0.234; }
  double proposal_scale() const { return scale_; }

 private:
  void set_scale(double scale);

  double scale_param_ = 1.0;  // the user's `scale`: where σ starts
  double scale_ = 1.0;        // σ now (adapted during burn-in)
  bool adapt_ = true;
  std::uint64_t adaptation_steps_ = 0;  // t in the Robbins–Monro gain t^(−0.6)
  double potential_ = 0.0;              // exact U at θ
  Vec proposal_;
};

}  // namespace sgl
