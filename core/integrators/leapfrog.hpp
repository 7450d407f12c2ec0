// One velocity-Verlet (leapfrog) step for H = U + ½ rᵀM⁻¹r with a cached gradient:
//
//   r ← r − ε/2 g(θ);  θ ← θ + ε M⁻¹r;  g ← ∇(θ);  r ← r − ε/2 g(θ)
//
// Consecutive steps share the gradient evaluated between them, so L steps cost L gradient
// evaluations and equal Chen et al.'s Alg. 1 (half kick, L drifts with full kicks, final half
// kick) — docs/algorithms.md#hmc notes the printed Alg. 1's typo in the last kick. With a
// stochastic gradient the shared estimate is exactly the one full kick of Alg. 1 with ∇Ũ
// substituted. This is the only leapfrog: HMC, naive SGHMC and both HMC-ECS samplers call it
// through HamiltonianTransition (core/samplers/hamiltonian_transition.hpp) or, for naive SGHMC's
// free dynamics, directly.
#pragma once

#include <Eigen/Dense>

#include "core/integrators/metric.hpp"

namespace sgl {

// `gradient(theta, grad)` writes ∇U (or an estimate) at theta into grad; `grad` holds the
// gradient at θ on entry and at the new θ on return.
template <class GradientFn>
inline void leapfrog_step(const Metric& metric, Eigen::VectorXd& theta, Eigen::VectorXd& r,
                          Eigen::VectorXd& grad, double step_size, GradientFn&& gradient) {
  const int dim = static_cast<int>(theta.size());
  const double half = 0.5 * step_size;
  double* position = theta.data();
  double* momentum = r.data();
  double* cached = grad.data();
  if (metric.unit()) {  // the hot path of HMC and naive SGHMC: kick and drift in one pass
    for (int i = 0; i < dim; ++i) {
      momentum[i] -= half * cached[i];
      position[i] += step_size * momentum[i];
    }
  } else {
    for (int i = 0; i < dim; ++i) momentum[i] -= half * cached[i];
    metric.drift(position, momentum, step_size);
  }
  gradient(position, cached);
  for (int i = 0; i < dim; ++i) momentum[i] -= half * cached[i];
}

}  // namespace sgl
