// One Metropolis-corrected Hamiltonian transition, shared by HMC and naive SGHMC with MH:
// fresh momentum r ~ N(0, I), L leapfrog steps driven by `gradient` (exact ∇U or the noisy ∇Ũ),
// then the MH test with the exact energy H = U + ½‖r‖². On rejection or divergence θ, r and the
// cached gradient return to the start of the trajectory.
#pragma once

#include "core/integrators/leapfrog.hpp"
#include "core/samplers/metropolis.hpp"

namespace sgl {

class HamiltonianTransition {
 public:
  explicit HamiltonianTransition(int dim) : theta_start_(dim), r_start_(dim), grad_start_(dim) {}

  // `potential` is the exact U at θ on entry and is updated on acceptance.
  template <class GradientFn>
  MetropolisOutcome run(const Target& target, Vec& theta, Vec& r, Vec& grad, double& potential,
                        double step_size, int steps, bool metropolis, Rng& rng,
                        GradientFn&& gradient) {
    const int dim = static_cast<int>(theta.size());
    for (int i = 0; i < dim; ++i) r[i] = rng.normal();
    theta_start_ = theta;
    r_start_ = r;
    grad_start_ = grad;
    const double energy_start = potential + kinetic_energy(r);
    leapfrog(theta.data(), r.data(), grad.data(), dim, step_size, steps, gradient);
    const double potential_end = target.potential(theta.data());
    const MetropolisOutcome outcome =
        metropolis_decision(energy_start, potential_end + kinetic_energy(r), metropolis, rng);
    if (outcome.accepted) {
      potential = potential_end;
    } else {
      theta = theta_start_;
      r = r_start_;
      grad = grad_start_;
    }
    return outcome;
  }

 private:
  Vec theta_start_, r_start_, grad_start_;
};

}  // namespace sgl
