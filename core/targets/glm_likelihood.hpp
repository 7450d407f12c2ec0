// Regressions as generalised linear models: ℓ_k(θ) = f(y_k, η_k) with η_k = x_kᵀθ, so that
// ∇ℓ_k = f'(η_k) x_k and ∇²ℓ_k = f''(η_k) x_k x_kᵀ. Callers that need per-datum curvature (the
// Taylor control variates of HMC-ECS, DAIS) then work with one scalar per datum, O(d), and never
// form a d × d matrix per datum. The logistic link's scalar functions are written to keep full
// relative precision in both tails.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

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

// w_k = y_k − σ(η_k) given e_k = exp(−|η_k|), for y ∈ {0, 1}, over a block whose exps were taken
// at once (vector_math.hpp). With s = sign(η): σ(η) = ((1+s) + (1−s)e) / (2(1+e)),
// 1 − σ(η) = ((1−s) + (1+s)e) / (2(1+e)); every term is exact, so w keeps full relative precision
// in both tails. copysign instead of a branch so that the loop vectorises.
inline void logistic_residuals(const double* eta, const double* y, const double* e, int rows,
                               double* w) {
  for (int k = 0; k < rows; ++k) {
    const double s = std::copysign(1.0, eta[k]);
    const double one_minus_sigma = (1.0 - s) + (1.0 + s) * e[k];
    const double sigma = (1.0 + s) + (1.0 - s) * e[k];
    w[k] = (y[k] * one_minus_sigma - (1.0 - y[k]) * sigma) / (2.0 * (1.0 + e[k]));
  }
}

// σ(η)(1 − σ(η)) = e^{−|η|}/(1 + e^{−|η|})², the curvature weight.
inline double logistic_curvature(double eta) {
  const double e = std::exp(-std::abs(eta));
  return e / ((1.0 + e) * (1.0 + e));
}

// A view of a regression's likelihood in GLM form; the pointers belong to the target.
struct GlmLikelihood {
  enum class Link {
    Gaussian,  // f = −½(y − η)²/σ² + const (linear regression, known noise σ)
    Logistic   // f = yη − softplus(η), y ∈ {0, 1}
  };
  Link link = Link::Gaussian;
  const double* design = nullptr;    // n × dim, row-major; column 0 is the intercept
  const double* response = nullptr;  // n
  int dim = 0;
  double noise_precision = 0.0;  // Gaussian: 1/σ²

  const double* row(std::int64_t k) const { return design + k * dim; }
  // f'(η) for datum k.
  double slope(std::int64_t k, double eta) const {
    if (link == Link::Gaussian) return (response[k] - eta) * noise_precision;
    return logistic_residual(response[k], eta);
  }
  // f''(η).
  double curvature(double eta) const {
    if (link == Link::Gaussian) return -noise_precision;
    return -logistic_curvature(eta);
  }
};

}  // namespace sgl
