// The GUI's start choice and data-aware defaults go through the CLI's code: a live chain starts
// where `run` starts the same sampler (default: HMC-ECS at θ*, others at 0; map; values), and a
// chain added on (or moved to) a regression shows and runs core's data-aware defaults.
#include <catch2/catch.hpp>

#include "app/scenario/live_session.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/session.hpp"
#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

const TargetSpec kLogistic{"logistic", {{"n", 300}, {"d", 2}, {"seed", 1}}, "", "y"};

// Runs `steps` steps of the live chains [hmc, hmcecs] and of `run --sampler hmc --sampler
// hmcecs` with the same start choice and seed, and checks that the draws are identical.
void check_same_draws_as_run(const StartChoice& start) {
  RunSpec spec;
  spec.target = kLogistic;
  spec.chains = {{"hmc", {}}, {"hmcecs", {}}};
  spec.steps = 5;
  spec.seed = 9;
  spec.init = start.values;
  spec.init_at_map = start.at_map;
  Session session(spec);
  session.run_to_end();

  LiveSetup setup;
  setup.target = kLogistic;
  setup.seed = 9;
  setup.running = false;
  setup.draw_capacity = 64;
  setup.chains = {{"hmc", {}, true}, {"hmcecs", {}, true}};
  LiveEngine engine(setup);
  engine.set_start(start);
  for (int i = 0; i < 5; ++i) engine.step_once();
  engine.wait_until_idle();
  for (int id : {0, 1}) {
    INFO("chain " << id);
    const auto live = engine.copy_draws(id);
    const DrawStore& cli = session.chains()[std::size_t(id)]->draws();
    REQUIRE(live);
    REQUIRE(live->size() == cli.size());
    for (std::size_t i = 0; i < cli.size(); ++i)
      for (int c = 0; c < cli.dim(); ++c) REQUIRE(live->theta(i, c) == cli.theta(i, c));
  }
}

}  // namespace

TEST_CASE("live start choices draw what run --init draws", "[engine][init]") {
  SECTION("default: HMC-ECS at θ*, HMC at 0") {
    check_same_draws_as_run({});
  }
  SECTION("map") {
    check_same_draws_as_run({{}, true});
  }
  SECTION("zero") {
    check_same_draws_as_run({{0.0, 0.0, 0.0}, false});
  }
}

TEST_CASE("the live start choice: published, refused where it does not apply", "[engine][init]") {
  LiveSetup setup;
  setup.target = kLogistic;
  setup.running = false;
  setup.chains = {{"hmc", {}, true}};
  setup.init_at_map = true;
  LiveEngine engine(setup);
  CHECK(engine.snapshot()->start.at_map);
  engine.set_start({{1.0, 2.0, 3.0, 4.0}, false});  // wrong length: refused, nothing changes
  engine.wait_until_idle();
  CHECK(engine.snapshot()->start.at_map);
  CHECK(engine.snapshot()->last_error.find("the start point has 4 values") != std::string::npos);
  engine.set_start({});
  engine.wait_until_idle();
  CHECK_FALSE(engine.snapshot()->start.at_map);
  // map survives a switch between regressions, not to an analytic target.
  engine.set_start({{}, true});
  engine.set_target({"logistic", {{"n", 200}, {"d", 3}, {"seed", 2}}, "", "y"});
  engine.wait_until_idle();
  CHECK(engine.snapshot()->start.at_map);
  engine.set_target({"gauss2d", {}, "", "y"});
  engine.wait_until_idle();
  CHECK_FALSE(engine.snapshot()->start.at_map);
  engine.set_start({{}, true});
  engine.wait_until_idle();
  CHECK_FALSE(engine.snapshot()->start.at_map);
  CHECK(engine.snapshot()->last_error.find("needs a regression target") != std::string::npos);
}

TEST_CASE("saved sessions keep the start choice", "[engine][init][scenario]") {
  Scenario scenario;
  scenario.target = kLogistic;
  scenario.chains = {{"hmc", {}, true, "HMC"}};
  scenario.init_at_map = true;
  LiveSetup setup = live_setup_from_scenario(scenario);
  CHECK(setup.init_at_map);
  setup.running = false;
  LiveEngine engine(setup);
  const Scenario saved = scenario_with_session(scenario, engine.session_state());
  CHECK(saved.init_at_map);
  CHECK(saved.init.empty());
  CHECK(live_setup_from_scenario(parse_scenario(scenario_to_json(saved), "s.json")).init_at_map);
}

TEST_CASE("a chain added on a regression runs and shows the data-aware defaults",
          "[engine][defaults]") {
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.running = false;
  setup.chains = {{"sghmc", {}, true}};
  LiveEngine engine(setup);
  const SamplerInfo& sghmc = *find_sampler_info("sghmc");
  const double analytic_step = engine.snapshot()->chains[0].full_params.at("step_size");
  CHECK(analytic_step == find_descriptor(sghmc.params, "step_size")->default_value);

  engine.set_target(kLogistic);  // the chain moves to a regression
  engine.add_chain({"hmc", {}, true});
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();
  REQUIRE(snapshot->chains.size() == 2);
  for (const ChainSnapshot& chain : snapshot->chains) {
    INFO(chain.sampler_id);
    const SamplerInfo& info = *find_sampler_info(chain.sampler_id);
    // What the Controls' sliders show for unset parameters (control_panel.cpp): core's rule.
    const ParamValues want = sampler_defaults(chain.sampler_id, *snapshot->target, {}, info.params);
    CHECK(chain.params.empty());
    CHECK(chain.full_params == want);
    CHECK(chain.full_params.at("step_size") !=
          find_descriptor(info.params, "step_size")->default_value);
  }
}

TEST_CASE("opening a scenario with start values builds its target once",
          "[engine][init][scenario]") {
  Scenario scenario;
  scenario.target = kLogistic;
  ChainSpec hmc;
  hmc.sampler_id = "hmc";
  hmc.label = "HMC";
  scenario.chains = {hmc};
  scenario.init = {0.1, -0.2, 0.3};
  LiveSetup setup = live_setup_from_scenario(scenario);
  REQUIRE(setup.built_target != nullptr);  // built once, to check the start values
  setup.running = false;
  {
    LiveEngine engine(setup);  // takes that target over instead of building another
    CHECK(engine.snapshot()->target.get() == setup.built_target.get());
  }
  setup.target = {"gauss2d", {}, "", "y"};  // changed after the build: the engine builds its own
  setup.init = {0.1, -0.2};
  LiveEngine engine(setup);
  CHECK(engine.snapshot()->target->id() == "gauss2d");
}
