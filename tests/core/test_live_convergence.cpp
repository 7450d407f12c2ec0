// The live engine's multi-chain diagnostics (R̂, bulk/tail ESS per sampler group, shown under
// the GUI's Metrics): the groups, the window, and that the published figures are exactly those
// of diagnostics/convergence.hpp on the chains' newest draws.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <functional>
#include <thread>

#include "app/scenario/experiment.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/live_group_convergence.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

// Waits until `done` holds. The limit is generous on purpose: it only ends a test that would
// otherwise hang, and says nothing about speed (a sanitizer build on a loaded machine can take
// several seconds for what a release build does in a fraction of one).
bool wait_for(const LiveEngine& engine, const std::function<bool(const EngineSnapshot&)>& done,
              Clock::duration timeout = 60s) {
  const auto deadline = Clock::now() + timeout;
  while (Clock::now() < deadline) {
    if (done(*engine.snapshot())) return true;
    std::this_thread::sleep_for(2ms);
  }
  return done(*engine.snapshot());
}

// The figures the group should publish, from copies of its chains' draws.
std::vector<ConvergenceDiagnostics> expected(LiveEngine& engine, const std::vector<int>& ids,
                                             int dim, std::size_t* length) {
  std::vector<DrawStore> copies;
  for (int id : ids) copies.push_back(*engine.copy_draws(id));
  std::vector<ConvergenceDiagnostics> result;
  for (int c = 0; c < dim; ++c) {
    std::size_t shortest = kLiveConvergenceWindow;
    for (const DrawStore& store : copies) shortest = std::min(shortest, store.size());
    std::vector<std::vector<double>> chains;
    for (const DrawStore& store : copies) {
      const std::vector<double> all = store.coordinate(c);
      chains.emplace_back(all.end() - std::ptrdiff_t(shortest), all.end());
    }
    *length = shortest;
    result.push_back(convergence_diagnostics(chains));
  }
  return result;
}

}  // namespace

TEST_CASE("convergence groups: chains of one sampler, two or more, stopped chains left out",
          "[engine][convergence]") {
  const auto target = make_target({"gauss2d", {}, "", "y"});
  Chain a(target, "hmc", {}, 1, Vec::Zero(2), 0, 1);
  Chain b(target, "sgld", {}, 2, Vec::Zero(2), 0, 1);
  Chain c(target, "hmc", {}, 3, Vec::Zero(2), 0, 1);
  Chain d(target, "sgld", {}, 4, Vec::Zero(2), 0, 1);
  Chain e(target, "sghmc", {}, 5, Vec::Zero(2), 0, 1);
  std::vector<ConvergenceMember> members = {
      {"A", "hmc", &a}, {"B", "sgld", &b}, {"C", "hmc", &c}, {"D", "sgld", &d}, {"E", "sghmc", &e}};
  const auto groups = convergence_groups(members);
  REQUIRE(groups.size() == 2);
  CHECK(groups[0] == std::vector<std::size_t>{0, 2});
  CHECK(groups[1] == std::vector<std::size_t>{1, 3});

  // Same sampler, other settings (chen-fig1's HMC with and without MH): not replicas.
  Chain f(target, "hmc", {{"mh", 0.0}}, 6, Vec::Zero(2), 0, 1);
  members.push_back({"F", "hmc", &f});
  const auto with_other_settings = convergence_groups(members);
  REQUIRE(with_other_settings.size() == 2);
  CHECK(with_other_settings[0] == std::vector<std::size_t>{0, 2});

  // The window: the newest draws every chain has (cut to the shortest).
  a.run(300);
  c.run(100);
  std::size_t length = 0;
  const ConvergenceDiagnostics d2 =
      window_convergence({&a.draws(), &c.draws()}, 1, kLiveConvergenceWindow, &length);
  CHECK(length == 100);
  const std::vector<double> all_a = a.draws().coordinate(1);
  const ConvergenceDiagnostics direct = convergence_diagnostics(
      {std::vector<double>(all_a.end() - 100, all_a.end()), c.draws().coordinate(1)});
  CHECK(d2.rhat == direct.rhat);
  CHECK(d2.ess_bulk == direct.ess_bulk);
  CHECK(d2.ess_tail == direct.ess_tail);
  CHECK(std::isnan(window_convergence({&a.draws(), &c.draws()}, 5, 100, &length).rhat));
}

TEST_CASE("the live engine publishes R̂ and bulk/tail ESS per sampler group",
          "[engine][convergence]") {
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.seed = 3;
  setup.draw_capacity = 1u << 14;
  setup.running = false;
  const ChainSpec hmc{"hmc", {{"step_size", 0.2}, {"leapfrog_steps", 5}}, true};
  setup.chains = {hmc, {"sgld", {}, true}, hmc, hmc};
  LiveEngine engine(setup);
  CHECK(engine.snapshot()->convergence.empty());  // no draws yet

  for (int i = 0; i < 400; ++i) engine.step_once();
  engine.wait_until_idle();
  std::size_t length = 0;
  const auto want = expected(engine, {0, 2, 3}, 2, &length);
  REQUIRE(length == 400);
  const bool published = wait_for(engine, [&](const EngineSnapshot& snapshot) {
    return snapshot.convergence.size() == 1 && snapshot.convergence[0].draws_per_chain == 400 &&
           snapshot.convergence[0].coordinates.size() == 2 &&
           snapshot.convergence[0].coordinates[1].rhat == want[1].rhat;
  });
  REQUIRE(published);
  const GroupConvergence& group = engine.snapshot()->convergence[0];
  CHECK(group.sampler_id == "hmc");
  CHECK(group.labels == std::vector<std::string>{"HMC", "HMC 2", "HMC 3"});
  for (int c = 0; c < 2; ++c) {
    INFO("coordinate " << c);
    const ConvergenceDiagnostics& got = group.coordinates[std::size_t(c)];
    CHECK(got.rhat == want[std::size_t(c)].rhat);
    CHECK(got.ess_bulk == want[std::size_t(c)].ess_bulk);
    CHECK(got.ess_tail == want[std::size_t(c)].ess_tail);
    CHECK(got.rhat < kRhatWarning + 0.02);  // exact HMC on a Gaussian: the chains agree
    CHECK(got.ess_bulk > 100.0);
  }

  // One chain removed: the group has two; a second removed: no group left.
  engine.remove_chain(3);
  engine.wait_until_idle();
  CHECK(wait_for(engine, [](const EngineSnapshot& snapshot) {
    return snapshot.convergence.size() == 1 && snapshot.convergence[0].labels.size() == 2;
  }));
  engine.remove_chain(2);
  engine.wait_until_idle();
  CHECK(wait_for(engine,
                 [](const EngineSnapshot& snapshot) { return snapshot.convergence.empty(); }));
}

TEST_CASE("an ensemble reports R̂ and bulk/tail ESS over its chains' later checkpoints",
          "[convergence][scenario]") {
  Scenario scenario;
  scenario.source = "test";
  scenario.target = {"gauss2d", {}, "", "y"};
  scenario.chains = {{"hmc", {{"step_size", 0.3}, {"leapfrog_steps", 5}}, true, "HMC"},
                     {"sgld", {{"step_size", 1e-4}, {"noise_var", 0}}, true, "slow SGLD"}};
  ScenarioEnsemble ensemble;
  ensemble.chains = 40;
  ensemble.steps = 400;
  ensemble.checkpoints = 20;
  scenario.ensemble = ensemble;
  const EnsembleResult result = run_ensemble(scenario);
  REQUIRE(result.series.size() == 2);
  for (const EnsembleSeries& series : result.series) {
    INFO(series.label << ": R̂ " << series.convergence[0].rhat << ", bulk ESS "
                      << series.convergence[0].ess_bulk);
    REQUIRE(series.convergence.size() == 2);
    CHECK(series.convergence_chains == 40);
    CHECK(series.convergence_checkpoints == 10);
  }
  // Exact HMC has forgotten the common start by the later half; a barely moving SGLD has not,
  // so its chains disagree.
  const auto& hmc = result.series[0].convergence;
  const auto& slow = result.series[1].convergence;
  for (int c = 0; c < 2; ++c) {
    CHECK(hmc[std::size_t(c)].rhat < 1.05);
    CHECK(hmc[std::size_t(c)].ess_bulk > 100.0);
    CHECK(slow[std::size_t(c)].rhat > 1.1);
  }
}
