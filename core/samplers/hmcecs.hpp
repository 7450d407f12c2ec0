// HMC-ECS, perturbed (Dang, Quiroz, Kohn, Tran & Villani 2019, Alg. 1, §3–4;
// docs/algorithms.md#hmc-ecs-perturbed). Each iteration, with a subsample u of m indices in G
// blocks:
//   (1) redraw one block of u (u'), accept with prob min(1, exp(log L̂(θ; u') − log L̂(θ; u)));
//   (2) r ~ N(0, M); L leapfrog steps of size ε on Ĥ = Û(θ; u) + ½ rᵀM⁻¹r with u fixed; accept with
//       prob min(1, exp(Ĥ₀ − Ĥ_L)),
// where log L̂ = ℓ̂ − ½σ̂² uses second-order (or `taylor1`) Taylor control variates around the MAP
// θ* (taylor_control_variates.hpp) and Û = −log L̂ − log p (ecs_subsample.hpp). The same
// subsample drives the dynamics and the acceptance, which is what keeps α_θ high. The target is
// the perturbed posterior π_m(θ) ∝ E_u[L̂(θ; u)] p(θ), within O(1/(n m²)) of the true one.
//
// Parameters: `mass` identity or hessian (M = −∇²log π(θ*)); `batch_size` m, 0 = auto: m =
// ⌈n² V̄⌉ with V̄ the mean over 8 Laplace draws θ ~ N(θ*, (−∇²log π(θ*))⁻¹) of the variance of d_k(θ)
// over the data, so that E σ̂² ≈ 1 around θ* (at θ* itself every d_k and so σ̂² vanish), clamped
// to [G, n]. Cost per iteration: m/G densities for (1), m densities and m gradients per gradient
// evaluation in (2); the one-off O(n) set-up (Newton for θ*, the full pass) is counted once.
// The recorded potential is the exact U (one O(n) pass per recorded draw, a diagnostic that is not
// counted); the recorded H is U + ½ rᵀM⁻¹r. Data targets only.
#pragma once

#include <memory>
#include <vector>

#include "core/gradients/ecs_subsample.hpp"
#include "core/gradients/taylor_control_variates.hpp"
#include "core/samplers/hamiltonian_transition.hpp"
#include "core/samplers/sampler.hpp"

namespace sgl {

class HmcEcsSampler : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // Throws UserError on an analytic target.
  explicit HmcEcsSampler(const Target& target);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  bool observes_trajectories() const override { return true; }
  bool uses_metropolis() const override { return true; }

  static std::vector<ParamDescriptor> descriptors();
  // Info channels (sampler_channels.hpp), at these declaration positions.
  enum Channel : std::size_t { kSubsampleAcceptance, kLoglikVariance, kSubsampleFraction };
  static std::vector<ChannelDescriptor> channels();

  // Internals for tests, benchmarks and the GUI (null / −1 before the first reset).
  const TaylorControlVariates* control_variates() const { return control_variates_.get(); }
  const EcsSubsample* subsample() const { return subsample_.get(); }
  int last_refreshed_block() const { return last_refreshed_block_; }
  double current_variance() const { return estimate_.variance; }  // σ̂²(θ; u)
  int subsample_size() const { return subsample_ ? subsample_->size() : 0; }
  const Metric& mass() const { return transition_.metric(); }

  // One block refresh (step 1) alone; returns whether u' was accepted.
  bool refresh_subsample_block(Rng& rng);

 private:
  void ensure_set_up(Rng& rng);
  int auto_batch_size(Rng& rng) const;
  void refresh_gradient();
  bool hamiltonian_step(Rng& rng, DrawSink& store);

  const DataTarget& data_;
  double step_size_ = 0.05;
  int leapfrog_steps_ = 24;
  int batch_size_ = 100;  // 0 = auto
  int blocks_ = 100;
  TaylorOrder order_ = TaylorOrder::Second;
  std::int64_t expansion_subset_ = 0;
  bool hessian_mass_ = false;

  bool control_variates_due_ = true;  // the expansion (θ*, A, B) must be (re)built
  bool subsample_due_ = true;         // m, G or the mass changed: rebuild u and M
  std::unique_ptr<TaylorControlVariates> control_variates_;
  std::unique_ptr<EcsEstimator> estimator_;
  std::unique_ptr<EcsSubsample> subsample_;
  int last_refreshed_block_ = -1;

  // Valid for the current θ and u: d_{u_i}(θ), ℓ̂ and σ̂², ∇Û.
  std::vector<double> differences_;
  EcsEstimate estimate_;
  Vec grad_;
  bool grad_stale_ = true;

  // The Hamiltonian step (with the metric M) and scratch: the differences at the trajectory's
  // start and the proposed block.
  HamiltonianTransition transition_;
  std::vector<double> differences_start_, differences_proposed_;
  std::vector<std::int64_t> previous_block_;
};

}  // namespace sgl
