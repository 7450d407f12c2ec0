// Taylor control variates for HMC-ECS (Dang, Quiroz, Kohn, Tran & Villani 2019, §4.1, eq. 4.4;
// docs/algorithms.md#hmc-ecs-perturbed). Around an expansion point θ* (the MAP), each
// log-likelihood term gets
//
//   q_k(θ) = ℓ_k(θ*) + ∇ℓ_k(θ*)ᵀδ + ½ δᵀH_k(θ*)δ,   δ = θ − θ*   (taylor1 drops the H_k term),
//
// and one full data pass stores ℓ* = Σℓ_k(θ*), A = Σ∇ℓ_k(θ*), B = ΣH_k(θ*), so that
// Σ_k q_k(θ) = ℓ* + Aᵀδ + ½δᵀBδ costs O(d²) however large n is. A subsample then only needs the
// differences d_k = ℓ_k − q_k and their gradients ∇d_k = ∇ℓ_k(θ) − ∇ℓ_k(θ*) − H_k(θ*)δ.
//
// The per-datum Hessians come from the target's second-order data (DataTarget::second_order).
// Where that has the GLM form (the regressions: linear, logistic, CSV data), ℓ_k = f(y_k, η_k)
// with η_k = x_kᵀθ, so the per-datum terms reduce to scalars: ∇ℓ_k(θ*) = f'(η*_k) x_k and
// H_k(θ*) = f''(η*_k) x_k x_kᵀ. q_k, d_k and ∇d_k then cost O(d) per datum and no d×d matrix per
// datum is ever formed. Other data targets (ewsg-gauss) store ∇ℓ_k(θ*) and H_k(θ*) per datum.
//
// θ* is found by Newton's method on the log posterior over all data, or over a random subset of
// `expansion_subset` points (without replacement) with the likelihood scaled by n / subset.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/targets/data_target.hpp"
#include "core/targets/second_order_data.hpp"
#include "core/util/rng.hpp"

namespace sgl {

enum class TaylorOrder { First, Second };

class TaylorControlVariates;

// The mean and variance of d_k(θ) over the data at one θ, from `points` data points.
struct DifferenceMoments {
  double mean = 0.0;
  double variance = 0.0;
  std::int64_t points = 0;
  bool all_data = false;  // the points were the whole data set (the moments are exact)
};

// Moments of d_k at `draws` Laplace draws θ ~ N(θ*, (−∇²log π(θ*))⁻¹), each over min(n, points)
// data (all of them when n ≤ points, else uniform with replacement): how hmcecs's batch_size=auto
// and hmcecs-signed's lambda=auto size the estimator around θ* (where every d_k vanishes).
// Throws UserError (naming `who`) unless −∇²log π(θ*) is positive definite.
std::vector<DifferenceMoments> laplace_difference_moments(const TaylorControlVariates& cv,
                                                          int draws, std::int64_t points, Rng& rng,
                                                          const std::string& who);

class TaylorControlVariates {
 public:
  // Finds θ* and makes the one full pass. `expansion_subset` = 0 (or ≥ n) means all data.
  // Throws UserError for a data target without per-datum curvature or when Newton fails.
  TaylorControlVariates(const DataTarget& target, TaylorOrder order, std::int64_t expansion_subset,
                        Rng& rng);

  const DataTarget& target() const { return target_; }
  TaylorOrder order() const { return order_; }
  const Vec& centre() const { return centre_; }                        // θ*
  double log_likelihood_sum() const { return log_likelihood_sum_; }    // ℓ*
  const Vec& gradient_sum() const { return gradient_sum_; }            // A
  const Eigen::MatrixXd& hessian_sum() const { return hessian_sum_; }  // B (0 for taylor1)
  // −∇²log π(θ*) over all data, whatever the order: the `mass=hessian` mass matrix.
  const Eigen::MatrixXd& negative_log_posterior_hessian() const { return posterior_precision_; }

  // Σ_k q_k(θ) = ℓ* + Aᵀδ + ½δᵀBδ, O(d²).
  double proxy_sum(const double* theta) const;
  // grad += weight · ∇Σ_k q_k(θ) = weight · (A + Bδ).
  void add_proxy_sum_gradient(const double* theta, double weight, double* grad) const;
  // q_k(θ) for one datum, O(d) for regressions (used by tests to check proxy_sum).
  double proxy(std::int64_t k, const double* theta) const;

  // out[j] = d_{idx[j]}(θ) = ℓ_{idx[j]}(θ) − q_{idx[j]}(θ). In GLM form (glm_form()), also
  // coefficients[j] = c_j with ∇d_{idx[j]}(θ) = c_j x_{idx[j]} when `coefficients` is not null:
  // a caller that needs both then computes η, exp and log1p once per datum, not twice.
  void differences(const std::int64_t* idx, int count, const double* theta, double* out,
                   double* coefficients = nullptr) const;
  // grad += Σ_j weights[j] · ∇d_{idx[j]}(θ).
  void add_difference_gradients(const std::int64_t* idx, int count, const double* weights,
                                const double* theta, double* grad) const;
  // The same from the coefficients `differences` wrote (GLM form only): grad += Σ_j weights[j] ·
  // coefficients[j] · x_{idx[j]}, one axpy per datum.
  void add_glm_difference_gradients(const std::int64_t* idx, int count, const double* weights,
                                    const double* coefficients, double* grad) const;
  bool glm_form() const { return glm_.has_value(); }

  // Per-datum evaluations spent finding θ* and in the full pass (a one-off cost).
  std::uint64_t setup_gradient_evaluations() const { return setup_gradient_evaluations_; }
  std::uint64_t setup_density_evaluations() const { return setup_density_evaluations_; }

 private:
  void find_centre(std::int64_t expansion_subset, Rng& rng);
  void full_pass();
  // ℓ_k(θ) − ℓ_k(θ*) for datum k at η = x_kᵀθ, Gaussian link.
  double gaussian_log_likelihood_change(std::int64_t k, double eta) const;
  // Logistic link, for a block of data at η = x_kᵀθ (eta[j], given): ℓ_k(θ) and f'(η) =
  // y − σ(η), the exp and log1p a block at a time. The full pass and the subsample both use it,
  // so that d_k and its gradient vanish exactly at θ*.
  void logistic_block(const std::int64_t* idx, int count, const double* eta, double* loglik,
                      double* slope) const;

  const DataTarget& target_;
  TaylorOrder order_;
  int dim_;
  std::int64_t n_;
  const SecondOrderData* second_order_;  // per-datum Hessians (checked non-null)

  // GLM fast path (regressions): set where the target's likelihood has the GLM form.
  std::optional<GlmLikelihood> glm_;
  std::vector<double> eta_centre_;     // η*_k
  std::vector<double> slope_;          // f'(η*_k)
  std::vector<double> curvature_;      // f''(η*_k) (0 for taylor1)
  std::vector<double> loglik_centre_;  // ℓ_k(θ*)

  // Generic path (per-datum gradients and Hessians at θ*).
  Eigen::MatrixXd datum_gradients_;  // dim × n
  std::vector<Eigen::MatrixXd> datum_hessians_;

  Vec centre_;
  double log_likelihood_sum_ = 0.0;
  Vec gradient_sum_;
  Eigen::MatrixXd hessian_sum_;
  Eigen::MatrixXd posterior_precision_;
  std::uint64_t setup_gradient_evaluations_ = 0;
  std::uint64_t setup_density_evaluations_ = 0;
};

}  // namespace sgl
