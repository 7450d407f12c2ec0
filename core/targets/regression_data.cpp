#include "core/targets/regression_data.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <utility>

#include "core/util/error.hpp"
#include "core/util/rng.hpp"
#include "core/util/text_format.hpp"

namespace sgl {

Vec synthetic_coefficients(int d) {
  Vec beta(d + 1);
  beta[0] = 0.5;
  for (int j = 1; j <= d; ++j)
    beta[j] = (j % 2 == 1 ? 1.0 : -1.0) * (0.5 + 0.5 * static_cast<double>(j) / d);
  return beta;
}

Dataset make_synthetic_dataset(ResponseKind kind, std::int64_t n, int d, std::uint64_t seed,
                               double noise_sd) {
  Dataset data;
  data.source = "synthetic";
  data.true_coefficients = synthetic_coefficients(d);
  data.coefficient_names.push_back("intercept");
  for (int j = 1; j <= d; ++j) {
    std::string name = "x";  // not "x" + to_string(j): GCC 12 warns falsely (-Wrestrict)
    name += std::to_string(j);
    data.coefficient_names.push_back(std::move(name));
  }
  data.x.resize(n, d + 1);
  data.y.resize(n);
  SyntheticRows rows(kind, d, seed, noise_sd);
  for (std::int64_t k = 0; k < n; ++k) data.y[k] = rows.next(data.x.data() + k * (d + 1));
  return data;
}

SyntheticRows::SyntheticRows(ResponseKind kind, int d, std::uint64_t seed, double noise_sd)
    : kind_(kind), beta_(synthetic_coefficients(d)), noise_sd_(noise_sd), rng_(seed) {}

double SyntheticRows::next(double* x) {
  x[0] = 1.0;
  double eta = beta_[0];
  for (int j = 1; j < beta_.size(); ++j) {
    x[j] = rng_.normal();
    eta += beta_[j] * x[j];
  }
  if (kind_ == ResponseKind::Gaussian) return eta + noise_sd_ * rng_.normal();
  const double p = 1.0 / (1.0 + std::exp(-eta));
  return rng_.uniform() < p ? 1.0 : 0.0;
}

// ------------------------------------------------------------------------- RegressionTarget

// The posterior mode and Laplace covariance cost O(d³) time and O(d²) memory (Newton's method
// factorises a d × d Hessian up to 100 times): about 15 s at this size on a loaded laptop core.
// README "Limits" states it.
constexpr int kMaxRegressionCovariates = 1000;

void check_regression_size(int covariates, const std::string& source) {
  if (covariates <= kMaxRegressionCovariates) return;
  throw UserError("data '" + excerpt(source) + "' has " + std::to_string(covariates) +
                  " covariates, more than the limit of " +
                  std::to_string(kMaxRegressionCovariates) +
                  " for a regression (its posterior mode and Laplace covariance factorise a d x d "
                  "matrix)");
}

RegressionTarget::RegressionTarget(Dataset data, double prior_sd)
    : data_(std::move(data)), prior_sd_(prior_sd) {
  // Before the derived constructors' O(d³) mode and covariance.
  check_regression_size(static_cast<int>(data_.x.cols()) - 1, data_.source);
}

double RegressionTarget::log_prior(const double* theta) const {
  const int p = dim();
  double squares = 0.0;
  for (int j = 0; j < p; ++j) squares += theta[j] * theta[j];
  const double var = prior_sd_ * prior_sd_;
  return -0.5 * p * std::log(2.0 * std::numbers::pi * var) - 0.5 * squares / var;
}

void RegressionTarget::add_log_prior_gradient(const double* theta, double weight,
                                              double* grad) const {
  const double scale = -weight / (prior_sd_ * prior_sd_);
  for (int j = 0; j < dim(); ++j) grad[j] += scale * theta[j];
}

void RegressionTarget::add_log_prior_hessian(double weight, Eigen::MatrixXd& H) const {
  H.diagonal().array() -= weight / (prior_sd_ * prior_sd_);
}

void RegressionTarget::set_view_box(const Vec& centre, const Eigen::MatrixXd& covariance) {
  box_.clear();
  for (int j = 0; j < dim(); ++j) {
    const double half = 4.0 * std::sqrt(std::max(covariance(j, j), 0.0));
    const double lo = centre[j] - half, hi = centre[j] + half;
    // Values such as ±1e300 overflow x·β and xᵀx: the mode or the spread is then not finite (or
    // rounds to nothing), and no sampler, histogram or plot can work on such a posterior.
    if (!(std::isfinite(lo) && std::isfinite(hi) && lo < hi)) {
      const double largest = data_.x.size() > 0 ? data_.x.cwiseAbs().maxCoeff() : 0.0;
      std::ostringstream message;
      message << "data '" << excerpt(data_.source) << "': the posterior of '"
              << excerpt(data_.coefficient_names.at(static_cast<std::size_t>(j)))
              << "' has no finite mode and spread (the largest |covariate| is " << largest
              << "; values this large overflow); rescale the columns, e.g. standardise them";
      throw UserError(message.str());
    }
    box_.push_back({lo, hi});
  }
}

}  // namespace sgl
