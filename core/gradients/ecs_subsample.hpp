// The subsample of HMC-ECS and the perturbed likelihood estimator on it (Dang et al. 2019, §3–4;
// docs/algorithms.md#hmc-ecs-perturbed).
//
// u = (u₁..u_m): iid uniform indices (with replacement), split into G contiguous blocks of sizes
// ⌊m/G⌋ or ⌈m/G⌉. A block refresh redraws one block, so successive subsamples share ≈ 1 − 1/G of
// their indices: that correlation is what keeps the pseudo-marginal update of u mixing.
//
// With d_k = ℓ_k − q_k (Taylor control variates, taylor_control_variates.hpp) and d̄ their mean:
//   ℓ̂(θ)  = Σ_k q_k(θ) + (n/m) Σ_i d_{u_i}(θ)
//   σ̂²(θ) = (n²/m²) Σ_i (d_{u_i} − d̄)²
//   log L̂ = ℓ̂ − ½σ̂²,   Û = −log L̂ − log p(θ)
//   ∇Û    = −[A + Bδ + (n/m) Σ_i ∇d_{u_i}] + (n²/m²) Σ_i (d_{u_i} − d̄) ∇d_{u_i} − ∇log p(θ)
// (the last sum is ∇½σ̂² because Σ_i (d_{u_i} − d̄) = 0 removes the ∇d̄ term).
#pragma once

#include <cstdint>
#include <vector>

#include "core/gradients/taylor_control_variates.hpp"
#include "core/util/rng.hpp"

namespace sgl {

class EcsSubsample {
 public:
  // Throws UserError unless 1 ≤ blocks ≤ size.
  EcsSubsample(std::int64_t num_data, int size, int blocks);

  void redraw_all(Rng& rng);
  // Redraws block `block`'s indices; the previous ones go to `previous` for restore_block.
  void redraw_block(int block, Rng& rng, std::vector<std::int64_t>& previous);
  void restore_block(int block, const std::vector<std::int64_t>& previous);

  int size() const { return static_cast<int>(indices_.size()); }
  int blocks() const { return blocks_; }
  int block_begin(int block) const;
  int block_end(int block) const { return block_begin(block + 1); }
  std::int64_t num_data() const { return num_data_; }
  const std::int64_t* indices() const { return indices_.data(); }

 private:
  std::int64_t num_data_;
  int blocks_;
  std::vector<std::int64_t> indices_;
};

struct EcsEstimate {
  double loglik = 0.0;                                               // ℓ̂
  double variance = 0.0;                                             // σ̂²
  double log_likelihood() const { return loglik - 0.5 * variance; }  // log L̂
};

class EcsEstimator {
 public:
  explicit EcsEstimator(const TaylorControlVariates& control_variates)
      : control_variates_(control_variates) {}

  // ℓ̂ and σ̂² from differences d_{u_i}(θ) already evaluated (m of them).
  EcsEstimate combine(const double* theta, const std::vector<double>& differences) const;
  // Evaluates d_{u_i}(θ) into `differences` (m per-datum densities) and combines them.
  EcsEstimate estimate(const double* theta, const EcsSubsample& subsample,
                       std::vector<double>& differences) const;
  // As `estimate`, and writes ∇Û(θ) into `grad` (m more per-datum gradients).
  EcsEstimate estimate_with_gradient(const double* theta, const EcsSubsample& subsample,
                                     std::vector<double>& differences, double* grad);
  // Û(θ) = −log L̂(θ) − log p(θ).
  double potential(const double* theta, const EcsEstimate& estimate) const;

  const TaylorControlVariates& control_variates() const { return control_variates_; }

 private:
  const TaylorControlVariates& control_variates_;
  std::vector<double> weights_;       // scratch: the coefficient of each ∇d_{u_i} in ∇Û
  std::vector<double> coefficients_;  // scratch, GLM form: ∇d_{u_i} = coefficients_[i] x_{u_i}
};

}  // namespace sgl
