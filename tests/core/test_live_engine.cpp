#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <ctime>
#include <functional>
#include <limits>
#include <random>
#include <thread>

#include "core/run/live_chain_stats.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/memory_estimate.hpp"
#include "core/run/run_spec.hpp"
#include "core/run/session.hpp"
#include "core/util/error.hpp"

using sgl::ChainSpec;
using sgl::EngineSnapshot;
using sgl::LiveEngine;
using sgl::LiveSetup;

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// Polls the published snapshot until `done` holds (true) or `timeout` passes (false). The limit
// is generous on purpose: it only ends a test that would otherwise hang, and says nothing about
// speed (a sanitizer build on a loaded machine can take several seconds for what a release build
// does in a fraction of one).
bool wait_for(const LiveEngine& engine, const std::function<bool(const EngineSnapshot&)>& done,
              Clock::duration timeout = 60s) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    if (done(*engine.snapshot())) return true;
    std::this_thread::sleep_for(1ms);
  }
  return done(*engine.snapshot());
}

bool every_chain_has(const EngineSnapshot& snapshot, std::uint64_t steps) {
  for (const auto& chain : snapshot.chains)
    if (chain.counters.steps < steps) return false;
  return true;
}

std::uint64_t histogram_total(const sgl::ChainSnapshot& chain) {
  std::uint64_t total = 0;
  for (const auto& histogram : chain.histograms) total += histogram.total();
  return total;
}

LiveSetup gauss2d_setup(std::vector<ChainSpec> chains, std::size_t capacity = 1u << 14) {
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.chains = std::move(chains);
  setup.seed = 5;
  setup.draw_capacity = capacity;
  return setup;
}

const ChainSpec kHmc{"hmc", {{"step_size", 0.2}, {"leapfrog_steps", 5}}, true};
const ChainSpec kSghmc{"sghmc", {{"step_size", 0.05}, {"noise_var", 1}}, true};

}  // namespace

TEST_CASE("live chains draw exactly what a Session with the same spec draws", "[engine]") {
  sgl::RunSpec spec;
  spec.target = {"gauss2d", {}, "", "y"};
  spec.chains = {{kHmc.sampler_id, kHmc.params}, {kSghmc.sampler_id, kSghmc.params}};
  spec.seed = 5;

  SECTION("the first 20000 draws, paced, so that time slices differ from the session's") {
    LiveSetup setup = gauss2d_setup({kHmc, kSghmc}, 1u << 17);
    setup.steps_per_second = 400'000;
    LiveEngine engine(setup);
    REQUIRE(wait_for(engine, [](const auto& s) { return every_chain_has(s, 20'000); }));
    engine.set_running(false);
    engine.wait_until_idle();
    REQUIRE(engine.snapshot()->chains.size() == 2);

    spec.steps = 20'000;
    sgl::Session session(spec);
    session.run_to_end();
    for (int id = 0; id < 2; ++id) {
      const std::optional<sgl::DrawStore> live = engine.copy_draws(id);
      REQUIRE(live);
      REQUIRE(live->size() >= 20'000);
      const sgl::DrawStore& reference = session.chains()[std::size_t(id)]->draws();
      INFO("chain " << id);
      CHECK(engine.snapshot()->chains[std::size_t(id)].seed ==
            sgl::chain_seed(5, std::size_t(id), 0));
      bool identical = true;
      for (std::size_t i = 0; i < 20'000 && identical; ++i) {
        identical = live->iteration(i) == reference.iteration(i) &&
                    live->hamiltonian(i) == reference.hamiltonian(i);
        for (int c = 0; c < 2; ++c)
          identical = identical && live->theta(i, c) == reference.theta(i, c) &&
                      live->momentum(i, c) == reference.momentum(i, c);
      }
      CHECK(identical);
    }
    CHECK(!engine.copy_draws(7).has_value());
  }

  SECTION("the newest draws at full speed, whatever the slices were") {
    LiveEngine engine(gauss2d_setup({kHmc, kSghmc}, 4096));
    REQUIRE(wait_for(engine, [](const auto& s) { return every_chain_has(s, 30'000); }));
    engine.set_running(false);
    engine.wait_until_idle();
    const auto snapshot = engine.snapshot();
    std::uint64_t longest = 0;
    for (const auto& chain : snapshot->chains) longest = std::max(longest, chain.counters.steps);
    REQUIRE(longest < 20'000'000);  // keeps the reference session's memory reasonable
    spec.steps = longest;
    sgl::Session session(spec);
    session.run_to_end();
    for (const auto& chain : snapshot->chains) {
      const sgl::DrawStore& reference = session.chains()[std::size_t(chain.id)]->draws();
      REQUIRE(chain.recent_steps.size() == 1000);
      CHECK(chain.recent_steps.back() == chain.counters.steps);
      bool identical = true;
      for (std::size_t k = 0; k < chain.recent_steps.size(); ++k) {
        const std::size_t i = chain.recent_steps[k] - 1;
        identical = identical && chain.recent_hamiltonian[k] == reference.hamiltonian(i);
        for (int c = 0; c < 2; ++c)
          identical =
              identical && chain.recent_theta[2 * k + std::size_t(c)] == reference.theta(i, c);
      }
      CHECK(identical);
    }
  }
}

TEST_CASE("invalid parameters are rejected with a message and change nothing", "[engine]") {
  LiveSetup setup = gauss2d_setup({kSghmc});
  setup.running = false;
  LiveEngine engine(setup);
  const sgl::ParamValues original = engine.snapshot()->chains[0].params;

  engine.set_chain_params(
      0, {{"step_size", 0.05}, {"noise_var", 1}, {"friction", 0.5}, {"noise_estimate", 1.0}});
  engine.wait_until_idle();
  auto snapshot = engine.snapshot();
  CHECK(snapshot->error_serial == 1);
  CHECK(snapshot->last_error.find("noise") != std::string::npos);
  CHECK(snapshot->chains[0].params == original);

  engine.set_chain_params(0, {{"step_size", std::numeric_limits<double>::quiet_NaN()}});
  engine.set_chain_params(0, {{"step_size", std::numeric_limits<double>::infinity()}});
  engine.set_chain_params(0, {{"step_size", -1.0}});
  engine.set_chain_params(0, {{"no_such_param", 1.0}});
  engine.set_chain_params(42, {{"step_size", 0.1}});
  engine.set_chain_sampler(0, "no-such-sampler", {});
  engine.set_speed(-3);
  engine.set_speed(std::numeric_limits<double>::quiet_NaN());
  engine.wait_until_idle();
  snapshot = engine.snapshot();
  CHECK(snapshot->error_serial == 9);
  CHECK(!snapshot->last_error.empty());
  CHECK(snapshot->chains[0].params == original);
  CHECK(snapshot->chains[0].sampler_id == "sghmc");
  CHECK(snapshot->steps_per_second == 0.0);

  // A valid change applies between steps and is logged with its step index.
  engine.step_once();
  engine.step_once();
  engine.set_chain_params(0, {{"step_size", 0.02}, {"noise_var", 1}});
  engine.wait_until_idle();
  snapshot = engine.snapshot();
  CHECK(snapshot->error_serial == 9);
  REQUIRE(snapshot->chains[0].param_history.size() == 1);
  CHECK(snapshot->chains[0].param_history[0].step == 2);
  CHECK(snapshot->chains[0].full_params.at("step_size") == 0.02);
  CHECK(snapshot->chains[0].counters.steps == 2);
}

TEST_CASE("a diverging chain stops with a reason while the others keep running", "[engine]") {
  LiveSetup setup;
  setup.target = {"chen-doublewell", {}, "", "y"};
  setup.chains = {{"sghmc", {{"step_size", 10.0}}, true}, {"sghmc", {{"step_size", 0.1}}, true}};
  setup.draw_capacity = 1u << 12;
  LiveEngine engine(setup);
  REQUIRE(wait_for(engine, [](const auto& s) { return s.chains[0].stopped; }));
  const auto first = engine.snapshot();
  const auto& stopped = first->chains[0];
  CHECK(stopped.stop_reason.find("diverged") != std::string::npos);
  CHECK(!stopped.divergence_steps.empty());
  CHECK(stopped.divergence_steps.back() <= stopped.counters.steps);
  const std::uint64_t frozen = stopped.counters.steps;
  const std::uint64_t running_steps = first->chains[1].counters.steps;
  REQUIRE(wait_for(
      engine, [&](const auto& s) { return s.chains[1].counters.steps > running_steps + 10'000; }));
  const auto later = engine.snapshot();
  CHECK(later->chains[0].stopped);
  CHECK(later->chains[0].counters.steps == frozen);
  CHECK(!later->chains[1].stopped);
  CHECK(later->chains[1].has_truth);
  CHECK(later->chains[1].tv < 0.5);

  // Stopped until reset; a reset chain runs again.
  engine.set_chain_params(0, {{"step_size", 0.1}});
  engine.reset_chain(0);
  REQUIRE(wait_for(engine, [](const auto& s) { return s.chains[0].counters.steps > 1000; }));
  CHECK(!engine.snapshot()->chains[0].stopped);
}

TEST_CASE("reset_chain clears the chain's counters and aggregations only", "[engine]") {
  LiveEngine engine(gauss2d_setup({kSghmc, kSghmc}));
  REQUIRE(wait_for(engine, [](const auto& s) {
    return every_chain_has(s, 50'000) && s.chains[0].autocorrelation[0].size() == 101;
  }));
  engine.set_running(false);
  engine.reset_chain(1);
  engine.wait_until_idle();
  const auto paused = engine.snapshot();
  const auto& kept = paused->chains[0];
  const auto& reset = paused->chains[1];
  CHECK(kept.counters.steps >= 50'000);
  CHECK(histogram_total(kept) == 2 * kept.counters.steps);
  CHECK(!kept.traces[0].buckets.empty());
  CHECK(kept.autocorrelation[0].size() == 101);
  CHECK(kept.autocorrelation[0][0] == Approx(1.0));
  CHECK(kept.has_truth);
  CHECK(std::isfinite(kept.tv));
  CHECK(reset.counters.steps == 0);
  CHECK(reset.stored_draws == 0);
  CHECK(histogram_total(reset) == 0);
  CHECK(reset.traces[0].buckets.empty());
  CHECK(reset.energy.buckets.empty());
  CHECK(reset.recent_steps.empty());
  CHECK(reset.cloud.empty());
  CHECK(reset.ess == std::vector<double>{0.0, 0.0});
  CHECK(reset.param_history.empty());

  // Paused: nothing moves until step_once, which advances every enabled chain by one.
  engine.set_chain_enabled(0, false);
  engine.step_once();
  engine.wait_until_idle();
  const auto stepped = engine.snapshot();
  CHECK(stepped->chains[0].counters.steps == kept.counters.steps);
  CHECK(stepped->chains[1].counters.steps == 1);
  CHECK(histogram_total(stepped->chains[1]) == 2);

  engine.reset_all();
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();  // held: the loop must not outlive it
  for (const auto& chain : snapshot->chains) CHECK(chain.counters.steps == 0);
}

TEST_CASE("chains and targets can be added, duplicated, removed and replaced", "[engine]") {
  auto engine = std::make_unique<LiveEngine>(gauss2d_setup({kSghmc, kHmc}));
  engine->add_chain({"sgld", {{"step_size", 0.01}, {"noise_var", 1}}, true});
  engine->duplicate_chain(0);
  engine->remove_chain(1);
  engine->add_chain({"sgld", {{"step_size", 0.0}}, true});  // rejected: out of range
  engine->wait_until_idle();
  auto snapshot = engine->snapshot();
  REQUIRE(snapshot->chains.size() == 3);
  CHECK(snapshot->chains[0].id == 0);
  CHECK(snapshot->chains[1].id == 2);
  CHECK(snapshot->chains[2].id == 3);
  CHECK(snapshot->chains[2].sampler_id == "sghmc");
  CHECK(snapshot->chains[2].params == snapshot->chains[0].params);
  CHECK(snapshot->chains[2].seed == sgl::chain_seed(5, 3, 0));
  CHECK(snapshot->error_serial == 1);

  // The data target drops noise_var (analytic targets only); chains restart on it.
  engine->set_target({"logistic", {{"n", 200}, {"d", 2}}, "", "y"});
  engine->set_target({"logistic", {{"n", -5}}, "", "y"});  // rejected: keeps the logistic target
  engine->wait_until_idle();
  snapshot = engine->snapshot();
  CHECK(snapshot->error_serial == 2);
  CHECK(snapshot->target_spec.id == "logistic");
  REQUIRE(snapshot->chains.size() == 3);
  CHECK(snapshot->chains[0].params.count("noise_var") == 0);
  CHECK(snapshot->chains[0].params.at("step_size") == 0.05);
  CHECK(snapshot->chains[0].dim == snapshot->target->dim());
  CHECK(!snapshot->chains[0].has_truth);
  REQUIRE(wait_for(*engine, [](const auto& s) { return every_chain_has(s, 2000); }));
  snapshot = engine->snapshot();
  CHECK(snapshot->chains[0].histograms.size() == std::size_t(snapshot->target->dim()));

  engine->set_seed(11);
  engine->set_chain_sampler(2, "hmc", {{"step_size", 0.05}});
  engine->wait_until_idle();
  snapshot = engine->snapshot();
  CHECK(snapshot->seed == 11);
  CHECK(snapshot->chains[1].sampler_id == "hmc");
  CHECK(snapshot->chains[1].seed == sgl::chain_seed(11, 2, 0));

  for (int id : {0, 2, 3}) engine->remove_chain(id);
  engine->remove_chain(0);  // already gone: reported, nothing else
  engine->wait_until_idle();
  CHECK(engine->snapshot()->chains.empty());
  engine->add_chain({"sghmc", {}, true});
  REQUIRE(wait_for(*engine,
                   [](const auto& s) { return s.chains.size() == 1 && every_chain_has(s, 100); }));
  CHECK(engine->snapshot()->chains[0].id == 4);

  const auto start = Clock::now();
  engine.reset();
  CHECK(Clock::now() - start < 100ms);
}

TEST_CASE("the engine destructs promptly with many expensive or exploding chains", "[engine]") {
  std::vector<ChainSpec> chains;
  for (int k = 0; k < 12; ++k) {
    chains.push_back({"hmc", {{"step_size", 10.0}, {"leapfrog_steps", 1000}}, true});
    chains.push_back({"naive-sghmc", {{"step_size", 10.0}, {"noise_var", 100}}, true});
  }
  auto engine = std::make_unique<LiveEngine>(gauss2d_setup(chains, 1024));
  std::this_thread::sleep_for(200ms);
  // Changing the cost per step 1000-fold mid-run must not stretch a pass either.
  engine->set_chain_params(0, {{"step_size", 1e-5}, {"leapfrog_steps", 1}});
  std::this_thread::sleep_for(100ms);
  engine->set_chain_params(0, {{"step_size", 1e-5}, {"leapfrog_steps", 1000}});
  std::this_thread::sleep_for(50ms);
  CHECK(engine->snapshot()->chains[0].counters.steps > 0);
  const auto start = Clock::now();
  engine.reset();
  CHECK(Clock::now() - start < 100ms);
}

TEST_CASE("a finite speed paces every chain", "[engine]") {
  LiveSetup setup = gauss2d_setup({kSghmc, kHmc});
  setup.steps_per_second = 2000;
  LiveEngine engine(setup);
  std::this_thread::sleep_for(300ms);
  const auto snapshot = engine.snapshot();
  for (const auto& chain : snapshot->chains) {
    CHECK(chain.counters.steps > 200);
    CHECK(chain.counters.steps < 1000);
  }
  CHECK(snapshot->steps_per_second == 2000);
  CHECK(snapshot->chains[0].recent_steps_per_second > 1000);
  CHECK(snapshot->chains[0].recent_steps_per_second < 3000);
}

TEST_CASE("snapshots stay bounded however long a chain runs", "[engine]") {
  LiveEngine engine(gauss2d_setup({kSghmc}, 4096));
  REQUIRE(wait_for(
      engine, [](const auto& s) { return every_chain_has(s, 1'000'000); }, 20s));
  engine.set_running(false);
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();
  const auto& chain = snapshot->chains[0];
  CHECK(chain.stored_draws == 4096);
  CHECK(chain.recent_steps.size() == 1000);
  CHECK(chain.recent_theta.size() == 2000);
  CHECK(chain.recent_momentum.size() == 2000);
  CHECK(chain.cloud.size() == 2 * 4000);
  for (const auto& trace : chain.traces) CHECK(trace.buckets.size() <= 2048);
  CHECK(chain.energy.buckets.size() <= 2048);
  CHECK(chain.energy_change.buckets.size() <= 2048);
  CHECK(chain.divergence_steps.size() <= sgl::kLiveDivergenceMarks);
  CHECK(chain.autocorrelation[0].size() <= 101);
  // The streaming aggregations still saw every draw, not only the 4096 stored.
  CHECK(histogram_total(chain) == 2 * chain.counters.steps);
  CHECK(chain.traces[0].buckets.front().first_step == 1);
  CHECK(chain.recent_steps_per_second >= 0.0);
}

TEST_CASE("an invalid setup is rejected before any thread starts", "[engine]") {
  LiveSetup setup = gauss2d_setup({kSghmc});
  LiveSetup bad_target = setup;
  bad_target.target = {"no-such-target", {}, "", "y"};
  CHECK_THROWS_AS(LiveEngine(bad_target), sgl::UserError);
  LiveSetup bad_params = setup;
  bad_params.chains = {{"sghmc", {{"friction", std::nan("")}}, true}};
  CHECK_THROWS_AS(LiveEngine(bad_params), sgl::UserError);
  LiveSetup bad_init = setup;
  bad_init.init = {1.0, 2.0, 3.0};
  CHECK_THROWS_AS(LiveEngine(bad_init), sgl::UserError);
  LiveSetup unbounded = setup;
  unbounded.draw_capacity = 0;
  CHECK_THROWS_AS(LiveEngine(unbounded), sgl::UserError);
  LiveSetup bad_speed = setup;
  bad_speed.steps_per_second = -1;
  CHECK_THROWS_AS(LiveEngine(bad_speed), sgl::UserError);

  // A custom start is where every chain begins.
  LiveSetup custom = setup;
  custom.init = {2.5, -1.0};
  custom.running = false;
  LiveEngine engine(custom);
  engine.step_once();
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();
  REQUIRE(snapshot->chains[0].recent_theta.size() == 2);
  CHECK(std::abs(snapshot->chains[0].recent_theta[0] - 2.5) < 0.5);
}

TEST_CASE("chains whose kept draws exceed the memory budget are refused with the sizes",
          "[engine]") {
  // A scenario too large is refused before any chain is built, naming its real size.
  LiveSetup huge = gauss2d_setup({kHmc, kSghmc, kHmc}, std::size_t{1} << 40);
  try {
    LiveEngine engine(huge);
    FAIL("accepted 3 chains of 2^40 draws");
  } catch (const sgl::UserError& error) {
    const std::string message = error.what();
    CHECK(message.find("3 chains would keep up to") != std::string::npos);
    CHECK(message.find("keep_draws") != std::string::npos);
  }
  // Two chains fit, a third (added or duplicated) does not: refused with a message, and the
  // running chains are untouched. The rings grow as they fill, so nothing near the budget is
  // ever allocated here.
  const double per_chain = sgl::bytes_per_draw(2);
  const auto capacity = static_cast<std::size_t>(sgl::memory_budget_bytes() / (2.5 * per_chain));
  LiveSetup two = gauss2d_setup({kHmc, kSghmc}, capacity);
  two.running = false;
  LiveEngine engine(two);
  engine.duplicate_chain(0);
  engine.add_chain(kSghmc);
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();
  CHECK(snapshot->chains.size() == 2);
  CHECK(snapshot->last_error.find("3 chains would keep up to") != std::string::npos);
}

TEST_CASE("a paused engine sleeps instead of polling", "[engine]") {
  LiveSetup setup = gauss2d_setup({kSghmc, kHmc});
  setup.running = false;
  LiveEngine engine(setup);
  engine.step_once();
  engine.wait_until_idle();
  std::this_thread::sleep_for(50ms);  // lets the last diagnostics refresh finish
  const std::clock_t cpu_before = std::clock();
  const std::uint64_t version = engine.snapshot()->version;
  std::this_thread::sleep_for(300ms);
  const double cpu_seconds = double(std::clock() - cpu_before) / CLOCKS_PER_SEC;
  CHECK(cpu_seconds < 0.05);
  CHECK(engine.snapshot()->version == version);  // nothing changed, nothing published
}

TEST_CASE("random command sequences neither crash nor hang", "[engine]") {
  const std::uint64_t seed = GENERATE(2024, 7, 99, 12345);
  std::mt19937_64 random(seed);
  const auto pick = [&random](std::size_t count) {
    return static_cast<std::size_t>(random() % count);
  };
  const std::vector<std::string> samplers = {"hmc",  "naive-sghmc",  "sghmc",
                                             "sgld", "sgd-momentum", "bogus"};
  const std::vector<double> values = {0.0,
                                      1e-5,
                                      0.01,
                                      0.1,
                                      1.0,
                                      10.0,
                                      1e6,
                                      -1.0,
                                      std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::infinity()};
  const std::vector<std::string> names = {"step_size", "friction",     "noise_estimate",
                                          "noise_var", "batch_size",   "leapfrog_steps",
                                          "mh",        "learning_rate"};
  const std::vector<sgl::TargetSpec> targets = {{"chen-doublewell", {}, "", "y"},
                                                {"gauss2d", {{"rho", 0.5}}, "", "y"},
                                                {"banana", {}, "", "y"},
                                                {"linear", {{"n", 50}, {"d", 2}}, "", "y"},
                                                {"gauss2d", {{"rho", 2.0}}, "", "y"}};
  const auto random_params = [&] {
    sgl::ParamValues params;
    for (std::size_t k = pick(3); k > 0; --k)
      params[names[pick(names.size())]] = values[pick(values.size())];
    return params;
  };

  auto engine = std::make_unique<LiveEngine>(gauss2d_setup({kSghmc, kHmc}, 2048));
  for (int command = 0; command < 400; ++command) {
    const int id = static_cast<int>(pick(8));
    switch (pick(14)) {
      case 0:
        engine->set_running(pick(2) == 0);
        break;
      case 1:
        engine->step_once();
        break;
      case 2:
        engine->set_speed(pick(2) == 0 ? 0.0 : values[pick(values.size())] * 1000);
        break;
      case 3:
        engine->reset_all();
        break;
      case 4:
        engine->reset_chain(id);
        break;
      case 5:
      case 6:
        engine->set_chain_params(id, random_params());
        break;
      case 7:
        engine->set_chain_sampler(id, samplers[pick(samplers.size())], random_params());
        break;
      case 8:
        engine->set_chain_enabled(id, pick(2) == 0);
        break;
      case 9:
        engine->add_chain({samplers[pick(samplers.size())], random_params(), true});
        break;
      case 10:
        engine->duplicate_chain(id);
        break;
      case 11:
        engine->remove_chain(id);
        break;
      case 12:
        engine->set_target(targets[pick(targets.size())]);
        break;
      default:
        engine->set_seed(random());
        break;
    }
    if (command % 50 == 0) engine->wait_until_idle();
    if (pick(4) == 0) std::this_thread::sleep_for(std::chrono::microseconds(pick(2000)));
  }
  engine->wait_until_idle();
  const auto snapshot = engine->snapshot();
  CHECK(snapshot->error_serial > 0);
  for (const auto& chain : snapshot->chains) CHECK(chain.dim == snapshot->target->dim());
  const auto start = Clock::now();
  engine.reset();
  CHECK(Clock::now() - start < 100ms);
}
