// The metric of Hamiltonian dynamics, H(θ, r) = U(θ) + ½ rᵀM⁻¹r, with a unit mass (M = I) or a
// dense symmetric positive-definite one. It answers the three questions the dynamics ask of M:
// a fresh momentum r ~ N(0, M), the kinetic energy ½ rᵀM⁻¹r, and the drift θ ← θ + ε M⁻¹r.
//
// The unit path does exactly the arithmetic of plain M = I code (r = z, ½Σ rᵢ² in index order,
// θᵢ += ε rᵢ), so samplers that never set a mass keep their draws bit for bit. HMC-ECS uses
// M = −∇²log π(θ*) (Dang et al. 2019, §4; docs/algorithms.md#hmc-ecs-perturbed), which makes the
// posterior close to a standard normal in the dynamics' metric so one step size suits every
// direction.
#pragma once

#include <Eigen/Dense>

#include "core/util/error.hpp"
#include "core/util/rng.hpp"

namespace sgl {

// ½‖r‖²: the kinetic energy with M = I, summed in index order so every caller rounds alike.
inline double kinetic_energy(const Eigen::VectorXd& r) {
  double sum = 0.0;
  for (Eigen::Index i = 0; i < r.size(); ++i) sum += r[i] * r[i];
  return 0.5 * sum;
}

class Metric {
 public:
  explicit Metric(int dim = 1) { set_unit(dim); }

  void set_unit(int dim) {
    unit_ = true;
    dim_ = dim;
    cholesky_factor_.resize(0, 0);
    inverse_.resize(0, 0);
  }

  // M itself; throws UserError unless it is symmetric positive definite.
  void set_dense(const Eigen::MatrixXd& mass) {
    const Eigen::LLT<Eigen::MatrixXd> llt(mass);
    if (llt.info() != Eigen::Success)
      throw UserError("the mass matrix is not positive definite (is the posterior proper at θ*?)");
    unit_ = false;
    dim_ = static_cast<int>(mass.rows());
    cholesky_factor_ = llt.matrixL();
    inverse_ = llt.solve(Eigen::MatrixXd::Identity(mass.rows(), mass.cols()));
  }

  bool unit() const { return unit_; }
  int dim() const { return dim_; }

  // r ~ N(0, M) as r = L z, M = L Lᵀ, z ~ N(0, I) drawn in index order (for M = I, r = z).
  void draw_momentum(Rng& rng, Eigen::VectorXd& r) const {
    if (unit_) {
      for (int i = 0; i < dim_; ++i) r[i] = rng.normal();
      return;
    }
    Eigen::VectorXd z(dim_);
    for (int i = 0; i < dim_; ++i) z[i] = rng.normal();
    r = Eigen::VectorXd(cholesky_factor_.triangularView<Eigen::Lower>() * z);
  }

  // ½ rᵀM⁻¹r.
  double kinetic_energy(const Eigen::VectorXd& r) const {
    if (unit_) return sgl::kinetic_energy(r);
    return 0.5 * r.dot(inverse_ * r);
  }

  // θ ← θ + ε M⁻¹r. Each (M⁻¹r)ᵢ is summed over j in order before it moves θᵢ.
  void drift(double* theta, const double* r, double step_size) const {
    if (unit_) {
      for (int i = 0; i < dim_; ++i) theta[i] += step_size * r[i];
      return;
    }
    for (int i = 0; i < dim_; ++i) {
      double velocity = 0.0;
      for (int j = 0; j < dim_; ++j) velocity += inverse_(i, j) * r[j];
      theta[i] += step_size * velocity;
    }
  }

 private:
  bool unit_ = true;
  int dim_ = 1;
  Eigen::MatrixXd cholesky_factor_;  // L with M = L Lᵀ (dense only)
  Eigen::MatrixXd inverse_;          // M⁻¹ (dense only)
};

}  // namespace sgl
