#include "core/gradients/minibatch_noise_ratio.hpp"

#include "core/diagnostics/gradient_noise.hpp"

#include <algorithm>
#include <cmath>

namespace sgl {

double per_datum_gradient_variance(const DataTarget& data, const double* theta) {
  // The exact covariance of a one-datum estimate n·g_k is n²·Cov_k(g_k).
  const std::int64_t n = data.num_data();
  if (n < 2) return 0.0;
  // Only the trace is needed. Above this dimension (a neural network: 79 510 parameters would
  // need a 50 GB matrix, and a 2 000-parameter one on 60 000 images 10¹¹ operations when a
  // divergence asks for the cause) it is summed directly in two passes, O(dim) memory; at and
  // below it the d × d path stays, so the regressions' data-aware defaults keep their values bit
  // for bit.
  constexpr int kDenseUpTo = 64;
  if (data.dim() > kDenseUpTo) {
    Vec term(data.dim()), mean = Vec::Zero(data.dim());
    for (std::int64_t k = 0; k < n; ++k) {
      term.setZero();
      data.add_log_likelihood_gradient(&k, 1, 1.0, theta, term.data());
      mean += term;
    }
    mean /= double(n);
    double squares = 0.0;
    for (std::int64_t k = 0; k < n; ++k) {
      term.setZero();
      data.add_log_likelihood_gradient(&k, 1, 1.0, theta, term.data());
      squares += (term - mean).squaredNorm();
    }
    // minibatch_sum_covariance with b = 1 without replacement: n² · (n − 1)/(n − 1) · S / n².
    return squares / double(n);
  }
  const Eigen::MatrixXd covariance = minibatch_sum_covariance(
      n, data.dim(), 1, MinibatchScheme::WithoutReplacement, [&](std::int64_t k, double* out) {
        data.add_log_likelihood_gradient(&k, 1, 1.0, theta, out);
      });
  return covariance.trace() / (double(n) * double(n));
}

double block_gradient_variance(double per_datum_variance, std::int64_t num_data, int batch_size) {
  const double n = double(num_data);
  const double b = std::clamp(double(batch_size), 1.0, n);
  if (n < 2) return 0.0;
  return n * n / b * (n - b) / (n - 1.0) * per_datum_variance;
}

double langevin_noise_ratio(double block_variance, double step_size, double friction) {
  return step_size * block_variance / (2.0 * friction);
}

int batch_size_for_noise_ratio(double per_datum_variance, std::int64_t num_data, double step_size,
                               double friction, double target_ratio) {
  // noise_ratio(b) = c·(n − b)/b with c = h n² v / (2γ (n − 1)): solve c(n − b)/b = target.
  const double n = double(num_data);
  if (n < 2) return 1;
  const double c = step_size * n * n * per_datum_variance / (2.0 * friction * (n - 1.0));
  const double b = c * n / (target_ratio + c);
  return static_cast<int>(std::clamp(std::ceil(b), 1.0, n));
}

}  // namespace sgl
