#include "core/targets/logistic_regression.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <utility>

#include "core/util/vector_math.hpp"

namespace sgl {
namespace {

// The full-data passes run over blocks of rows: η for the block (row-major dot products), then
// exp(−|η|) for the whole block in one loop that the compiler vectorises, then the
// accumulation. std::exp, one value at a time, was two thirds of the gradient's cost. Buffers
// live on the stack: nothing is allocated per call.
// P > 0 fixes the row length at compile time so the inner loops unroll; P = 0 is any length.
constexpr int kBlockRows = 256;
// exp(−708) ≈ 3e−308 is still normal; clamping there keeps the scaling by 2^k below valid and
// changes a weight by less than 1e−307.
constexpr double kMaxAbsEta = 708.0;

template <int P>
void block_linear_predictor(const double* x, int rows, int p, const double* theta, double* eta,
                            double* neg_abs_eta) {
  const int len = P > 0 ? P : p;
  for (int k = 0; k < rows; ++k, x += len) {
    double sum = 0.0;
    for (int j = 0; j < len; ++j) sum += x[j] * theta[j];
    eta[k] = sum;
    neg_abs_eta[k] = -std::min(std::abs(sum), kMaxAbsEta);
  }
}

// acc −= Σ_k w_k x_k over one block. For fixed P the sums live in a local array, which the
// compiler keeps in registers (through `acc` it would have to assume aliasing with x).
template <int P>
void accumulate_block(const double* x, const double* w, int rows, int p, double* acc) {
  if constexpr (P > 0) {
    double local[P] = {};
    for (int k = 0; k < rows; ++k, x += P)
      for (int j = 0; j < P; ++j) local[j] -= w[k] * x[j];
    for (int j = 0; j < P; ++j) acc[j] += local[j];
  } else {
    for (int k = 0; k < rows; ++k, x += p)
      for (int j = 0; j < p; ++j) acc[j] -= w[k] * x[j];
  }
}

// acc −= Σ_k (y_k − σ(η_k)) x_k over all n rows (acc has p entries).
template <int P>
void accumulate_negative_gradient(const double* x, const double* y, std::int64_t n, int p,
                                  const double* theta, double* acc) {
  const int len = P > 0 ? P : p;
  alignas(16) double eta[kBlockRows];
  alignas(16) double e[kBlockRows];
  alignas(16) double w[kBlockRows];
  for (std::int64_t start = 0; start < n; start += kBlockRows) {
    const int rows = static_cast<int>(std::min<std::int64_t>(kBlockRows, n - start));
    const double* xb = x + start * len;
    block_linear_predictor<P>(xb, rows, len, theta, eta, e);
    exp_nonpositive(e, rows);
    logistic_residuals(eta, y + start, e, rows, w);
    accumulate_block<P>(xb, w, rows, len, acc);
  }
}

template <int P>
void accumulate_fixed(const double* x, const double* y, std::int64_t n, const double* theta,
                      double* grad) {
  double local_theta[P];
  double acc[P];
  for (int j = 0; j < P; ++j) {
    local_theta[j] = theta[j];
    acc[j] = 0.0;
  }
  accumulate_negative_gradient<P>(x, y, n, P, local_theta, acc);
  for (int j = 0; j < P; ++j) grad[j] += acc[j];
}

}  // namespace

LogisticRegressionTarget::LogisticRegressionTarget(Dataset data, double prior_sd)
    : RegressionTarget(std::move(data), prior_sd) {
  find_map();
  set_view_box(map_, laplace_covariance_);
}

double LogisticRegressionTarget::potential(const double* theta) const {
  // −ℓ_k = softplus(t_k), t_k = ∓η_k (y = 1 / y = 0), with e = exp(−|η|) from the block exp.
  const int p = dim();
  const std::int64_t n = num_data();
  const double* y = data_.y.data();
  alignas(16) double eta[kBlockRows];
  alignas(16) double e[kBlockRows];
  double sum = 0.0;
  for (std::int64_t start = 0; start < n; start += kBlockRows) {
    const int rows = static_cast<int>(std::min<std::int64_t>(kBlockRows, n - start));
    block_linear_predictor<0>(data_.row(start), rows, p, theta, eta, e);
    exp_nonpositive(e, rows);
    // libm's log1p, not vector_math.hpp's: U is what HMC, NUTS and MALA accept by and what every
    // sampler records, and the draw fingerprints (tests/data) hold it to the last bit.
    for (int k = 0; k < rows; ++k) {
      const double t = y[start + k] != 0.0 ? -eta[k] : eta[k];
      sum += std::max(t, 0.0) + std::log1p(e[k]);
    }
  }
  return sum - log_prior(theta);
}

void LogisticRegressionTarget::gradient(const double* theta, double* grad) const {
  const int p = dim();
  const std::int64_t n = num_data();
  const double* x = data_.x.data();
  const double* y = data_.y.data();
  for (int j = 0; j < p; ++j) grad[j] = 0.0;
  switch (p) {
    case 1:
      accumulate_fixed<1>(x, y, n, theta, grad);
      break;
    case 2:
      accumulate_fixed<2>(x, y, n, theta, grad);
      break;
    case 3:
      accumulate_fixed<3>(x, y, n, theta, grad);
      break;
    case 4:
      accumulate_fixed<4>(x, y, n, theta, grad);
      break;
    case 5:
      accumulate_fixed<5>(x, y, n, theta, grad);
      break;
    case 6:
      accumulate_fixed<6>(x, y, n, theta, grad);
      break;
    case 7:
      accumulate_fixed<7>(x, y, n, theta, grad);
      break;
    case 8:
      accumulate_fixed<8>(x, y, n, theta, grad);
      break;
    default:
      accumulate_negative_gradient<0>(x, y, n, p, theta, grad);
      break;
  }
  add_log_prior_gradient(theta, -1.0, grad);
}

double LogisticRegressionTarget::log_likelihood_datum(std::int64_t k, const double* theta) const {
  const double* x = data_.row(k);
  double eta = 0.0;
  for (int j = 0; j < dim(); ++j) eta += x[j] * theta[j];
  return logistic_log_likelihood(data_.y[k], eta);
}

void LogisticRegressionTarget::add_log_likelihood_gradient(const std::int64_t* indices, int count,
                                                           double weight, const double* theta,
                                                           double* grad) const {
  // The full pass's block structure, over the listed rows (gathered by index).
  const int p = dim();
  alignas(16) double eta[kBlockRows];
  alignas(16) double e[kBlockRows];
  alignas(16) double y[kBlockRows];
  alignas(16) double w[kBlockRows];
  for (int start = 0; start < count; start += kBlockRows) {
    const int rows = std::min(kBlockRows, count - start);
    for (int i = 0; i < rows; ++i) {
      const std::int64_t k = indices[start + i];
      block_linear_predictor<0>(data_.row(k), 1, p, theta, eta + i, e + i);
      y[i] = data_.y[k];
    }
    exp_nonpositive(e, rows);
    logistic_residuals(eta, y, e, rows, w);
    for (int i = 0; i < rows; ++i) {
      const double* x = data_.row(indices[start + i]);
      const double wi = weight * w[i];
      for (int j = 0; j < p; ++j) grad[j] += wi * x[j];
    }
  }
}

void LogisticRegressionTarget::add_log_likelihood_hessian(const std::int64_t* idx, int count,
                                                          double weight, const double* theta,
                                                          Eigen::MatrixXd& H) const {
  const Eigen::Map<const Vec> beta(theta, dim());
  for (int i = 0; i < count; ++i) {
    const Eigen::Map<const Vec> x(data_.row(idx[i]), dim());
    H.noalias() -= (weight * logistic_curvature(x.dot(beta))) * x * x.transpose();
  }
}

Eigen::MatrixXd LogisticRegressionTarget::negative_log_posterior_hessian(const Vec& theta) const {
  // Σ w_k x_k x_kᵀ in row blocks through Eigen's rank-k update (fast for large n·p²).
  const int p = dim();
  constexpr std::int64_t kBlock = 4096;
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(p, p);
  RowMatrix scaled;
  for (std::int64_t start = 0; start < num_data(); start += kBlock) {
    const std::int64_t rows = std::min(kBlock, num_data() - start);
    const auto block = data_.x.middleRows(start, rows);
    const Vec eta = block * theta;
    scaled = block;
    for (std::int64_t r = 0; r < rows; ++r) scaled.row(r) *= std::sqrt(logistic_curvature(eta[r]));
    H.selfadjointView<Eigen::Lower>().rankUpdate(scaled.transpose());
  }
  H = H.selfadjointView<Eigen::Lower>();
  H.diagonal().array() += 1.0 / (prior_sd_ * prior_sd_);
  return H;
}

// Tall data: Newton over all rows from β = 0 took 8 iterations, each an O(n d²) Hessian (9 with
// the covariance's: 20 s of CPU at n = 10.5·10⁶, d = 29). Started from the mode over this many
// evenly spaced rows, which lies within a few posterior sds of the full mode, it takes 4.
constexpr std::int64_t kSubsetRows = std::int64_t{1} << 17;

Vec LogisticRegressionTarget::subset_mode() const {
  Dataset subset;
  subset.source = data_.source;
  subset.coefficient_names = data_.coefficient_names;
  subset.x.resize(kSubsetRows, data_.x.cols());
  subset.y.resize(kSubsetRows);
  for (std::int64_t i = 0; i < kSubsetRows; ++i) {
    const std::int64_t k = i * num_data() / kSubsetRows;
    subset.x.row(i) = data_.x.row(k);
    subset.y[i] = data_.y[k];
  }
  // Unweighted: the prior then counts n / kSubsetRows times more, which moves a start by far
  // less than the subset's own spread at any prior_sd a user would set.
  return LogisticRegressionTarget(std::move(subset), prior_sd_).map();
}

void LogisticRegressionTarget::find_map() {
  // Newton's method on the strictly convex U (the Gaussian prior makes it so even for separable
  // data), with step halving so that every accepted step decreases U.
  const int p = dim();
  Vec beta = num_data() > 4 * kSubsetRows ? subset_mode() : Vec::Zero(p);
  Vec grad(p);
  double u = potential(beta.data());
  for (int iteration = 0; iteration < 100; ++iteration) {
    gradient(beta.data(), grad.data());
    const Eigen::LLT<Eigen::MatrixXd> llt(negative_log_posterior_hessian(beta));
    const Vec step = llt.solve(grad);
    // Close to the optimum U changes by less than its rounding error, so a line search would
    // reject good steps; there Newton converges quadratically and full steps are safe.
    const double scale = 1.0 + beta.lpNorm<Eigen::Infinity>();
    if (step.lpNorm<Eigen::Infinity>() < 1e-6 * scale) {
      beta -= step;
      if (step.lpNorm<Eigen::Infinity>() < 1e-12 * scale) break;
      u = potential(beta.data());
      continue;
    }
    double t = 1.0;
    Vec trial = beta - step;
    double u_trial = potential(trial.data());
    while (!(u_trial <= u) && t > 1e-10) {
      t *= 0.5;
      trial = beta - t * step;
      u_trial = potential(trial.data());
    }
    if (!(u_trial <= u)) break;
    beta = trial;
    u = u_trial;
  }
  map_ = beta;
  // At the mode itself, not reusing the last iteration's factor (a step of < 1e-12 away): the
  // samplers' data-aware step sizes come from this covariance, and the draw fingerprints
  // (tests/data) hold them to the last bit.
  laplace_covariance_ =
      negative_log_posterior_hessian(map_).llt().solve(Eigen::MatrixXd::Identity(p, p));
}

std::optional<GlmLikelihood> LogisticRegressionTarget::glm() const {
  return GlmLikelihood{GlmLikelihood::Link::Logistic, data_.x.data(), data_.y.data(), dim(), 0.0};
}

}  // namespace sgl
