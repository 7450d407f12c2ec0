#include "core/gradients/taylor_control_variates.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "core/targets/second_order_data.hpp"
#include "core/util/error.hpp"
#include "core/util/vector_math.hpp"

namespace sgl {
namespace {

constexpr int kMaxNewtonIterations = 100;

double dot(const double* a, const double* b, int dim) {
  double sum = 0.0;
  for (int j = 0; j < dim; ++j) sum += a[j] * b[j];
  return sum;
}

}  // namespace

TaylorControlVariates::TaylorControlVariates(const DataTarget& target, TaylorOrder order,
                                             std::int64_t expansion_subset, Rng& rng)
    : target_(target),
      order_(order),
      dim_(target.dim()),
      n_(target.num_data()),
      second_order_(target.second_order()) {
  if (second_order_ == nullptr)
    throw UserError(
        "HMC-ECS needs per-datum Hessians for its Taylor control variates, which target '" +
        target.id() + "' does not provide");
  glm_ = second_order_->glm();
  if (!glm_ && n_ > 1'000'000)
    throw UserError("HMC-ECS on target '" + target.id() +
                    "' stores a d×d Hessian per datum; n > 10⁶ is too large for that");
  find_centre(expansion_subset, rng);
  full_pass();
}

void TaylorControlVariates::find_centre(std::int64_t expansion_subset, Rng& rng) {
  const bool all_data = expansion_subset <= 0 || expansion_subset >= n_;
  if (const std::optional<Vec> mode = target_.posterior_mode(); all_data && mode) {
    // Over all data θ* is the posterior mode, which the regressions find when they are built
    // (Newton with blocked passes). Newton again here, one datum at a time with a d × d outer
    // product each, was 60% of the set-up of a 10.5·10⁶ × 29 run (issue 28).
    centre_ = *mode;
    return;
  }
  std::vector<std::int64_t> indices(static_cast<std::size_t>(n_));
  std::iota(indices.begin(), indices.end(), std::int64_t{0});
  std::int64_t count = n_;
  if (expansion_subset > 0 && expansion_subset < n_) {
    // Partial Fisher–Yates: the first `expansion_subset` entries become a uniform subset.
    for (std::int64_t i = 0; i < expansion_subset; ++i) {
      const auto j = i + static_cast<std::int64_t>(rng.uniform_index(std::uint64_t(n_ - i)));
      std::swap(indices[std::size_t(i)], indices[std::size_t(j)]);
    }
    count = expansion_subset;
  }
  const double weight = double(n_) / double(count);
  const int batch = static_cast<int>(count);
  auto objective = [&](const Vec& theta) {
    double sum = 0.0;
    for (std::int64_t i = 0; i < count; ++i)
      sum += target_.log_likelihood_datum(indices[std::size_t(i)], theta.data());
    setup_density_evaluations_ += std::uint64_t(count);
    return weight * sum + target_.log_prior(theta.data());
  };

  Vec theta = target_.default_init();
  double value = objective(theta);
  Vec gradient(dim_);
  Eigen::MatrixXd hessian(dim_, dim_);
  for (int iteration = 0; iteration < kMaxNewtonIterations; ++iteration) {
    gradient.setZero();
    target_.add_log_likelihood_gradient(indices.data(), batch, weight, theta.data(),
                                        gradient.data());
    target_.add_log_prior_gradient(theta.data(), 1.0, gradient.data());
    hessian.setZero();
    second_order_->add_log_likelihood_hessian(indices.data(), batch, weight, theta.data(), hessian);
    second_order_->add_log_prior_hessian(1.0, hessian);
    setup_gradient_evaluations_ += std::uint64_t(count);
    const Vec step = (-hessian).ldlt().solve(gradient);
    if (!step.allFinite())
      throw UserError(
          "HMC-ECS: Newton's method for the expansion point θ* failed (singular Hessian; "
          "try a proper prior or expansion_subset=0)");
    // Backtracking keeps Newton monotone where a full step would overshoot (e.g. near-separable
    // logistic data), without changing the fast quadratic convergence near the mode.
    double scale = 1.0;
    Vec candidate = theta + step;
    double candidate_value = objective(candidate);
    while (!(candidate_value >= value - 1e-12 * std::abs(value)) && scale > 1e-8) {
      scale *= 0.5;
      candidate = theta + scale * step;
      candidate_value = objective(candidate);
    }
    const double moved = (candidate - theta).lpNorm<Eigen::Infinity>();
    theta = candidate;
    value = candidate_value;
    if (moved <= 1e-10 * (1.0 + theta.lpNorm<Eigen::Infinity>())) break;
  }
  if (!theta.allFinite()) throw UserError("HMC-ECS: Newton's method for θ* diverged");
  centre_ = theta;
}

// Rows per block of the GLM fast path: its buffers live on the stack.
constexpr int kGlmBlock = 256;

double TaylorControlVariates::gaussian_log_likelihood_change(std::int64_t k, double eta) const {
  // (y−η)² − (y−η*)² expanded around η* so that it vanishes exactly with Δη, without the
  // cancellation of two large squares (σ̂² on linear regression must be 0 to rounding).
  const auto i = std::size_t(k);
  const double residual = glm_->response[k] - eta_centre_[i];
  const double change = eta - eta_centre_[i];
  return (residual * change - 0.5 * change * change) * glm_->noise_precision;
}

void TaylorControlVariates::logistic_block(const std::int64_t* idx, int count, const double* eta,
                                           double* loglik, double* slope) const {
  // ℓ = −softplus(∓η) = −(max(∓η, 0) + log1p(e)) and y − σ(η), both from e = exp(−|η|).
  alignas(16) double y[kGlmBlock];
  alignas(16) double e[kGlmBlock];
  for (int start = 0; start < count; start += kGlmBlock) {
    const int rows = std::min(kGlmBlock, count - start);
    for (int j = 0; j < rows; ++j) {
      y[j] = glm_->response[idx[start + j]];
      // exp(−708) is still normal (vector_math.hpp's range); beyond it e is below 1e−307.
      e[j] = -std::min(std::abs(eta[start + j]), 708.0);
    }
    exp_nonpositive(e, rows);
    logistic_residuals(eta + start, y, e, rows, slope + start);
    log1p_unit(e, rows);
    for (int j = 0; j < rows; ++j) {
      const double t = y[j] != 0.0 ? -eta[start + j] : eta[start + j];
      loglik[start + j] = -(std::max(t, 0.0) + e[j]);
    }
  }
}

void TaylorControlVariates::full_pass() {
  const auto n = std::size_t(n_);
  gradient_sum_ = Vec::Zero(dim_);
  Eigen::MatrixXd full_hessian = Eigen::MatrixXd::Zero(dim_, dim_);
  loglik_centre_.resize(n);
  log_likelihood_sum_ = 0.0;
  if (glm_) {
    eta_centre_.resize(n);
    slope_.resize(n);
    curvature_.resize(n);
    // f''(η) ≤ 0 for both links, so Σ_k f''(η*_k) x_k x_kᵀ = −SᵀS with rows s_k = √−f''(η*_k) x_k:
    // a block of S at a time through Eigen's rank-k update, several times faster than a d × d
    // loop per datum (O(n d²): the largest term of the set-up at d = 29).
    constexpr std::int64_t kBlockRows = 4096;
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> scaled(kBlockRows, dim_);
    Eigen::MatrixXd gram = Eigen::MatrixXd::Zero(dim_, dim_);
    for (std::int64_t start = 0; start < n_; start += kBlockRows) {
      const std::int64_t rows = std::min(kBlockRows, n_ - start);
      std::int64_t indices[kBlockRows];
      for (std::int64_t r = 0; r < rows; ++r) {
        indices[r] = start + r;
        eta_centre_[std::size_t(start + r)] = dot(glm_->row(start + r), centre_.data(), dim_);
      }
      if (glm_->link == GlmLikelihood::Link::Logistic) {
        logistic_block(indices, int(rows), eta_centre_.data() + start,
                       loglik_centre_.data() + start, slope_.data() + start);
      } else {
        for (std::int64_t k = start; k < start + rows; ++k) {
          loglik_centre_[std::size_t(k)] = target_.log_likelihood_datum(k, centre_.data());
          slope_[std::size_t(k)] = glm_->slope(k, eta_centre_[std::size_t(k)]);
        }
      }
      for (std::int64_t r = 0; r < rows; ++r) {
        const std::int64_t k = start + r;
        const auto i = std::size_t(k);
        const double* x = glm_->row(k);
        const double curvature = glm_->curvature(eta_centre_[i]);
        curvature_[i] = order_ == TaylorOrder::Second ? curvature : 0.0;
        log_likelihood_sum_ += loglik_centre_[i];
        for (int a = 0; a < dim_; ++a) gradient_sum_[a] += slope_[i] * x[a];
        scaled.row(r) = std::sqrt(std::max(-curvature, 0.0)) * Eigen::Map<const Vec>(x, dim_);
      }
      gram.selfadjointView<Eigen::Lower>().rankUpdate(scaled.topRows(rows).transpose());
    }
    full_hessian = -Eigen::MatrixXd(gram.selfadjointView<Eigen::Lower>());
  } else {
    datum_gradients_ = Eigen::MatrixXd::Zero(dim_, n_);
    datum_hessians_.assign(n, Eigen::MatrixXd::Zero(dim_, dim_));
    for (std::int64_t k = 0; k < n_; ++k) {
      const auto i = std::size_t(k);
      loglik_centre_[i] = target_.log_likelihood_datum(k, centre_.data());
      target_.add_log_likelihood_gradient(&k, 1, 1.0, centre_.data(),
                                          datum_gradients_.col(k).data());
      second_order_->add_log_likelihood_hessian(&k, 1, 1.0, centre_.data(), datum_hessians_[i]);
      log_likelihood_sum_ += loglik_centre_[i];
      gradient_sum_ += datum_gradients_.col(k);
      full_hessian += datum_hessians_[i];
      if (order_ == TaylorOrder::First) datum_hessians_[i].setZero();
    }
  }
  setup_gradient_evaluations_ += std::uint64_t(n_);
  setup_density_evaluations_ += std::uint64_t(n_);
  posterior_precision_ = -full_hessian;
  second_order_->add_log_prior_hessian(-1.0, posterior_precision_);
  hessian_sum_ = order_ == TaylorOrder::Second ? full_hessian : Eigen::MatrixXd::Zero(dim_, dim_);
}

double TaylorControlVariates::proxy_sum(const double* theta) const {
  const Vec delta = Eigen::Map<const Vec>(theta, dim_) - centre_;
  return log_likelihood_sum_ + gradient_sum_.dot(delta) + 0.5 * delta.dot(hessian_sum_ * delta);
}

void TaylorControlVariates::add_proxy_sum_gradient(const double* theta, double weight,
                                                   double* grad) const {
  const Vec delta = Eigen::Map<const Vec>(theta, dim_) - centre_;
  Eigen::Map<Vec>(grad, dim_) += weight * (gradient_sum_ + hessian_sum_ * delta);
}

double TaylorControlVariates::proxy(std::int64_t k, const double* theta) const {
  const auto i = std::size_t(k);
  if (glm_) {
    const double change = dot(glm_->row(k), theta, dim_) - eta_centre_[i];
    return loglik_centre_[i] + slope_[i] * change + 0.5 * curvature_[i] * change * change;
  }
  const Vec delta = Eigen::Map<const Vec>(theta, dim_) - centre_;
  return loglik_centre_[i] + datum_gradients_.col(k).dot(delta) +
         0.5 * delta.dot(datum_hessians_[i] * delta);
}

void TaylorControlVariates::differences(const std::int64_t* idx, int count, const double* theta,
                                        double* out, double* coefficients) const {
  if (!glm_) {
    for (int j = 0; j < count; ++j)
      out[j] = target_.log_likelihood_datum(idx[j], theta) - proxy(idx[j], theta);
    return;
  }
  alignas(16) double eta[kGlmBlock];
  alignas(16) double loglik[kGlmBlock];
  alignas(16) double slope[kGlmBlock];
  for (int start = 0; start < count; start += kGlmBlock) {
    const int rows = std::min(kGlmBlock, count - start);
    for (int j = 0; j < rows; ++j) eta[j] = dot(glm_->row(idx[start + j]), theta, dim_);
    const bool logistic = glm_->link == GlmLikelihood::Link::Logistic;
    if (logistic) logistic_block(idx + start, rows, eta, loglik, slope);
    for (int j = 0; j < rows; ++j) {
      const std::int64_t k = idx[start + j];
      const auto i = std::size_t(k);
      const double change = eta[j] - eta_centre_[i];
      const double loglik_change =
          logistic ? loglik[j] - loglik_centre_[i] : gaussian_log_likelihood_change(k, eta[j]);
      out[start + j] = loglik_change - slope_[i] * change - 0.5 * curvature_[i] * change * change;
      if (coefficients != nullptr) {
        const double slope_here = logistic ? slope[j] : glm_->slope(k, eta[j]);
        coefficients[start + j] = slope_here - slope_[i] - curvature_[i] * change;
      }
    }
  }
}

void TaylorControlVariates::add_glm_difference_gradients(const std::int64_t* idx, int count,
                                                         const double* weights,
                                                         const double* coefficients,
                                                         double* grad) const {
  for (int j = 0; j < count; ++j) {
    const double* x = glm_->row(idx[j]);
    const double scaled = weights[j] * coefficients[j];
    for (int a = 0; a < dim_; ++a) grad[a] += scaled * x[a];
  }
}

void TaylorControlVariates::add_difference_gradients(const std::int64_t* idx, int count,
                                                     const double* weights, const double* theta,
                                                     double* grad) const {
  if (glm_) {
    alignas(16) double unused[kGlmBlock];
    alignas(16) double coefficients[kGlmBlock];
    for (int start = 0; start < count; start += kGlmBlock) {
      const int rows = std::min(kGlmBlock, count - start);
      differences(idx + start, rows, theta, unused, coefficients);
      add_glm_difference_gradients(idx + start, rows, weights + start, coefficients, grad);
    }
    return;
  }
  const Vec delta = Eigen::Map<const Vec>(theta, dim_) - centre_;
  Eigen::Map<Vec> out(grad, dim_);
  for (int j = 0; j < count; ++j) {
    const std::int64_t k = idx[j];
    Vec datum_gradient = Vec::Zero(dim_);
    target_.add_log_likelihood_gradient(&k, 1, 1.0, theta, datum_gradient.data());
    out += weights[j] *
           (datum_gradient - datum_gradients_.col(k) - datum_hessians_[std::size_t(k)] * delta);
  }
}

std::vector<DifferenceMoments> laplace_difference_moments(const TaylorControlVariates& cv,
                                                          int draws, std::int64_t points, Rng& rng,
                                                          const std::string& who) {
  const DataTarget& data = cv.target();
  const std::int64_t n = data.num_data();
  const int dim = data.dim();
  const Eigen::LLT<Eigen::MatrixXd> precision(cv.negative_log_posterior_hessian());
  if (precision.info() != Eigen::Success)
    throw UserError(who + " needs a positive definite −∇²log π(θ*)");
  const std::int64_t used = std::min(n, points);
  std::vector<std::int64_t> indices(static_cast<std::size_t>(used));
  std::vector<double> differences(indices.size());
  std::vector<DifferenceMoments> moments;
  for (int draw = 0; draw < draws; ++draw) {
    Vec z(dim);
    for (int j = 0; j < dim; ++j) z[j] = rng.normal();
    // θ = θ* + L⁻ᵀz has covariance (L Lᵀ)⁻¹, the Laplace covariance.
    const Vec theta = cv.centre() + Vec(precision.matrixU().solve(z));
    for (std::size_t i = 0; i < indices.size(); ++i)
      indices[i] = used == n ? std::int64_t(i) : std::int64_t(rng.uniform_index(std::uint64_t(n)));
    cv.differences(indices.data(), int(used), theta.data(), differences.data());
    DifferenceMoments moment;
    moment.points = used;
    moment.all_data = used == n;
    for (double d : differences) moment.mean += d;
    moment.mean /= double(used);
    for (double d : differences) moment.variance += (d - moment.mean) * (d - moment.mean);
    moment.variance /= double(used);
    moments.push_back(moment);
  }
  return moments;
}

}  // namespace sgl
