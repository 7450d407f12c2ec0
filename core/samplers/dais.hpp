// DAIS, NS-DAIS and SL-DAIS (Jankowiak & Phan 2021, Algs. 1–3; Geffner & Domke 2021;
// docs/algorithms.md#dais-ns-dais-and-sl-dais). A variational family q_fwd(z_K):
// z₀ ~ q₀ = N(μ, diag s²), then K transitions, each a partial momentum refresh
// v ← γv + √(1−γ²)ξ and one leapfrog step of
// V_k(z) = −(1−β_k) log q₀(z) − β_k [log p(z) + Ψ(z)] without MH. The ELBO
//   log w = log p(z_K) + Ψ_final(z_K) − log q₀(z₀) − Σ_k (½‖v_out,k‖² − ½‖v_in,k‖²)
// is maximised by Adam with exact reparameterised gradients (a hand-derived adjoint through all K
// leapfrog steps, vi/dais_objective.hpp) over μ, s, β (positive increments, cumulative sum,
// β_K = 1), η ≤ η_max = 0.25, γ, and for SL-DAIS the surrogate weights ω > 0.
//   dais:    Ψ = Ψ_final = the full log likelihood. O(nK) per sample.
//   ns-dais: Ψ = (n/B) Ψ_L(D_J, ·) with one minibatch J per ELBO sample; Ψ_final the same with an
//            independent minibatch I.
//   sl-dais: Ψ = Σ_j ω_j ℓ_{s_j} on N_surr random data points (RAND ansatz), ω_j = n/N_surr
//            initially (learnable unless learn_weights=false); Ψ_final as in NS-DAIS.
// Minibatches are drawn without replacement (the paper's q(I)); a batch_size ≥ n is all the data.
//
// As a Sampler: the first `iterations` steps are Adam steps (each on `elbo_samples` ELBO samples;
// learning rate dropping ×10 at 1/3 and at 2/3 of the iterations, the paper's schedule shape),
// which record no draw; every later step is one independent draw z_K ~ q_fwd (momentum v_K),
// whose log w with the exact final term −U(z_K) feeds the reported ELBO estimate (the same ELBO
// in expectation as the minibatch final term, with less variance). Deviations from the paper:
// the mass matrix is fixed at M = I (the paper learns a diagonal M), one η for all steps, and the
// default learning rate is 1e−2 rather than 1e−3 because runs here are 10³–10⁴ steps, not 3·10⁵.
// Per-datum counts: each ELBO sample costs (K+1) gradients and (K+1) Hessian-vector products of
// Ψ (counted as gradients), plus (K+1) directional derivatives for learnable ω, plus the final
// term's gradient and value; each draw costs (K+1) gradients of Ψ. Data targets only.
#pragma once

#include <chrono>
#include <memory>
#include <vector>

#include "core/samplers/sampler.hpp"
#include "core/vi/adam.hpp"
#include "core/vi/dais_objective.hpp"

namespace sgl {

enum class DaisVariant { Full, Minibatch, Surrogate };

class DaisSampler : public Sampler {
 public:
  // The catalogue entry of each variant (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info(DaisVariant variant);
  // Throws UserError on an analytic target or a data target without known curvature.
  DaisSampler(const Target& target, DaisVariant variant);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;

  std::uint64_t training_steps() const override { return iterations_; }
  std::shared_ptr<const TrainingReport> training_report() const override;
  std::shared_ptr<const AnnealingCloud> annealing_cloud(int particles,
                                                        std::uint64_t seed) const override;

  static std::vector<ParamDescriptor> descriptors(DaisVariant variant);
  // Info channels (sampler_channels.hpp): each draw's log importance weight log w.
  static std::vector<ChannelDescriptor> channels();

  // For tests: the unconstrained parameters φ, their layout, and the ELBO gradient estimate of
  // one step (the mean over `elbo_samples` samples, drawn from `rng`) at φ.
  const Vec& unconstrained() const { return phi_; }
  void set_unconstrained(const Vec& phi);
  const DaisLayout& layout() const { return layout_; }
  double elbo_and_gradient(const Vec& phi, Rng& rng, Vec* grad);
  const std::vector<std::int64_t>& surrogate_points() const { return surrogate_idx_; }

 private:
  void build_model();
  WeightedData dynamics_set(Rng& rng);
  WeightedData final_set(Rng& rng);
  void draw_minibatch(Rng& rng, std::vector<std::int64_t>& out);
  void training_step(Rng& rng);
  void sample_step(Rng& rng, DrawSink& store);
  double learning_rate_now() const;

  DaisVariant variant_;
  std::unique_ptr<DaisLikelihood> likelihood_;
  std::int64_t n_ = 0;

  // Settings.
  int steps_ = 8;  // K
  std::uint64_t iterations_ = 2000;
  double learning_rate_ = 0.01;
  double eta_init_ = 0.01;
  double gamma_init_ = 0.9;
  double scale_init_ = 0.1;
  int elbo_samples_ = 1;
  std::int64_t batch_size_ = 256;
  std::int64_t surrogate_count_ = 256;
  bool learn_weights_ = true;

  // Model.
  bool initialised_ = false;
  std::uint64_t setup_seed_ = 0;
  Vec init_;
  DaisLayout layout_;
  std::unique_ptr<DaisObjective> objective_;
  Vec phi_;
  DaisParameters current_;
  Adam adam_;
  std::vector<std::int64_t> all_idx_;  // 0..n−1
  std::vector<double> ones_;
  std::vector<std::int64_t> surrogate_idx_;
  std::vector<double> omega_;              // fixed weights, or e^{φ_ω}
  std::vector<std::int64_t> permutation_;  // minibatches: partial Fisher–Yates over it
  std::vector<std::int64_t> picks_;
  std::vector<std::int64_t> batch_dyn_, batch_final_;
  std::vector<double> batch_weight_;
  DaisTape tape_;
  Vec grad_scratch_;

  // Training record.
  std::uint64_t trained_ = 0;
  std::vector<double> elbo_trace_;
  std::uint64_t failed_samples_ = 0;
  std::uint64_t failed_streak_ = 0;
  double training_seconds_ = 0.0;

  // Sampling record.
  std::uint64_t sample_index_ = 0;
  std::uint64_t elbo_count_ = 0;  // Welford's running mean and sum of squared deviations
  double elbo_mean_ = 0.0;
  double elbo_m2_ = 0.0;
};

}  // namespace sgl
