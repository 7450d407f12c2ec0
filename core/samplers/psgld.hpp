// Preconditioned SGLD, pSGLD (Li, Chen, Carlson & Carin 2016, Alg. 1), in SGLD's form here
// (θ − (ε/2)∇Ũ + N(0, ε)), element-wise:
//   g = ∇Ũ(θ);  V ← αV + (1 − α) g ⊙ g;  G = 1 ⊘ (λ + √V)
//   θ ← θ − (ε/2) G ⊙ g + N(0, ε G)
// The RMSprop preconditioner G shrinks the step where gradients are large and stretches it where
// they are small, so one ε suits coordinates of very different scales. α = 0.99, λ = 10⁻⁵ as the
// EWSG paper sets them.
//
// The paper's correction term Γ_i(θ) = Σ_j ∂G_ij/∂θ_j is DROPPED, as the paper does in its
// experiments (it needs second derivatives; Li et al. §3 bound the bias it leaves by a term
// that vanishes as α → 1, since only the fraction 1 − α of V depends on the current θ). The
// chain is therefore biased even as ε → 0 where G varies with θ; the registry declares it
// `biased` with that warning.
//
// V is built from ∇Ũ itself (the paper's ḡ is the per-datum mean ∇Ũ/n), so ε means the same on
// analytic and data targets; the paper's ε is ours / n. V starts at the first step's g ⊙ g, not
// at 0 (with 0 the first steps would be 1/√(1−α) = 10× too long), and no coordinate starts below
// the coordinates' mean g² (a near-zero first gradient would give G ≈ 1/λ). One ∇Ũ per step. The
// geometric mean of G over the coordinates is the `preconditioner` channel (ε·Ḡ is the SGLD
// step the chain effectively takes).
#pragma once

#include "core/samplers/sampler_channels.hpp"
#include "core/samplers/stochastic_gradient_sampler.hpp"

namespace sgl {

class RegressionScale;

class PsgldSampler : public StochasticGradientSampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  explicit PsgldSampler(const Target& target)
      : StochasticGradientSampler(target),
        grad_(target.dim()),
        second_moment_(Vec::Zero(target.dim())) {}
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();
  static std::vector<ChannelDescriptor> channels();
  // On regression targets an unset ε makes the effective step ε·G = 0.1 s² (SGLD's default)
  // with G ≈ 1/√(per-coordinate minibatch gradient variance at the MAP).
  static void regression_defaults(RegressionScale& scale);

  static constexpr double kDecay = 0.99;        // α
  static constexpr double kRegulariser = 1e-5;  // λ
  static constexpr const char* kBiasWarning =
      " drops the correction term Γ(θ) of Li et al. (as they do in practice): where the "
      "preconditioner G varies with θ its draws are biased even as ε → 0 (the bias shrinks as "
      "α → 1); use sgld or mala where exactness matters";

 private:
  double step_size_ = 0.01;
  bool primed_ = false;  // V holds a gradient's square (set at the first step after a reset)
  double mean_preconditioner_ = 1.0;  // Ḡ, the geometric mean of G at the last step
  Vec grad_;
  Vec second_moment_;  // V
};

}  // namespace sgl
