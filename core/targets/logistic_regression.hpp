// Bayesian logistic regression: y_k ∈ {0, 1}, η_k = x_kᵀβ, ℓ_k = y_kη_k − softplus(η_k),
// prior β ~ N(0, prior_sd² I) with its constant (−U is the exact log joint density).
// The MAP (Newton's method) and the Laplace covariance are computed once at construction.
#pragma once

#include "core/targets/glm_likelihood.hpp"
#include "core/targets/regression_data.hpp"

namespace sgl {

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
  std::optional<ReferencePosterior> reference_posterior() const override {
    return ReferencePosterior{ReferencePosterior::Kind::Laplace, map_, laplace_covariance_};
  }
  std::optional<GlmLikelihood> glm() const override;

  // (−∇²log posterior at the MAP)⁻¹.
  const Eigen::MatrixXd& laplace_covariance() const { return laplace_covariance_; }
  // −∇²log posterior at θ over all data (Σ σ(1−σ) x xᵀ + I/prior_sd²).
  Eigen::MatrixXd negative_log_posterior_hessian(const Vec& theta) const;

 private:
  void find_map();
  // A start for find_map on tall data: the mode over evenly spaced rows (see the .cpp).
  Vec subset_mode() const;

  Vec map_;
  Eigen::MatrixXd laplace_covariance_;
};

}  // namespace sgl
