// The per-datum log-likelihood terms DAIS needs beyond a DataTarget's interface: weighted sums
// Σ_j w_j ℓ_{k_j}(z) with one weight per index (SL-DAIS's learnable surrogate weights ω), their
// gradient, Hessian-vector products (the adjoint of a leapfrog step differentiates ∇V_k once
// more) and the per-datum directional derivatives ∇ℓ_k(z)·v (the gradient with respect to ω).
//
// The regressions are GLMs, ℓ_k = f(y_k, η_k) with η_k = x_kᵀz, so ∇ℓ_k = f'(η_k) x_k and
// ∇²ℓ_k v = f''(η_k)(x_kᵀv) x_k cost O(d) per datum; ewsg-gauss has ℓ_k = −½‖z − c_k‖², ∇²ℓ_k = −I.
// Values come from the target itself (log_likelihood_datum, log_prior), so −U(z) and the ELBO's
// log p(D, z) agree to the last constant. Other data targets are rejected with a UserError.
#pragma once

#include <cstdint>

#include "core/targets/data_target.hpp"

namespace sgl {

class LinearRegressionTarget;
class LogisticRegressionTarget;
class EwsgGaussTarget;

class DaisLikelihood {
 public:
  // Throws UserError for a data target whose per-datum curvature is unknown here.
  explicit DaisLikelihood(const DataTarget& target);

  const DataTarget& target() const { return target_; }
  int dim() const { return dim_; }
  std::int64_t num_data() const { return target_.num_data(); }

  // Σ_j w_j ℓ_{idx_j}(z).
  double value(const std::int64_t* idx, const double* w, int count, const double* z) const;
  // grad += Σ_j w_j ∇ℓ_{idx_j}(z).
  void add_gradient(const std::int64_t* idx, const double* w, int count, const double* z,
                    double* grad) const;
  // out += Σ_j w_j ∇²ℓ_{idx_j}(z) v.
  void add_hessian_vector(const std::int64_t* idx, const double* w, int count, const double* z,
                          const double* v, double* out) const;
  // out[j] += scale · ∇ℓ_{idx_j}(z)ᵀv.
  void add_directional(const std::int64_t* idx, int count, const double* z, const double* v,
                       double scale, double* out) const;

  double log_prior(const double* z) const { return target_.log_prior(z); }
  void add_log_prior_gradient(const double* z, double* grad) const {
    target_.add_log_prior_gradient(z, 1.0, grad);
  }
  // out += ∇²log p · v (a constant diagonal for the supported priors).
  void add_log_prior_hessian_vector(const double* v, double* out) const;

 private:
  enum class Kind { Linear, Logistic, Gauss };
  // f'(η) and f''(η) of the GLM link for datum k.
  double slope(std::int64_t k, double eta) const;
  double curvature(double eta) const;
  double linear_predictor(std::int64_t k, const double* z) const;

  const DataTarget& target_;
  Kind kind_;
  int dim_;
  const LinearRegressionTarget* linear_ = nullptr;
  const LogisticRegressionTarget* logistic_ = nullptr;
  const EwsgGaussTarget* gauss_ = nullptr;
  double noise_precision_ = 0.0;  // linear: 1/σ²
  double prior_precision_ = 0.0;  // −∇²log p = prior_precision · I
};

}  // namespace sgl
