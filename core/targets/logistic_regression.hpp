// Bayesian logistic regression: y_k ∈ {0, 1}, η_k = x_kᵀβ, ℓ_k = y_kη_k − softplus(η_k),
// prior β ~ N(0, prior_sd² I) with its constant (−U is the exact log joint density).
// The MAP (Newton's method) and the Laplace covariance are computed once at construction.
#pragma once

#include <cmath>

#include "core/targets/regression_data.hpp"

namespace sgl {

// log(1 + e^t) without overflow or loss of precision for any finite t.
inline double softplus(double t) {
  return std::max(t, 0.0) + std::log1p(std::exp(-std::abs(t)));
}

// ℓ = yη − softplus(η) for y ∈ {0, 1}, written as −softplus(∓η) so that it keeps full relative
// precision in the tails (e.g. ℓ(y=1, η=30) ≈ −9.4e−14, ℓ(y=1, η=−800) = −800).
inline double logistic_log_likelihood(double y, double eta) {
  return -softplus(y != 0.0 ? -eta : eta);
}

// y − σ(η) for y ∈ {0, 1} from one exp, exact in relative terms in both tails.
inline double logistic_residual(double y, double eta) {
  const double e = std::exp(-std::abs(eta));
  const bool positive = eta >= 0.0;
  // σ(η) = (positive ? 1 : e)/(1+e) and 1 − σ(η) = (positive ? e : 1)/(1+e).
  return (y * (positive ? e : 1.0) - (1.0 - y) * (positive ? 1.0 : e)) / (1.0 + e);
}

// σ(η)(1 − σ(η)) = e^{−|η|}/(1 + e^{−|η|})², the curvature weight.
inline double logistic_curvature(double eta) {
  const double e = std::exp(-std::abs(eta));
  return e / ((1.0 + e) * (1.0 + e));
}

class LogisticRegressionTarget final : public RegressionTarget {
 public:
  // `data.y` must hold only 0 and 1 (load_csv_dataset checks CSV files).
  LogisticRegressionTarget(Dataset data, double prior_sd);

  std::string id() const override { return "logistic"; }
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;

  double log_likelihood_datum(std::int64_t k, const double* theta) const override;
  void add_log_likelihood_gradient(const std::int64_t* indices, int count, double weight,
                                   const double* theta, double* grad) const override;
  void add_log_likelihood_hessian(const std::int64_t* idx, int count, double weight,
                                  const double* theta, Eigen::MatrixXd& H) const override;
  Vec map() const override { return map_; }

  // (−∇²log posterior at the MAP)⁻¹.
  const Eigen::MatrixXd& laplace_covariance() const { return laplace_covariance_; }
  // −∇²log posterior at θ over all data (Σ σ(1−σ) x xᵀ + I/prior_sd²).
  Eigen::MatrixXd negative_log_posterior_hessian(const Vec& theta) const;

 private:
  void find_map();

  Vec map_;
  Eigen::MatrixXd laplace_covariance_;
};

}  // namespace sgl
