// Bayesian linear regression with known noise: y_k = x_kᵀβ + N(0, noise_sd²), β ~ N(0, prior_sd²
// I). ℓ_k = −½log(2π noise_sd²) − ½(y_k − x_kᵀβ)²/noise_sd², so −U is the exact log joint density.
// Conjugate: the posterior is Gaussian with precision XᵀX/noise_sd² + I/prior_sd².
#pragma once

#include "core/targets/regression_data.hpp"

namespace sgl {

class LinearRegressionTarget final : public RegressionTarget {
 public:
  LinearRegressionTarget(Dataset data, double noise_sd, double prior_sd);

  std::string id() const override { return "linear"; }
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;

  double log_likelihood_datum(std::int64_t k, const double* theta) const override;
  void add_log_likelihood_gradient(const std::int64_t* indices, int count, double weight,
                                   const double* theta, double* grad) const override;
  void add_log_likelihood_hessian(const std::int64_t* idx, int count, double weight,
                                  const double* theta, Eigen::MatrixXd& H) const override;
  Vec map() const override { return posterior_mean_; }
  std::optional<ReferencePosterior> reference_posterior() const override {
    return ReferencePosterior{ReferencePosterior::Kind::Exact, posterior_mean_,
                              posterior_covariance_};
  }
  std::optional<GlmLikelihood> glm() const override;

  double noise_sd() const { return noise_sd_; }
  const Vec& exact_posterior_mean() const { return posterior_mean_; }
  const Eigen::MatrixXd& exact_posterior_covariance() const { return posterior_covariance_; }
  const Eigen::MatrixXd& exact_posterior_precision() const { return posterior_precision_; }
  // log p(y) = log ∫ Π_k N(y_k; x_kᵀβ, noise_sd²) N(β; 0, prior_sd² I) dβ, with all constants.
  double log_evidence() const { return log_evidence_; }

 private:
  double noise_sd_;
  double log_norm_datum_;  // −½log(2π noise_sd²)
  Vec posterior_mean_;
  Eigen::MatrixXd posterior_precision_;
  Eigen::MatrixXd posterior_covariance_;
  double log_evidence_ = 0.0;
};

}  // namespace sgl
