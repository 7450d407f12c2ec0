// Velocity-Verlet (leapfrog) steps with a dense mass matrix M, for H = U + ½ rᵀM⁻¹r:
//
//   r ← r − ε/2 g(θ);  θ ← θ + ε M⁻¹r;  g ← ∇(θ);  r ← r − ε/2 g(θ)
//
// and momenta r ~ N(0, M) drawn as r = L z with M = L Lᵀ. This is leapfrog.hpp with the drift
// through M⁻¹; that file stays M = I so the samplers built on it keep their exact arithmetic.
// HMC-ECS uses M = −∇²log π(θ*) (Dang et al. 2019, §4), which makes the posterior close to a
// standard normal in the dynamics' metric so that one step size suits every direction.
#pragma once

#include <Eigen/Dense>

#include "core/util/error.hpp"
#include "core/util/rng.hpp"

namespace sgl {

class MassMatrix {
 public:
  explicit MassMatrix(int dim = 1) { set_identity(dim); }

  void set_identity(int dim) {
    identity_ = true;
    cholesky_factor_ = Eigen::MatrixXd::Identity(dim, dim);
    inverse_ = Eigen::MatrixXd::Identity(dim, dim);
  }

  // Throws UserError unless `mass` is symmetric positive definite.
  void set(const Eigen::MatrixXd& mass) {
    const Eigen::LLT<Eigen::MatrixXd> llt(mass);
    if (llt.info() != Eigen::Success)
      throw UserError("the mass matrix is not positive definite (is the posterior proper at θ*?)");
    identity_ = false;
    cholesky_factor_ = llt.matrixL();
    inverse_ = llt.solve(Eigen::MatrixXd::Identity(mass.rows(), mass.cols()));
  }

  bool identity() const { return identity_; }
  int dim() const { return static_cast<int>(inverse_.rows()); }

  // r ~ N(0, M).
  void draw_momentum(Rng& rng, Eigen::VectorXd& r) const {
    Eigen::VectorXd z(dim());
    for (int i = 0; i < dim(); ++i) z[i] = rng.normal();
    r = identity_ ? z : Eigen::VectorXd(cholesky_factor_.triangularView<Eigen::Lower>() * z);
  }

  // ½ rᵀM⁻¹r; for M = I summed in index order like sgl::kinetic_energy.
  double kinetic_energy(const Eigen::VectorXd& r) const {
    if (identity_) {
      double sum = 0.0;
      for (Eigen::Index i = 0; i < r.size(); ++i) sum += r[i] * r[i];
      return 0.5 * sum;
    }
    return 0.5 * r.dot(inverse_ * r);
  }

  // velocity = M⁻¹ r.
  void velocity(const double* r, double* velocity) const {
    const int n = dim();
    if (identity_) {
      for (int i = 0; i < n; ++i) velocity[i] = r[i];
      return;
    }
    for (int i = 0; i < n; ++i) {
      double sum = 0.0;
      for (int j = 0; j < n; ++j) sum += inverse_(i, j) * r[j];
      velocity[i] = sum;
    }
  }

 private:
  bool identity_ = true;
  Eigen::MatrixXd cholesky_factor_;  // L with M = L Lᵀ
  Eigen::MatrixXd inverse_;          // M⁻¹
};

// L leapfrog steps; `gradient(theta, grad)` writes ∇U (or an estimate) at theta into grad, and
// `grad` holds the gradient at the start on entry (cached between steps, as in leapfrog.hpp).
template <class GradientFn>
inline void mass_leapfrog(const MassMatrix& mass, Eigen::VectorXd& theta, Eigen::VectorXd& r,
                          Eigen::VectorXd& grad, double step_size, int steps,
                          GradientFn&& gradient) {
  const int dim = static_cast<int>(theta.size());
  const double half = 0.5 * step_size;
  Eigen::VectorXd velocity(dim);
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < dim; ++i) r[i] -= half * grad[i];
    mass.velocity(r.data(), velocity.data());
    for (int i = 0; i < dim; ++i) theta[i] += step_size * velocity[i];
    gradient(theta.data(), grad.data());
    for (int i = 0; i < dim; ++i) r[i] -= half * grad[i];
  }
}

}  // namespace sgl
