// LiveEngine::trace_chain (the GUI's slow motion): it runs the chain's next real iterations, so
// the chain's draws stay those of an unobserved chain with the same seed; it publishes every
// leapfrog point and decision; a reset or removal drops the recording; samplers without paths
// are refused with a reason and nothing changes.
#include <catch2/catch.hpp>

#include "core/run/chain.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/run_spec.hpp"

using namespace sgl;

namespace {

LiveSetup paused_setup() {
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.chains = {{"hmc", {{"step_size", 0.45}, {"leapfrog_steps", 6}}, true},
                  {"sgld", {{"step_size", 0.05}}, true},
                  {"sghmc", {{"step_size", 0.1}}, true}};
  setup.seed = 9;
  setup.running = false;
  return setup;
}

}  // namespace

TEST_CASE("trace_chain runs the chain's own next iterations and publishes their paths",
          "[engine][trajectory]") {
  LiveEngine engine(paused_setup());
  for (int k = 0; k < 5; ++k) engine.trace_chain(0, 1);
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();
  REQUIRE(snapshot->trajectory != nullptr);
  const RecordedTrajectory& path = *snapshot->trajectory;
  CHECK(path.chain_id == 0);
  CHECK(path.serial == 5);
  CHECK(snapshot->trajectory_serial == 5);
  REQUIRE(path.points.size() == 7);  // L + 1
  REQUIRE(path.decisions.size() == 1);
  CHECK(path.points.front().iteration == 5);
  CHECK(snapshot->chains[1].counters.steps == 0);  // the other chains did not move
  CHECK(snapshot->chains[0].observes_trajectories);
  CHECK_FALSE(snapshot->chains[1].observes_trajectories);

  // The same draws as an unobserved chain with the chain's seed.
  const auto target = make_target({"gauss2d", {}, "", "y"});
  Chain reference(target, "hmc", {{"step_size", 0.45}, {"leapfrog_steps", 6}}, chain_seed(9, 0, 0),
                  target->default_init(), 0, 1);
  reference.run(5);
  const std::optional<DrawStore> live = engine.copy_draws(0);
  REQUIRE(live);
  REQUIRE(live->size() == 5);
  for (std::size_t i = 0; i < 5; ++i)
    for (int c = 0; c < 2; ++c) CHECK(live->theta(i, c) == reference.draws().theta(i, c));
  // The last path ends (accepted) or starts (rejected) at the newest draw.
  const auto& where = path.decisions.front().accepted ? path.points.back() : path.points.front();
  CHECK(where.theta[0] == live->theta(4, 0));

  // SGHMC: 40 one-step iterations make one path of 80 points, every step accepted.
  engine.trace_chain(2, 40);
  engine.wait_until_idle();
  REQUIRE(engine.snapshot()->trajectory->points.size() == 80);
  CHECK(engine.snapshot()->trajectory->decisions.size() == 40);

  // A reset drops the recording of its chain; the serial still counts it.
  engine.reset_chain(2);
  engine.wait_until_idle();
  CHECK(engine.snapshot()->trajectory == nullptr);
  CHECK(engine.snapshot()->trajectory_serial == 6);

  // Refused: SGLD has no path; unknown chains. Nothing is recorded.
  const std::uint64_t errors = engine.snapshot()->error_serial;
  engine.trace_chain(1, 1);
  engine.wait_until_idle();
  CHECK(engine.snapshot()->error_serial == errors + 1);
  CHECK(engine.snapshot()->last_error.find("no leapfrog path") != std::string::npos);
  CHECK(engine.snapshot()->chains[1].counters.steps == 0);
  engine.trace_chain(0, 1);
  engine.remove_chain(0);
  engine.wait_until_idle();
  CHECK(engine.snapshot()->trajectory == nullptr);
  engine.trace_chain(0, 1);  // gone
  engine.wait_until_idle();
  CHECK(engine.snapshot()->error_serial == errors + 2);
}
