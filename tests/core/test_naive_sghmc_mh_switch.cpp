// Naive SGHMC with MH switched on mid-run: the MH test must start from U at the current θ.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/run/chain.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

TEST_CASE("naive-sghmc: switching mh on mid-run refreshes the stale potential", "[naive-sghmc]") {
  // Without gradient noise and with a small step, every MH trajectory conserves H to ~1e-4, so
  // the mean acceptance probability must be ≈ 1. Starting at the mode and running the dynamics
  // first moves θ where U is higher: a test against the start's U (the stale value) would see
  // ΔH ≈ U(θ) − U(0) > 0 and reject often.
  const auto target = make_target({"harmonic", {}, "", "y"});
  Chain chain(target, "naive-sghmc",
              {{"step_size", 0.01}, {"leapfrog_steps", 20}, {"noise_var", 0}}, 7, Vec::Zero(1), 0,
              1);
  chain.run(157);  // dynamics only; θ is now away from 0
  REQUIRE(std::abs(chain.sampler().position()[0]) > 0.3);
  chain.set_params({{"step_size", 0.01}, {"leapfrog_steps", 20}, {"noise_var", 0}, {"mh", 1}});
  const double before = chain.counters().accept_prob_sum;
  chain.run(1);
  const double first = chain.counters().accept_prob_sum - before;
  INFO("first MH step's acceptance probability " << first << " at θ "
                                                 << chain.sampler().position()[0]);
  CHECK(first > 0.999);
  // The recorded U is U at the recorded θ.
  const DrawStore& draws = chain.draws();
  const std::size_t last = draws.size() - 1;
  const double theta = draws.theta(last, 0);
  CHECK(draws.potential(last) == Approx(0.5 * theta * theta).epsilon(1e-12));
}
