#include "core/targets/linear_regression.hpp"

#include <cmath>
#include <numbers>
#include <utility>

namespace sgl {

LinearRegressionTarget::LinearRegressionTarget(Dataset data, double noise_sd, double prior_sd)
    : RegressionTarget(std::move(data), prior_sd),
      noise_sd_(noise_sd),
      log_norm_datum_(-0.5 * std::log(2.0 * std::numbers::pi * noise_sd * noise_sd)) {
  const int p = dim();
  const double noise_var = noise_sd_ * noise_sd_;
  const double prior_var = prior_sd_ * prior_sd_;
  const RowMatrix& x = data_.x;
  const Vec& y = data_.y;

  Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(p, p);
  gram.selfadjointView<Eigen::Lower>().rankUpdate(x.transpose());
  gram = gram.selfadjointView<Eigen::Lower>();
  const Vec xty = x.transpose() * y;

  posterior_precision_ = gram / noise_var;
  posterior_precision_.diagonal().array() += 1.0 / prior_var;
  const Eigen::LLT<Eigen::MatrixXd> llt(posterior_precision_);
  const Vec b = xty / noise_var;
  posterior_mean_ = llt.solve(b);
  posterior_covariance_ = llt.solve(Eigen::MatrixXd::Identity(p, p));

  // Completing the square in β: log p(y) = −n/2 log(2πσ²) − yᵀy/(2σ²) − (p/2) log τ²
  //                                        − ½ log|Λ| + ½ bᵀΛ⁻¹b,  b = Xᵀy/σ², Λ = precision.
  const double log_det_precision =
      2.0 * llt.matrixL().toDenseMatrix().diagonal().array().log().sum();
  log_evidence_ = static_cast<double>(num_data()) * log_norm_datum_ -
                  0.5 * y.squaredNorm() / noise_var - 0.5 * p * std::log(prior_var) -
                  0.5 * log_det_precision + 0.5 * b.dot(posterior_mean_);
  set_view_box(posterior_mean_, posterior_covariance_);
}

double LinearRegressionTarget::potential(const double* theta) const {
  const int p = dim();
  const std::int64_t n = num_data();
  const double* x = data_.x.data();
  const double* y = data_.y.data();
  double squares = 0.0;
  for (std::int64_t k = 0; k < n; ++k, x += p) {
    double residual = y[k];
    for (int j = 0; j < p; ++j) residual -= x[j] * theta[j];
    squares += residual * residual;
  }
  return -(static_cast<double>(n) * log_norm_datum_ - 0.5 * squares / (noise_sd_ * noise_sd_)) -
         log_prior(theta);
}

void LinearRegressionTarget::gradient(const double* theta, double* grad) const {
  const int p = dim();
  const std::int64_t n = num_data();
  const double* x = data_.x.data();
  const double* y = data_.y.data();
  for (int j = 0; j < p; ++j) grad[j] = 0.0;
  for (std::int64_t k = 0; k < n; ++k, x += p) {
    double residual = y[k];
    for (int j = 0; j < p; ++j) residual -= x[j] * theta[j];
    for (int j = 0; j < p; ++j) grad[j] += residual * x[j];
  }
  const double scale = -1.0 / (noise_sd_ * noise_sd_);
  for (int j = 0; j < p; ++j) grad[j] *= scale;
  add_log_prior_gradient(theta, -1.0, grad);
}

double LinearRegressionTarget::log_likelihood_datum(std::int64_t k, const double* theta) const {
  const double* x = data_.row(k);
  double residual = data_.y[k];
  for (int j = 0; j < dim(); ++j) residual -= x[j] * theta[j];
  return log_norm_datum_ - 0.5 * residual * residual / (noise_sd_ * noise_sd_);
}

void LinearRegressionTarget::add_log_likelihood_gradient(const std::int64_t* indices, int count,
                                                         double weight, const double* theta,
                                                         double* grad) const {
  const int p = dim();
  const double scale = weight / (noise_sd_ * noise_sd_);
  for (int i = 0; i < count; ++i) {
    const double* x = data_.row(indices[i]);
    double residual = data_.y[indices[i]];
    for (int j = 0; j < p; ++j) residual -= x[j] * theta[j];
    const double w = scale * residual;
    for (int j = 0; j < p; ++j) grad[j] += w * x[j];
  }
}

void LinearRegressionTarget::add_log_likelihood_hessian(const std::int64_t* idx, int count,
                                                        double weight, const double* /*theta*/,
                                                        Eigen::MatrixXd& H) const {
  const double scale = weight / (noise_sd_ * noise_sd_);
  for (int i = 0; i < count; ++i) {
    const Eigen::Map<const Vec> x(data_.row(idx[i]), dim());
    H.noalias() -= scale * x * x.transpose();
  }
}

std::optional<GlmLikelihood> LinearRegressionTarget::glm() const {
  return GlmLikelihood{GlmLikelihood::Link::Gaussian, data_.x.data(), data_.y.data(), dim(),
                       1.0 / (noise_sd_ * noise_sd_)};
}

}  // namespace sgl
