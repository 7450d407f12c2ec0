// The Hamiltonian transition advanced one leapfrog step at a time gives the same trajectory and
// decision, bit for bit, as the batch path; a rejection returns θ, r and the gradient to the start.
#include <catch2/catch.hpp>

#include "core/samplers/hamiltonian_transition.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

namespace {

struct State {
  Vec theta, r, grad;
  double potential = 0.0;
};

State start_state(const Target& target) {
  State state{target.default_init(), Vec::Zero(target.dim()), Vec::Zero(target.dim())};
  state.theta << 0.8, -0.3;
  target.gradient(state.theta.data(), state.grad.data());
  state.potential = target.potential(state.theta.data());
  return state;
}

}  // namespace

TEST_CASE("transition: step by step equals the batch path bit for bit", "[integrators]") {
  const auto target = make_target({"gauss2d", {}, "", "y"});
  auto exact_gradient = [&](const double* theta, double* grad) { target->gradient(theta, grad); };
  const double step_size = 0.3;
  const int steps = 9;

  for (bool dense : {false, true}) {
    INFO((dense ? "dense" : "unit") << " metric");
    HamiltonianTransition batch(2), stepped(2);
    if (dense) {
      Eigen::MatrixXd mass(2, 2);
      mass << 2.0, 0.5, 0.5, 1.0;
      batch.metric().set_dense(mass);
      stepped.metric().set_dense(mass);
    }
    State a = start_state(*target), b = start_state(*target);
    Rng rng_a(5), rng_b(5);
    for (int iteration = 0; iteration < 50; ++iteration) {
      const MetropolisOutcome whole =
          batch.run_with_exact_energy(*target, {a.theta, a.r, a.grad}, a.potential, step_size,
                                      steps, true, rng_a, exact_gradient);

      const PhasePoint point{b.theta, b.r, b.grad};
      stepped.begin(point, rng_b);
      const double energy_start = b.potential + stepped.kinetic_energy(b.r);
      for (int s = 0; s < steps; ++s) {
        stepped.step(point, step_size, exact_gradient);
        // Between steps the state is the sampler's own θ and r, moved s + 1 steps from the start.
        REQUIRE(stepped.steps_taken() == s + 1);
        REQUIRE(b.theta != stepped.start_position());
      }
      const double potential_end = target->potential(b.theta.data());
      const MetropolisOutcome parts = stepped.finish(
          point, energy_start, potential_end + stepped.kinetic_energy(b.r), true, rng_b);
      if (parts.accepted) b.potential = potential_end;

      REQUIRE(whole.accepted == parts.accepted);
      REQUIRE(whole.accept_prob == parts.accept_prob);
      REQUIRE(a.theta == b.theta);
      REQUIRE(a.r == b.r);
      REQUIRE(a.grad == b.grad);
      REQUIRE(a.potential == b.potential);
    }
    CHECK(rng_a.uniform() == rng_b.uniform());
  }
}

TEST_CASE("transition: a rejected or divergent proposal returns to the start", "[integrators]") {
  const auto target = make_target({"gauss2d", {}, "", "y"});
  auto exact_gradient = [&](const double* theta, double* grad) { target->gradient(theta, grad); };
  HamiltonianTransition transition(2);
  State state = start_state(*target);
  const PhasePoint point{state.theta, state.r, state.grad};
  Rng rng(3);
  transition.begin(point, rng);
  const Vec theta0 = state.theta, r0 = state.r, grad0 = state.grad;
  CHECK(transition.start_momentum() == r0);
  transition.run_steps(point, 0.2, 5, exact_gradient);
  REQUIRE(state.theta != theta0);
  // H jumped by more than 1000: divergent, rejected, restored.
  const MetropolisOutcome outcome = transition.finish(point, 0.0, 2000.0, true, rng);
  CHECK(outcome.divergent);
  CHECK(!outcome.accepted);
  CHECK(state.theta == theta0);
  CHECK(state.r == r0);
  CHECK(state.grad == grad0);
}
