#include "core/targets/logistic_regression.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <optional>
#include <utility>

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

// values[i] ← exp(values[i]) for values in [−708, 0], to within 2 ulp. Branch-free (no clamp,
// no special cases) so that it vectorises: x = k ln2 + r with |r| ≤ ln2/2, e^r by its Taylor
// series to r¹² (remainder < 2e−16), and 2^k written straight into the exponent bits.
void exp_nonpositive(double* values, int count) {
  constexpr double kLog2e = 1.4426950408889634;
  constexpr double kLn2Hi = 6.93147180369123816490e-01;  // ln 2 split so that k·kLn2Hi is exact
  constexpr double kLn2Lo = 1.90821492927058770002e-10;
  constexpr double kShift = 0x1.8p52;  // adding it rounds to an integer kept in the low bits
  for (int i = 0; i < count; ++i) {
    const double x = values[i];
    const double kd = x * kLog2e + kShift;
    const double k = kd - kShift;
    const double r = (x - k * kLn2Hi) - k * kLn2Lo;
    double poly = 1.0 / 479001600.0;
    poly = poly * r + 1.0 / 39916800.0;
    poly = poly * r + 1.0 / 3628800.0;
    poly = poly * r + 1.0 / 362880.0;
    poly = poly * r + 1.0 / 40320.0;
    poly = poly * r + 1.0 / 5040.0;
    poly = poly * r + 1.0 / 720.0;
    poly = poly * r + 1.0 / 120.0;
    poly = poly * r + 1.0 / 24.0;
    poly = poly * r + 1.0 / 6.0;
    poly = poly * r + 0.5;
    poly = poly * r + 1.0;
    poly = poly * r + 1.0;
    // The low bits of kd hold k; (k + 1023) << 52 is the double 2^k.
    const std::uint64_t scale_bits = (std::bit_cast<std::uint64_t>(kd) + 1023) << 52;
    values[i] = poly * std::bit_cast<double>(scale_bits);
  }
}

// w_k = y_k − σ(η_k) given e_k = exp(−|η_k|), for y ∈ {0, 1}. With s = sign(η):
// σ(η) = ((1+s) + (1−s)e) / (2(1+e)), 1 − σ(η) = ((1−s) + (1+s)e) / (2(1+e)); every term is
// exact, so w keeps full relative precision in both tails. copysign instead of a branch so
// that the loop vectorises.
void block_residuals(const double* eta, const double* y, const double* e, int rows, double* w) {
  for (int k = 0; k < rows; ++k) {
    const double s = std::copysign(1.0, eta[k]);
    const double one_minus_sigma = (1.0 - s) + (1.0 + s) * e[k];
    const double sigma = (1.0 + s) + (1.0 - s) * e[k];
    w[k] = (y[k] * one_minus_sigma - (1.0 - y[k]) * sigma) / (2.0 * (1.0 + e[k]));
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
    block_residuals(eta, y + start, e, rows, w);
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
    block_residuals(eta, y, e, rows, w);
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
// evenly spaced rows, which lies within a few posterior sds of the full mode, it takes 3 or 4.
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
  // The Hessian's factor from a step too small to change it: the Laplace covariance reuses it.
  std::optional<Eigen::LLT<Eigen::MatrixXd>> at_mode;
  for (int iteration = 0; iteration < 100; ++iteration) {
    gradient(beta.data(), grad.data());
    const Eigen::LLT<Eigen::MatrixXd> llt(negative_log_posterior_hessian(beta));
    const Vec step = llt.solve(grad);
    // Close to the optimum U changes by less than its rounding error, so a line search would
    // reject good steps; there Newton converges quadratically and full steps are safe.
    const double scale = 1.0 + beta.lpNorm<Eigen::Infinity>();
    if (step.lpNorm<Eigen::Infinity>() < 1e-6 * scale) {
      beta -= step;
      if (step.lpNorm<Eigen::Infinity>() < 1e-12 * scale) {
        at_mode = llt;
        break;
      }
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
  if (!at_mode) at_mode.emplace(negative_log_posterior_hessian(map_));
  laplace_covariance_ = at_mode->solve(Eigen::MatrixXd::Identity(p, p));
}

std::optional<GlmLikelihood> LogisticRegressionTarget::glm() const {
  return GlmLikelihood{GlmLikelihood::Link::Logistic, data_.x.data(), data_.y.data(), dim(), 0.0};
}

}  // namespace sgl
