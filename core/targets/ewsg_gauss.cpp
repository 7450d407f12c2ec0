#include "core/targets/ewsg_gauss.hpp"

#include <cmath>

#include "core/util/rng.hpp"

namespace sgl {

EwsgGaussTarget::EwsgGaussTarget(int n, std::uint64_t seed) : centres_(n, 2) {
  Rng rng(seed);
  for (int i = 0; i < n; ++i) {
    centres_(i, 0) = rng.normal();
    centres_(i, 1) = rng.normal();
  }
  mean_ = centres_.colwise().mean().transpose();
  mean_square_norm_ = centres_.rowwise().squaredNorm().mean();
  // ±5 posterior sd around the mean: the mass outside is below 1e-6.
  const double half = 5.0 / std::sqrt(static_cast<double>(n));
  box_ = {{mean_[0] - half, mean_[0] + half}, {mean_[1] - half, mean_[1] + half}};
  truth_ = std::make_unique<TruthGrid>(*this, box_, 600);
}

double EwsgGaussTarget::potential(const double* theta) const {
  // Σ½‖θ − c_i‖² = (n/2)(‖θ − c̄‖² + mean‖c‖² − ‖c̄‖²): one O(1) formula, exact up to rounding.
  const double n = static_cast<double>(num_data());
  const double dx = theta[0] - mean_[0], dy = theta[1] - mean_[1];
  return 0.5 * n * (dx * dx + dy * dy + mean_square_norm_ - mean_.squaredNorm());
}

void EwsgGaussTarget::gradient(const double* theta, double* grad) const {
  const double n = static_cast<double>(num_data());
  grad[0] = n * (theta[0] - mean_[0]);
  grad[1] = n * (theta[1] - mean_[1]);
}

double EwsgGaussTarget::log_likelihood_datum(std::int64_t k, const double* theta) const {
  const double dx = theta[0] - centres_(k, 0), dy = theta[1] - centres_(k, 1);
  return -0.5 * (dx * dx + dy * dy);
}

void EwsgGaussTarget::add_log_likelihood_gradient(const std::int64_t* indices, int count,
                                                  double weight, const double* theta,
                                                  double* grad) const {
  for (int i = 0; i < count; ++i) {
    grad[0] -= weight * (theta[0] - centres_(indices[i], 0));
    grad[1] -= weight * (theta[1] - centres_(indices[i], 1));
  }
}

void EwsgGaussTarget::add_log_likelihood_hessian(const std::int64_t* /*idx*/, int count,
                                                 double weight, const double* /*theta*/,
                                                 Eigen::MatrixXd& H) const {
  H.diagonal().array() -= weight * count;
}

Eigen::Matrix2d EwsgGaussTarget::exact_covariance() const {
  return Eigen::Matrix2d::Identity() / static_cast<double>(num_data());
}

std::optional<ReferencePosterior> EwsgGaussTarget::reference_posterior() const {
  return ReferencePosterior{ReferencePosterior::Kind::Exact, mean_, exact_covariance()};
}

}  // namespace sgl
