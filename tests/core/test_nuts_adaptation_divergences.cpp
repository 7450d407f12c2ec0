// NUTS without burn-in (the window's live chains) adapts its step size over its first
// adapt_steps transitions, and some of those early, too-long trajectories diverge: they are
// counted apart from the divergences after adaptation, which alone are warned about (Stan warns
// only about divergences after warm-up).
#include <catch2/catch.hpp>

#include "core/run/chain.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

TEST_CASE("NUTS: divergences while adapting are counted apart from those after it",
          "[nuts][divergences]") {
  // The nuts-vs-hmc preset's target, from a start far out on the ridge, with a first step 20×
  // too long: the dual averaging tries long steps early, some trajectories diverge.
  auto target = make_target({"gauss2d", {{"rho", 0.99}}, "", "y"});
  Vec init(2);
  init << 4.0, -4.0;
  Chain chain(target, "nuts", {{"step_size", 2.0}, {"adapt_steps", 200.0}}, 5, init, 0, 1);
  chain.run(200);  // every transition adapting
  const SamplerCounters adapting = chain.counters();
  INFO("divergences while adapting: " << adapting.divergences);
  REQUIRE(adapting.divergences > 0);
  CHECK(adapting.adaptation_divergences == adapting.divergences);
  chain.run(2000);  // adapted: a stable step size on this Gaussian
  const SamplerCounters after = chain.counters();
  CHECK(after.adaptation_divergences == adapting.adaptation_divergences);
  CHECK(after.divergences - after.adaptation_divergences <= 2);  // a settled step rarely diverges
  // HMC does not adapt: every divergence is its own.
  Chain hmc(target, "hmc", {{"step_size", 0.5}, {"leapfrog_steps", 20.0}}, 5, init, 0, 1);
  hmc.run(100);
  CHECK(hmc.counters().divergences > 0);
  CHECK(hmc.counters().adaptation_divergences == 0);
}
