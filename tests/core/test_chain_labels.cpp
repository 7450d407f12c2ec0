// Chain labels and window layouts: a scenario's labels name the live chains, hand-added chains
// get readable defaults, renames are checked, and both labels and the layout survive a saved
// session. Layout fields of scenario files are validated like every other field.
#include <catch2/catch.hpp>

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::vector<std::string> labels_of(const EngineSnapshot& snapshot) {
  std::vector<std::string> labels;
  for (const ChainSnapshot& chain : snapshot.chains) labels.push_back(chain.label);
  return labels;
}

LiveSetup paused(const Scenario& scenario) {
  LiveSetup setup = live_setup_from_scenario(scenario);
  setup.running = false;
  setup.draw_capacity = 1024;
  return setup;
}

}  // namespace

TEST_CASE("chains carry the scenario's labels and added chains get readable ones", "[labels]") {
  LiveEngine engine(paused(load_scenario("chen-fig1")));
  engine.wait_until_idle();
  CHECK(labels_of(*engine.snapshot()) ==
        std::vector<std::string>{"HMC", "HMC (no MH)", "naive SGHMC + MH", "naive SGHMC", "SGHMC"});
  engine.add_chain(ChainSpec{"sghmc", {}, true});
  engine.add_chain(ChainSpec{"sgld", {}, true});
  engine.duplicate_chain(4);
  engine.wait_until_idle();
  const auto labels = labels_of(*engine.snapshot());
  REQUIRE(labels.size() == 8);
  CHECK(labels[5] == "SGHMC 2");
  CHECK(labels[6] == "SGLD");
  CHECK(labels[7] == "SGHMC 3");
}

TEST_CASE("renaming a chain is checked and reported like any command", "[labels]") {
  LiveEngine engine(paused(load_scenario("default")));
  engine.set_chain_label(0, "exact HMC");
  engine.wait_until_idle();
  CHECK(engine.snapshot()->chains[0].label == "exact HMC");
  const std::uint64_t errors = engine.snapshot()->error_serial;
  for (const char* bad : {"", "   ", "SGHMC", "a##b"}) {
    engine.set_chain_label(0, bad);
    engine.wait_until_idle();
  }
  CHECK(engine.snapshot()->error_serial == errors + 4);
  CHECK(engine.snapshot()->chains[0].label == "exact HMC");
  CHECK(engine.snapshot()->last_error.find("##") != std::string::npos);
}

TEST_CASE("a saved session keeps labels and the layout", "[labels]") {
  Scenario base = load_scenario("default");
  REQUIRE(base.layout.mode == "lecture");
  REQUIRE(base.layout.panels.size() == 3);
  LiveEngine engine(paused(base));
  engine.set_chain_label(2, "SGHMC, C = 1");
  engine.wait_until_idle();
  Scenario saved_base = base;
  saved_base.layout = {"dashboard", {"trace", "energy"}, {}};
  const std::string text =
      scenario_to_json(scenario_with_session(saved_base, engine.session_state()));
  const Scenario reopened = parse_scenario(text, "session.json");
  CHECK(reopened.layout.mode == "dashboard");
  CHECK(reopened.layout.panels == std::vector<std::string>{"trace", "energy"});
  LiveEngine again(paused(reopened));
  again.wait_until_idle();
  CHECK(labels_of(*again.snapshot()) ==
        std::vector<std::string>{"HMC", "naive SGHMC", "SGHMC, C = 1", "SGLD"});
}

TEST_CASE("layout fields are validated with the field's path", "[labels]") {
  const std::string head =
      R"({"name": "x", "target": {"id": "harmonic"}, "chains": [{"sampler": "hmc"}], "layout": )";
  auto message = [&](const std::string& layout) {
    try {
      parse_scenario(head + layout + "}", "s.json");
    } catch (const UserError& error) {
      return std::string(error.what());
    }
    return std::string("accepted");
  };
  CHECK(message(R"({"mode": "lecture", "panels": ["histogram", "trace"]})") == "accepted");
  CHECK(message(R"({"mode": "slides"})").find("s.json.layout.mode") != std::string::npos);
  CHECK(message(R"({"panels": ["histogram", "plots"]})").find("unknown panel 'plots'") !=
        std::string::npos);
  CHECK(message(R"({"panels": ["trace", "trace"]})").find("listed twice") != std::string::npos);
  CHECK(message(R"({"panels": []})").find("one to three") != std::string::npos);
  CHECK(message(R"({"size": 3})").find("unknown key") != std::string::npos);
}
