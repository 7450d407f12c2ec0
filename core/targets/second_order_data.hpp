// The optional second-order capability of a data target: per-datum Hessians ∇²ℓ_k and the
// prior's Hessian, for the samplers that expand ℓ_k to second order around θ* (sgld-cv and
// sghmc-cv with taylor2, HMC-ECS's Taylor control variates and its `mass=hessian`, DAIS's
// Hessian-vector products). A data target offers it through DataTarget::second_order(); a caller
// that gets null refuses with a one-line message.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <optional>

#include "core/targets/glm_likelihood.hpp"

namespace sgl {

class SecondOrderData {
 public:
  virtual ~SecondOrderData() = default;

  // H += weight · Σ_{j<count} ∇²ℓ_{idx[j]}(θ) (H is dim × dim). Indices may repeat.
  virtual void add_log_likelihood_hessian(const std::int64_t* idx, int count, double weight,
                                          const double* theta, Eigen::MatrixXd& H) const = 0;
  // H += weight · ∇²log p. Constant and diagonal for every prior here (Gaussian or flat).
  virtual void add_log_prior_hessian(double weight, Eigen::MatrixXd& H) const = 0;
  // The likelihood's GLM form where it has one (the regressions): per-datum curvature is then
  // a scalar, so callers can skip d × d matrices per datum. nullopt for other data targets.
  virtual std::optional<GlmLikelihood> glm() const { return std::nullopt; }

 protected:
  SecondOrderData() = default;
  SecondOrderData(const SecondOrderData&) = default;
  SecondOrderData& operator=(const SecondOrderData&) = default;
};

}  // namespace sgl
