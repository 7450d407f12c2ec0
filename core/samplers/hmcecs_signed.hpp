// HMC-ECS, signed (Dang, Quiroz, Kohn, Tran & Villani 2019, §5; docs/algorithms.md#hmc-ecs-signed;
// estimator of Quiroz et al. 2018c). The block-Poisson estimator L̂ (block_poisson_estimator.hpp)
// is unbiased for the likelihood but may be negative, so the chain targets
//   π̃(θ, r, u) ∝ |L̂(θ; u)| p(θ) p(u) exp(−½ rᵀM⁻¹r)                              (eq. 5.2)
// and expectations are sign-corrected: E_π[ψ] = Σ_j ψ(θ_j) s_j / Σ_j s_j with s_j = sign(L̂) at
// draw j (eq. 5.3; every draw records its s). Each iteration:
//   (1) redraw κ of the λ products of L̂ (new X_l ~ Poisson(1) and minibatches, u'), accept with
//       prob min(1, |L̂(θ; u')| / |L̂(θ; u)|) (pseudo-marginal MH; ρ ≈ 1 − κ/λ);
//   (2) r ~ N(0, M); L leapfrog steps of size ε on Û = −log|L̂(θ; u)| − log p(θ) with u fixed;
//       accept with prob min(1, exp(Ĥ₀ − Ĥ_L)).
// Û has a log barrier wherever some d̂^{(h,l)}(θ) = a, so s rarely changes inside a trajectory;
// it can when a leapfrog step jumps the barrier, which is still a valid proposal.
//
// Parameters: those of hmcecs (step_size, leapfrog_steps, control_variate, expansion_subset,
// mass), `batch_size` m per minibatch (default 30, the paper's choice; no auto, λ adapts instead)
// and
//   lambda λ (0 = auto): λ = max(10, ⌈mean over 8 Laplace draws of σ²_m(θ) + d(θ)²⌉), where
//       σ²_m = n² Var_k(d_k) / m is the variance of one d̂ and d = Σ_k d_k. With a = −λ,
//       Var log|L̂| = λ E[z²] ≈ (σ²_m + d²)/λ, so this keeps it ≈ 1 (or below, at the floor of 10
//       that keeps ρ ≥ 0.9 for κ = 1); and P(d̂ < a) = Φ(−λ/σ_m) ≤ Φ(−√λ) keeps τ = P(L̂ ≥ 0)
//       near 1.
//   a (0 = auto): a = −λ. The paper asks for a close to a lower bound of d̂ with (d − a)/λ ≈ 1
//       so that ξ_l ≈ exp(d/λ); d(θ*) = 0 for Taylor proxies, so −λ centres the factors at 1.
//       a = 0 itself is never useful (half the factors would be negative), hence its use as auto.
//   kappa κ (default 1): products refreshed per iteration, 1 ≤ κ ≤ λ (κ > λ is an error for an
//       explicit λ and is clamped to λ for lambda=auto).
// hmcecs's `blocks` does not apply: the products are the blocks here.
// Cost per iteration: ≈ κm densities for (1); Σ_l X_l · m (≈ λm) densities and gradients per
// gradient evaluation in (2), plus the one-off O(n) set-up. The recorded potential is the exact
// U (not counted, as in hmcecs), H = U + ½ rᵀM⁻¹r, and each draw carries s and Σz² (the estimated
// Var log|L̂|, summary.json's loglik_var_mean). Data targets only.
#pragma once

#include <memory>
#include <vector>

#include "core/gradients/block_poisson_estimator.hpp"
#include "core/gradients/taylor_control_variates.hpp"
#include "core/samplers/hamiltonian_transition.hpp"
#include "core/samplers/sampler.hpp"

namespace sgl {

class HmcEcsSignedSampler : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // Throws UserError on an analytic target.
  explicit HmcEcsSignedSampler(const Target& target);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  bool observes_trajectories() const override { return true; }
  bool uses_metropolis() const override { return true; }

  static std::vector<ParamDescriptor> descriptors();
  // Info channels (sampler_channels.hpp), at these declaration positions; each draw carries
  // Var log|L̂| and its sign s, in that order.
  enum Channel : std::size_t {
    kSubsampleAcceptance,
    kLoglikVariance,
    kSubsampleFraction,
    kSign,
  };
  static std::vector<ChannelDescriptor> channels();

  // Internals for tests, benchmarks and the GUI (null before the first reset).
  const TaylorControlVariates* control_variates() const { return control_variates_.get(); }
  const BlockPoissonEstimator* estimator() const { return estimator_.get(); }
  int products() const { return estimator_ ? estimator_->products() : 0; }
  double lower_bound() const { return estimator_ ? estimator_->lower_bound() : 0.0; }
  int refreshed_per_iteration() const { return kappa_in_use_; }
  int lambda_in_use_ = 0;  // λ of the current estimator (given or auto)
  int current_sign() const { return value_.sign; }
  double current_log_abs_variance() const { return value_.log_abs_variance; }

  // Step (1) alone; returns whether u' was accepted.
  bool refresh_products(Rng& rng);

 private:
  void ensure_set_up(Rng& rng);
  int auto_products(Rng& rng) const;
  void refresh_gradient();
  void hamiltonian_step(Rng& rng, DrawSink& store);

  const DataTarget& data_;
  double step_size_ = 0.05;
  int leapfrog_steps_ = 24;
  int batch_size_ = 30;
  int lambda_ = 0;          // 0 = auto
  double lower_bound_ = 0;  // 0 = auto (−λ)
  int kappa_ = 1;
  TaylorOrder order_ = TaylorOrder::Second;
  std::int64_t expansion_subset_ = 0;
  bool hessian_mass_ = false;

  bool control_variates_due_ = true;
  bool estimator_due_ = true;  // m, λ, a, κ or the mass changed: redraw u and rebuild M
  std::unique_ptr<TaylorControlVariates> control_variates_;
  std::unique_ptr<BlockPoissonEstimator> estimator_;
  int kappa_in_use_ = 1;

  // Valid for the current θ and u.
  BlockPoissonValue value_;
  Vec grad_;
  bool grad_stale_ = true;

  HamiltonianTransition transition_;       // the Hamiltonian step, with the metric M
  std::vector<double> scratch_estimates_;  // the d̂ at the trajectory's start
};

}  // namespace sgl
