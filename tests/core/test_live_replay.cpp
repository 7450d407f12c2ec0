// A reopened session's replay runs on the live engine's worker (issue 26): the constructor, which
// the window calls on its UI thread, runs no step; the snapshot shows the replay's progress; it
// can be cancelled; an engine mid-replay is destroyed at once; and the sliced replay draws
// exactly what one uninterrupted run through the same changes draws.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <functional>
#include <thread>

#include "core/run/chain.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/run_spec.hpp"
#include "core/run/start_point.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

bool wait_for(const LiveEngine& engine, const std::function<bool(const EngineSnapshot&)>& done) {
  const auto deadline = Clock::now() + 60s;
  while (Clock::now() < deadline) {
    if (done(*engine.snapshot())) return true;
    std::this_thread::sleep_for(1ms);
  }
  return done(*engine.snapshot());
}

// A session saved after `steps` steps of one SGLD chain on gauss2d, with a step-size change.
LiveSetup saved_session(std::uint64_t steps, std::uint64_t change_at) {
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.seed = 11;
  setup.running = false;  // as a reopened session
  setup.draw_capacity = 4096;
  ChainSpec chain{"sgld", {{"step_size", 0.05}}, true, "saved"};
  chain.id = 0;
  chain.steps = steps;
  chain.history = {ParamChange{change_at, {{"step_size", 0.02}}}};
  setup.chains.push_back(chain);
  return setup;
}

constexpr std::uint64_t kEndless = 1'000'000'000'000;  // 10^12 steps: hours of replay

}  // namespace

TEST_CASE("a replay of 10^12 saved steps runs on the worker, shows progress and can be cancelled",
          "[engine][replay]") {
  const auto start = Clock::now();
  LiveEngine engine(saved_session(kEndless, 1000));
  // Before: the constructor replayed every saved step (the window froze for hours). A hang
  // guard, not a timing (bench/bench_cancel_latency measures the 24 ms).
  CHECK(seconds_since(start) < 30.0);
  REQUIRE(wait_for(engine, [](const EngineSnapshot& s) {
    return s.replay_steps_total == kEndless && s.replay_steps_done > 10'000;
  }));
  CHECK(engine.snapshot()->chains.size() == 1);

  // While it replays, the session saves as it was loaded (an autosave must not cut it short).
  const LiveSetup state = engine.session_state();
  REQUIRE(state.chains.size() == 1);
  CHECK(state.chains[0].steps == kEndless);
  REQUIRE(state.chains[0].history.size() == 1);
  CHECK(state.chains[0].history[0].step == 1000);

  // Its later changes are still to come: a change of its settings now is refused, not mixed in.
  engine.set_chain_params(0, {{"step_size", 0.1}});
  REQUIRE(wait_for(engine, [](const EngineSnapshot& s) { return s.error_serial > 0; }));
  CHECK_THAT(engine.snapshot()->last_error, Catch::Contains("still replaying"));

  const auto cancelled_at = Clock::now();
  engine.cancel_replay();
  engine.wait_until_idle();
  CHECK(seconds_since(cancelled_at) < 30.0);  // a hang guard: hours of replay were left
  const auto after = engine.snapshot();
  CHECK(after->replay_steps_total == 0);
  CHECK_FALSE(after->running);
  CHECK_THAT(after->replay_outcome, Catch::Contains("replay cancelled"));
  REQUIRE(after->chains.size() == 1);
  const std::uint64_t reached = after->chains[0].counters.steps;
  CHECK(reached > 10'000);
  CHECK(reached < kEndless);
  // The chain is live again where it stopped: the change at step 1000 was applied, and it steps.
  REQUIRE(after->chains[0].param_history.size() == 1);
  CHECK(after->chains[0].param_history[0].step == 1000);
  engine.step_once();
  engine.wait_until_idle();
  CHECK(engine.snapshot()->chains[0].counters.steps == reached + 1);
  CHECK(engine.session_state().chains[0].steps == reached + 1);
  engine.set_running(true);  // the note goes once the chains run again
  engine.wait_until_idle();
  CHECK(engine.snapshot()->replay_outcome.empty());
}

TEST_CASE("an engine destroyed mid-replay stops within a slice", "[engine][replay]") {
  for (int attempt = 0; attempt < 3; ++attempt) {
    auto engine = std::make_unique<LiveEngine>(saved_session(kEndless, 5));
    REQUIRE(wait_for(*engine, [](const EngineSnapshot& s) { return s.replay_steps_done > 0; }));
    const auto start = Clock::now();
    engine.reset();
    // A hang guard (a slice is ~8 ms; bench/bench_cancel_latency measures it).
    CHECK(seconds_since(start) < 30.0);
  }
}

TEST_CASE("a sliced replay draws what one uninterrupted run through the same changes draws",
          "[engine][replay]") {
  constexpr std::uint64_t kSteps = 300'000, kChangeAt = 123'457;
  LiveEngine engine(saved_session(kSteps, kChangeAt));
  engine.wait_until_idle();  // waits for the replay too
  const auto snapshot = engine.snapshot();
  CHECK(snapshot->replay_steps_total == 0);
  REQUIRE(snapshot->chains[0].counters.steps == kSteps);
  const std::optional<DrawStore> replayed = engine.copy_draws(0);
  REQUIRE(replayed);

  // The same chain built as the engine builds it, run in one call per segment.
  const std::shared_ptr<const Target> target = make_target({"gauss2d", {}, "", "y"});
  const Vec init = common_start(*target, StartChoice{}, "start");
  Chain reference(target, "sgld", {{"step_size", 0.05}}, chain_seed(11, 0, 0),
                  sampler_start(*target, StartChoice{}, init, "sgld"), 0, 1, 4096);
  reference.run(kChangeAt);
  reference.set_params({{"step_size", 0.02}});
  reference.run(kSteps - kChangeAt);
  const DrawStore& expected = reference.draws();
  REQUIRE(replayed->size() == expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    REQUIRE(replayed->iteration(i) == expected.iteration(i));
    REQUIRE(replayed->theta(i, 0) == expected.theta(i, 0));
    REQUIRE(replayed->theta(i, 1) == expected.theta(i, 1));
  }
}

TEST_CASE(
    "a chain stopped by a divergence goes on from its draw where the trouble began, and a "
    "replay of its history does the same",
    "[engine][replay]") {
  // SGLD at ε = 5 on gauss2d (ρ = 0.9: stable below 4/λ_max ≈ 0.21) blows up within a few
  // steps; the window then resumes it at ε = 0.05 (ControlPanel::resume_after_gesture).
  const std::shared_ptr<const Target> target = make_target({"gauss2d", {}, "", "y"});
  const Vec init = common_start(*target, StartChoice{}, "start");
  const auto make_chain = [&] {
    return Chain(target, "sgld", {{"step_size", 0.05}}, chain_seed(11, 0, 0),
                 sampler_start(*target, StartChoice{}, init, "sgld"), 0, 1, 8192);
  };
  Chain chain = make_chain();
  chain.run(1000);
  const std::size_t draws_before = chain.draws().size();
  REQUIRE(draws_before == 1000);
  const double x_before = chain.draws().theta(draws_before - 1, 0);
  chain.set_params({{"step_size", 5.0}});
  chain.run(1000);
  REQUIRE(chain.stopped());
  const std::uint64_t stopped_at = chain.counters().steps;
  REQUIRE(stopped_at > 1000);
  chain.resume({{"step_size", 0.05}});
  CHECK_FALSE(chain.stopped());
  CHECK(chain.stop_reason().empty());
  const ParamChange& resumed = chain.param_history().back();
  REQUIRE(resumed.resumes);
  CHECK(resumed.step == stopped_at);
  CHECK(resumed.resume_from == 1000);  // the end of the 1000 good steps at ε = 0.05
  REQUIRE(resumed.resume_theta.size() == 2);
  CHECK(resumed.resume_theta[0] == x_before);
  CHECK(chain.draws().size() == draws_before);  // the draws made at ε = 5 are dropped
  chain.run(500);
  CHECK_FALSE(chain.stopped());
  CHECK(chain.counters().steps == stopped_at + 500);    // went on: no restart from step 0
  REQUIRE(chain.draws().size() == draws_before + 500);  // the good draws are kept
  CHECK(chain.draws().theta(draws_before - 1, 0) == x_before);
  CHECK(std::abs(chain.draws().theta(draws_before, 0) - x_before) < 1.0);  // from there

  // A resume on a running chain is an ordinary change.
  Chain running = make_chain();
  running.run(10);
  running.resume({{"step_size", 0.04}});
  CHECK_FALSE(running.param_history().back().resumes);

  // The engine replays the history, resume included, to the same draws.
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.seed = 11;
  setup.running = false;
  setup.draw_capacity = 8192;
  ChainSpec spec{"sgld", {{"step_size", 0.05}}, true, "saved"};
  spec.id = 0;
  spec.steps = chain.counters().steps;
  spec.history = chain.param_history();
  setup.chains.push_back(spec);
  LiveEngine engine(setup);
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();
  REQUIRE(snapshot->chains[0].counters.steps == chain.counters().steps);
  CHECK_FALSE(snapshot->chains[0].stopped);
  const std::optional<DrawStore> replayed = engine.copy_draws(0);
  REQUIRE(replayed);
  REQUIRE(replayed->size() == chain.draws().size());
  for (std::size_t i = 0; i < replayed->size(); ++i)
    REQUIRE(replayed->theta(i, 0) == chain.draws().theta(i, 0));
}
