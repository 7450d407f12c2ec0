// The block-Poisson likelihood estimator of signed HMC-ECS (Dang, Quiroz, Kohn, Tran & Villani
// 2019, §5.1, eq. 5.1, after Quiroz et al. 2018c; docs/algorithms.md#hmc-ecs-signed):
//
//   L̂(θ) = exp(Σ_k q_k(θ)) Π_{l=1..λ} ξ_l,   ξ_l = exp((a+λ)/λ) Π_{h=1..X_l} (d̂^{(h,l)}(θ) − a)/λ,
//
// X_l ~ Poisson(1) (rng.poisson: our generator) and d̂^{(h,l)} = (n/m) Σ_{i=1..m} d_{u_i}(θ) a
// difference estimator on its own minibatch of m iid uniform indices (d_k = ℓ_k − q_k, the
// Taylor control variates of taylor_control_variates.hpp). Since E[ξ_l] = exp(d/λ) with
// d = Σ_k d_k, L̂ is unbiased for L(θ) = exp(Σq + d) — but it can be negative.
//
// With the auxiliary variables u = (X_l, minibatches) fixed, log|L̂| is a smooth function of θ:
//   log|L̂| = Σq + (a + λ) + Σ_{l,h} z_{hl},   z_{hl} = log|d̂^{(h,l)} − a| − log λ,
//   ∇log|L̂| = A + Bδ + Σ_{l,h} ∇d̂^{(h,l)} / (d̂^{(h,l)} − a),   s = Π_{l,h} sign(d̂^{(h,l)} − a).
// Var log|L̂| = λ E[z²] exactly (a compound Poisson sum with E X = Var X = 1), so Σ_{l,h} z²_{hl}
// is an unbiased estimate of it from the minibatches in hand: the per-draw "σ̂²" of this
// estimator. Products are refreshed κ at a time (new X_l and minibatches), which correlates
// successive estimates by ρ ≈ 1 − κ/λ.
#pragma once

#include <cstdint>
#include <vector>

#include "core/gradients/taylor_control_variates.hpp"
#include "core/util/rng.hpp"

namespace sgl {

struct BlockPoissonValue {
  double log_abs = 0.0;           // log|L̂(θ; u)|
  int sign = 1;                   // sign(L̂(θ; u)), +1 when L̂ = 0 (then log_abs = −∞)
  double log_abs_variance = 0.0;  // Σ z²: unbiased for Var log|L̂| at θ
};

class BlockPoissonEstimator {
 public:
  // Throws UserError unless batch_size ≥ 1 and products ≥ 1.
  BlockPoissonEstimator(const TaylorControlVariates& control_variates, int batch_size, int products,
                        double lower_bound);

  int batch_size() const { return batch_size_; }
  int products() const { return static_cast<int>(products_.size()); }
  double lower_bound() const { return lower_bound_; }  // a
  // X_l of product l, its minibatch indices (X_l · m of them) and its d̂^{(h,l)} at the last
  // evaluated θ.
  int product_count(int l) const { return products_[std::size_t(l)].count; }
  const std::vector<std::int64_t>& product_indices(int l) const {
    return products_[std::size_t(l)].indices;
  }
  const std::vector<double>& product_estimates(int l) const {
    return products_[std::size_t(l)].estimates;
  }
  // Minibatches in use, Σ_l X_l (each costs m per-datum evaluations).
  int total_batches() const;

  // Draws every X_l and minibatch afresh and evaluates them at θ.
  void redraw_all(const double* theta, Rng& rng);
  // Redraws κ distinct products chosen uniformly (and evaluates them at θ); the previous ones
  // are kept for restore_refreshed(). Returns the number of per-datum densities evaluated.
  std::uint64_t refresh(int kappa, const double* theta, Rng& rng);
  void restore_refreshed();
  const std::vector<int>& refreshed() const { return refreshed_; }

  // All d̂ in product order, and back (a rejected trajectory returns to its start's values).
  void save_estimates(std::vector<double>& out) const;
  void restore_estimates(const std::vector<double>& saved);

  // Re-evaluates every d̂ at θ (Σ_l X_l · m densities) and combines them.
  BlockPoissonValue evaluate(const double* theta);
  // As evaluate, and writes ∇Û = −∇log|L̂| − ∇log p into grad (as many gradients again).
  BlockPoissonValue evaluate_with_gradient(const double* theta, double* grad);
  // log|L̂|, sign and Σz² from the d̂ already evaluated at θ.
  BlockPoissonValue combine(const double* theta) const;
  // Û = −log|L̂| − log p(θ).
  double potential(const double* theta, const BlockPoissonValue& value) const;

  const TaylorControlVariates& control_variates() const { return control_variates_; }

 private:
  struct Product {
    int count = 0;                      // X_l
    std::vector<std::int64_t> indices;  // count × m
    std::vector<double> estimates;      // d̂^{(h,l)}, h = 1..count
  };
  void draw_product(Product& product, const double* theta, Rng& rng);
  void evaluate_product(Product& product, const double* theta);

  const TaylorControlVariates& control_variates_;
  int batch_size_;
  double lower_bound_;
  std::vector<Product> products_;
  std::vector<int> refreshed_;
  std::vector<Product> saved_;       // the refreshed products' previous contents
  std::vector<int> order_;           // scratch: partial Fisher–Yates over product ids
  std::vector<double> differences_;  // scratch: one minibatch's d_k
  std::vector<double> weights_;      // scratch: one minibatch's gradient weights
};

}  // namespace sgl
