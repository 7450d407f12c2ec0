#include <catch2/catch.hpp>

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

ChainSpec live_chain(int id, const std::string& sampler, ParamValues params,
                     std::vector<ParamChange> history = {}) {
  ChainSpec chain;
  chain.id = id;
  chain.sampler_id = sampler;
  chain.params = std::move(params);
  chain.history = std::move(history);
  return chain;
}

}  // namespace

TEST_CASE("an experiment run again uses the live chains with their target and seed", "[notes]") {
  const Scenario base = load_scenario("teach-step-size");
  LiveSetup state;
  state.target = {"gauss2d", {{"rho", 0.5}}, "", "y"};
  state.seed = 9;
  // Chain 1 removed, chain 2 (the swept SGLD) changed twice, a new chain 4 added.
  state.chains = {live_chain(0, "hmc", {{"step_size", 0.2}}),
                  live_chain(2, "sgld", {{"step_size", 0.1}},
                             {{10, {{"step_size", 0.05}}}, {20, {{"step_size", 0.02}}}}),
                  live_chain(3, "sgld", {{"step_size", 0.45}}), live_chain(4, "sghmc", {})};
  const Scenario live = scenario_for_experiment(base, state);
  CHECK(live.seed == 9);
  CHECK(live.target.params.at("rho") == 0.5);
  CHECK(!live.session);
  REQUIRE(live.chains.size() == 4);
  CHECK(live.chains[0].label == "HMC ε = 0.2");
  CHECK(live.chains[1].label == "SGLD ε = 0.1");
  CHECK(live.chains[1].params.at("step_size") == 0.02);  // its newest setting
  CHECK(live.chains[3].label == "sghmc #5");
  REQUIRE(live.sweep);
  CHECK(live.sweep->chains == std::vector<std::string>{"SGLD ε = 0.1"});

  state.chains.erase(state.chains.begin() + 1);  // the swept chain removed: nothing to sweep
  CHECK_THROWS_AS(scenario_for_experiment(base, state), UserError);
}

TEST_CASE("an experiment on another kind of target drops the preset's start point", "[notes]") {
  const Scenario base = load_scenario("teach-modes");
  REQUIRE(!base.init.empty());
  LiveSetup state;
  state.target = {"gauss2d", {}, "", "y"};
  state.chains = {live_chain(0, "hmc", {})};
  CHECK(scenario_for_experiment(base, state).init.empty());
  state.target = base.target;
  state.init = base.init;  // what the engine reports: the start its chains use
  CHECK(scenario_for_experiment(base, state).init == base.init);
  state.init.clear();  // the user chose the default start in the Controls
  CHECK(scenario_for_experiment(base, state).init.empty());
}
