// One Metropolis-corrected Hamiltonian transition for H = U + ½ rᵀM⁻¹r, shared by HMC, naive
// SGHMC with MH and both HMC-ECS samplers (docs/architecture.md#hamiltonian-transition). It runs
// in three phases, so a caller can advance it one leapfrog step at a time and look at θ and r in
// between, or run all L steps at once:
//
//   begin   r ~ N(0, M); the start (θ₀, r₀, ∇₀) is kept for a rejection
//   step    one leapfrog step (run_steps: `count` of them, the batch path)
//   finish  the MH test min(1, exp(H₀ − H_L)) with Stan's divergence rule; on rejection or
//           divergence θ, r and the cached gradient return to the start
//
// The caller supplies H₀ and H_L because they differ by sampler: HMC and naive SGHMC use the
// exact U (run_with_exact_energy does the whole transition for them), HMC-ECS the estimated Û
// with its subsample u fixed. State beyond (θ, r, ∇) that a trajectory changes, such as HMC-ECS's
// per-datum differences, is the caller's to save after begin and restore after a rejection.
//
// An optional TrajectoryObserver (trajectory_observer.hpp) sees every point of the path and the
// decision: the caller sets it with observe() before begin and passes run_steps the potential
// whose H the observer should see. Unobserved, run_steps is the plain loop.
#pragma once

#include "core/integrators/leapfrog.hpp"
#include "core/integrators/metric.hpp"
#include "core/samplers/metropolis.hpp"
#include "core/samplers/trajectory_observer.hpp"

namespace sgl {

// The phase-space point a transition moves: the sampler's own θ, r and the gradient (exact or
// estimated) at θ that consecutive leapfrog steps share.
struct PhasePoint {
  Vec& theta;
  Vec& r;
  Vec& grad;
};

class HamiltonianTransition {
 public:
  // Starts with the unit metric M = I; samplers with a mass matrix set it through metric().
  explicit HamiltonianTransition(int dim)
      : metric_(dim), theta_start_(dim), r_start_(dim), grad_start_(dim) {}

  Metric& metric() { return metric_; }
  const Metric& metric() const { return metric_; }
  double kinetic_energy(const Vec& r) const { return metric_.kinetic_energy(r); }

  void begin(const PhasePoint& point, Rng& rng) {
    metric_.draw_momentum(rng, point.r);
    theta_start_ = point.theta;
    r_start_ = point.r;
    grad_start_ = point.grad;
    steps_taken_ = 0;
  }

  // `gradient(theta, grad)` writes ∇U (or an estimate) at theta into grad.
  template <class GradientFn>
  void step(const PhasePoint& point, double step_size, GradientFn&& gradient) {
    leapfrog_step(metric_, point.theta, point.r, point.grad, step_size, gradient);
    ++steps_taken_;
  }

  template <class GradientFn>
  void run_steps(const PhasePoint& point, double step_size, int count, GradientFn&& gradient) {
    for (int s = 0; s < count; ++s) step(point, step_size, gradient);
  }

  // Watches the next transition (iteration `iteration`) if `observer` is set and wants it.
  void observe(TrajectoryObserver* observer, std::uint64_t iteration) {
    observer_ = observer != nullptr && observer->wants(iteration) ? observer : nullptr;
    iteration_ = iteration;
  }

  // run_steps with the observer told of the start and of every point; `potential(theta)` is the
  // U of the H it sees (exact or estimated, as the MH test uses), evaluated only when observed.
  template <class GradientFn, class PotentialFn>
  void run_steps(const PhasePoint& point, double step_size, int count, GradientFn&& gradient,
                 PotentialFn&& potential) {
    if (observer_ == nullptr) {
      run_steps(point, step_size, count, gradient);
      return;
    }
    report_point(point, potential);
    for (int s = 0; s < count; ++s) {
      step(point, step_size, gradient);
      report_point(point, potential);
    }
  }

  // `energy_start` is H at the point begin() left, `energy_end` H now. With `metropolis` off
  // every non-divergent proposal is accepted.
  MetropolisOutcome finish(const PhasePoint& point, double energy_start, double energy_end,
                           bool metropolis, Rng& rng) {
    const MetropolisOutcome outcome =
        metropolis_decision(energy_start, energy_end, metropolis, rng);
    if (observer_ != nullptr) {
      observer_->on_decision(iteration_, outcome.accepted, outcome.accept_prob, outcome.divergent);
      observer_ = nullptr;  // one transition per observe()
    }
    if (!outcome.accepted) {
      point.theta = theta_start_;
      point.r = r_start_;
      point.grad = grad_start_;
    }
    return outcome;
  }

  // The whole transition with H = U + ½ rᵀM⁻¹r and the exact U: `potential` is U at θ on entry
  // and is updated on acceptance (one U evaluation at the end point, none at the start).
  template <class GradientFn>
  MetropolisOutcome run_with_exact_energy(const Target& target, const PhasePoint& point,
                                          double& potential, double step_size, int steps,
                                          bool metropolis, Rng& rng, GradientFn&& gradient) {
    begin(point, rng);
    const double energy_start = potential + kinetic_energy(point.r);
    run_steps(point, step_size, steps, gradient,
              [&target](const Vec& theta) { return target.potential(theta.data()); });
    const double potential_end = target.potential(point.theta.data());
    const MetropolisOutcome outcome =
        finish(point, energy_start, potential_end + kinetic_energy(point.r), metropolis, rng);
    if (outcome.accepted) potential = potential_end;
    return outcome;
  }

  // Leapfrog steps since the last begin (for a step-by-step view of the trajectory).
  int steps_taken() const { return steps_taken_; }
  const Vec& start_position() const { return theta_start_; }
  const Vec& start_momentum() const { return r_start_; }

 private:
  Metric metric_;
  Vec theta_start_, r_start_, grad_start_;
  int steps_taken_ = 0;
  TrajectoryObserver* observer_ = nullptr;  // set for one observed transition only
  std::uint64_t iteration_ = 0;

  template <class PotentialFn>
  void report_point(const PhasePoint& point, PotentialFn& potential) {
    observer_->on_point(iteration_, steps_taken_, point.theta, point.r,
                        potential(point.theta) + kinetic_energy(point.r));
  }
};

}  // namespace sgl
