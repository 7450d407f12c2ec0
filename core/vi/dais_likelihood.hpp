// The per-datum log-likelihood terms DAIS needs beyond a DataTarget's interface: weighted sums
// Σ_j w_j ℓ_{k_j}(z) with one weight per index (SL-DAIS's learnable surrogate weights ω), their
// gradient, Hessian-vector products (the adjoint of a leapfrog step differentiates ∇V_k once
// more) and the per-datum directional derivatives ∇ℓ_k(z)·v (the gradient with respect to ω).
//
// Everything comes from the target's second-order capability (second_order_data.hpp). Where
// the likelihood has the GLM form (the regressions), ℓ_k = f(y_k, η_k) with η_k = x_kᵀz, so
// ∇ℓ_k = f'(η_k) x_k and ∇²ℓ_k v = f''(η_k)(x_kᵀv) x_k cost O(d) per datum; other data targets
// (ewsg-gauss: ℓ_k = −½‖z − c_k‖², ∇²ℓ_k = −I) go through their per-datum gradients and dense
// per-datum Hessians. Values come from the target itself (log_likelihood_datum, log_prior), so
// −U(z) and the ELBO's log p(D, z) agree to the last constant. Data targets without second-order
// data are rejected with a UserError.
#pragma once

#include <cstdint>
#include <optional>

#include "core/targets/data_target.hpp"
#include "core/targets/second_order_data.hpp"

namespace sgl {

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
  const DataTarget& target_;
  const SecondOrderData& second_order_;
  std::optional<GlmLikelihood> glm_;  // the O(d)-per-datum path where the likelihood has it
  int dim_;
  Vec prior_precision_;  // −diag(∇²log p)
};

}  // namespace sgl
