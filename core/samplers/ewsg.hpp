// EWSG: exponentially weighted stochastic gradients (EWSG paper, Alg. 1; docs/algorithms.md#ewsg).
// Underdamped Langevin for exp(−V), V = Σ_i V_i (V_i = −ℓ_i; the prior −log p is added unscaled),
// integrated by Euler–Maruyama — both updates read the old state (θ_k, r_k):
//   θ_{k+1} = θ_k + h r_k;   r_{k+1} = r_k − h (G_I(θ_k) − ∇log p(θ_k) + γ r_k) + σ √h ξ,
// σ = √(2γ), ξ ~ N(0, I), G_I = m Σ_{k∈I} ∇V_k the scaled gradient of the data block I chosen by
// the Metropolis index chain (gradients/ewsg_index_chain.hpp: p_I ∝ exp(½‖x + G̃_I‖²), M steps
// per iteration, (M+1)·b per-datum gradients). `index=uniform` is the paper's SGHMC baseline with
// the same integrator; `persist_index` carries I over to the next iteration (the paper's prose)
// instead of restarting uniform (its Alg. 1). No MH. Data targets only.
// The index weights use the whole potential's gradient G_I − ∇log p (the paper's V includes the
// prior), the same as the momentum update; with a flat prior this is the paper's ‖x + n a_i‖².
// Bias: Euler–Maruyama without MH leaves an O(h) error in the stationary law, which the paper
// calls "a small bias". It is not always small: an independent check measured a posterior mean
// off by 0.36 sd on a 532-row logistic regression at h = 3e-3 (uniform indices: ≤ 0.06), the
// non-uniform weights amplifying it. Check by halving h.
#pragma once

#include "core/gradients/ewsg_index_chain.hpp"
#include "core/samplers/sampler.hpp"

namespace sgl {

class EwsgSampler final : public Sampler {
 public:
  // Its catalogue entry (sampler_registry.hpp): name, parameters, traits.
  static SamplerInfo info();
  // Throws UserError on a target without per-datum terms.
  explicit EwsgSampler(const Target& target);
  void set_params(const ParamValues& params) override;
  void reset(const Vec& theta0, Rng& rng) override;
  void run(std::uint64_t steps, Rng& rng, DrawSink& store) override;
  const char* divergence_hint() const override {
    return "try a smaller step size or more friction";
  }
  std::string divergence_cause() const override;

  static std::vector<ParamDescriptor> descriptors();
  // Info channels (sampler_channels.hpp): the index chain's acceptance and the effective sample
  // size of its weights (ewsg_weight_warning.hpp).
  static std::vector<ChannelDescriptor> channels();

  const EwsgIndexChain& index_chain() const { return index_chain_; }

 private:
  // Blocks a weight probe looks at (all of them when there are fewer).
  static constexpr int kWeightProbeBlocks = 64;
  void sync_counts();
  // Adds the index weights' ESS fraction at the current state to weight_ess_.
  void probe_weights();

  const DataTarget& data_;
  double step_size_ = 0.05;
  double friction_ = 10.0;
  double noise_sd_ = 1.0;  // σ√h = √(2γh)
  int batch_size_ = 1;
  std::uint64_t partition_seed_ = 0;  // drawn at reset, so a new batch_size keeps the chain's seed
  EwsgIndexChain index_chain_;
  Vec grad_;
  Vec prior_grad_;  // −∇log p(θ) at the current step
  std::uint64_t weight_probe_every_ = 1;
  ChannelTally weight_ess_;
};

}  // namespace sgl
