// Velocity-Verlet (leapfrog) steps with a cached gradient, M = I.
//
// One step: r ← r − ε/2 g(θ); θ ← θ + ε r; g ← ∇(θ); r ← r − ε/2 g(θ).
// Consecutive steps share the gradient evaluated between them, so L steps cost L gradient
// evaluations and equal Chen et al.'s Alg. 1 (half kick, L drifts with full kicks, final half
// kick) — docs/algorithms.md#hmc notes the printed Alg. 1's typo in the last kick. With a
// stochastic gradient the shared estimate is exactly the one full kick of Alg. 1 with ∇Ũ
// substituted.
#pragma once

namespace sgl {

// `gradient(theta, grad)` writes ∇U (or an estimate) at theta into grad.
template <class GradientFn>
inline void leapfrog_step(double* theta, double* r, double* grad, int dim, double step_size,
                          GradientFn&& gradient) {
  const double half = 0.5 * step_size;
  for (int i = 0; i < dim; ++i) {
    r[i] -= half * grad[i];
    theta[i] += step_size * r[i];
  }
  gradient(theta, grad);
  for (int i = 0; i < dim; ++i) r[i] -= half * grad[i];
}

template <class GradientFn>
inline void leapfrog(double* theta, double* r, double* grad, int dim, double step_size, int steps,
                     GradientFn&& gradient) {
  for (int s = 0; s < steps; ++s) leapfrog_step(theta, r, grad, dim, step_size, gradient);
}

}  // namespace sgl
