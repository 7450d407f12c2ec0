// Saved sessions: save a live session with parameter changes to a scenario file, reopen it, and
// the same draws follow. Also the scenario format's strictness (messages name the field).
#include <catch2/catch.hpp>

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

void step(LiveEngine& engine, int times) {
  for (int i = 0; i < times; ++i) engine.step_once();
  engine.wait_until_idle();
}

}  // namespace

TEST_CASE("session file round trip: save, reopen, the same draws follow", "[scenario]") {
  const Scenario base = load_scenario("default");
  LiveSetup setup = live_setup_from_scenario(base);
  setup.running = false;
  setup.draw_capacity = 4096;
  LiveEngine original(setup);
  step(original, 37);
  original.set_chain_params(2, {{"step_size", 0.05}, {"friction", 2}, {"noise_var", 4}});
  step(original, 23);
  original.set_chain_params(3, {{"step_size", 0.02}, {"noise_var", 4}});
  original.remove_chain(1);  // a hole in the ids: chain 2 keeps its own seed stream
  step(original, 11);
  original.set_chain_params(2, {{"step_size", 0.08}, {"friction", 1}, {"noise_var", 4}});
  step(original, 5);

  const std::string text = scenario_to_json(scenario_with_session(base, original.session_state()));
  const Scenario reopened = parse_scenario(text, "session.json");
  REQUIRE(reopened.session);
  CHECK(scenario_to_json(reopened) == text);  // the file format is stable under a round trip
  REQUIRE(reopened.session->chains.size() == 3);
  CHECK(reopened.session->chains[1].id == 2);
  CHECK(reopened.session->chains[1].history.size() == 2);
  CHECK(reopened.session->chains[1].history[0].step == 37);
  CHECK(reopened.session->chains[1].history[1].step == 71);

  LiveSetup replay_setup = live_setup_from_scenario(reopened);
  replay_setup.draw_capacity = 4096;
  LiveEngine replayed(replay_setup);
  replayed.wait_until_idle();  // the replay runs on the worker; a step before it ends is skipped
  step(original, 40);
  step(replayed, 40);
  for (int id : {0, 2, 3}) {
    INFO("chain " << id);
    const auto a = original.copy_draws(id);
    const auto b = replayed.copy_draws(id);
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(a->size() == 116);  // 37 + 23 + 11 + 5 + 40 steps
    REQUIRE(b->size() == a->size());
    for (std::size_t i = 0; i < a->size(); ++i) {
      REQUIRE(a->iteration(i) == b->iteration(i));
      REQUIRE(a->theta(i, 0) == b->theta(i, 0));
      REQUIRE(a->hamiltonian(i) == b->hamiltonian(i));
    }
  }
  CHECK_FALSE(replayed.copy_draws(1));
}

TEST_CASE("an engine started from another's session state continues with the same draws",
          "[scenario]") {
  LiveSetup setup = live_setup_from_scenario(load_scenario("default"));
  setup.running = false;
  setup.draw_capacity = 4096;
  LiveEngine original(setup);
  step(original, 19);
  original.set_chain_params(0, {{"step_size", 0.05}, {"friction", 2}, {"noise_var", 4}});
  original.remove_chain(1);
  step(original, 13);
  LiveEngine continued(original.session_state());
  continued.wait_until_idle();  // its replay first
  step(original, 25);
  step(continued, 25);
  const std::shared_ptr<const EngineSnapshot> snapshot = original.snapshot();
  REQUIRE(snapshot->chains.size() == continued.snapshot()->chains.size());
  for (const ChainSnapshot& chain : snapshot->chains) {
    INFO("chain " << chain.id);
    const auto a = original.copy_draws(chain.id);
    const auto b = continued.copy_draws(chain.id);
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(a->size() == 57);
    REQUIRE(b->size() == a->size());
    for (std::size_t i = 0; i < a->size(); ++i) {
      REQUIRE(a->iteration(i) == b->iteration(i));
      REQUIRE(a->theta(i, 0) == b->theta(i, 0));
    }
  }
}

TEST_CASE("scenario files: strict validation names the field", "[scenario]") {
  const auto message = [](const std::string& text) {
    try {
      parse_scenario(text, "s.json");
    } catch (const UserError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  const std::string target = R"("target": {"id": "harmonic"})";
  CHECK_THAT(message("{"), Catch::Contains("s.json: malformed JSON"));
  CHECK_THAT(message(R"({"name": "x", )" + target + R"(, "chains": [], "stepz": 3})"),
             Catch::Contains("s.json.stepz: unknown key"));
  CHECK_THAT(message(R"({"name": "x", )" + target +
                     R"(, "chains": [{"sampler": "sgld", "params": {"step_size": -1}}]})"),
             Catch::Contains("s.json.chains[0].params"));
  CHECK_THAT(message(R"({"name": "x", )" + target + R"(, "chains": [{"sampler": "nope"}]})"),
             Catch::Contains("unknown sampler 'nope'"));
  CHECK_THAT(message(R"({"name": "x", "target": {"id": "harmonic", "params": {"rho": 1}},
                         "chains": [{"sampler": "sgld"}]})"),
             Catch::Contains("s.json.target.params.rho: unknown parameter"));
  CHECK_THAT(
      message(R"({"name": "x", )" + target + R"(, "chains": [{"sampler": "sgld"}], "steps": 1.5})"),
      Catch::Contains("s.json.steps must be a whole number"));
  CHECK_THAT(message(R"({"name": "x", )" + target +
                     R"(, "chains": [{"sampler": "sgld"}], "sweep": {"param": "step_size",
                         "values": [0.1], "chains": ["SGHMC"]}})"),
             Catch::Contains("s.json.sweep.chains: no chain labelled 'SGHMC'"));
  CHECK_THAT(message(R"({"name": "x", )" + target +
                     R"(, "chains": [{"sampler": "sgld"}], "ensemble": {"chains": 5}})"),
             Catch::Contains("exactly one of steps and data_passes"));
  CHECK_THAT(message(R"({"name": "x", )" + target + R"(, "chains": [],
                         "session": {"chains": [{"id": 0, "sampler": "sgld", "params": {},
                         "steps": 3, "history": [{"step": 5, "params": {}}]}]}})"),
             Catch::Contains("s.json.session.chains[0].history: a change after the saved step"));
  // A resume after a divergence (its step and θ) survives a round trip; a malformed one is named.
  const std::string resumed = R"({"name": "x", )" + target + R"(, "chains": [],
      "session": {"chains": [{"id": 0, "sampler": "sgld", "params": {}, "steps": 9,
      "history": [{"step": 5, "params": {"step_size": 0.01},
                   "resume": {"from_step": 3, "theta": [0.5, -0.25]}}]}]}})";
  const Scenario parsed = parse_scenario(resumed, "s.json");
  REQUIRE(parsed.session);
  REQUIRE(parsed.session->chains[0].history.size() == 1);
  CHECK(parsed.session->chains[0].history[0].resumes);
  CHECK(parsed.session->chains[0].history[0].resume_from == 3);
  CHECK(parsed.session->chains[0].history[0].resume_theta == std::vector<double>{0.5, -0.25});
  CHECK(scenario_to_json(parse_scenario(scenario_to_json(parsed), "s.json")) ==
        scenario_to_json(parsed));
  CHECK_THAT(message(R"({"name": "x", )" + target + R"(, "chains": [],
                         "session": {"chains": [{"id": 0, "sampler": "sgld", "params": {},
                         "steps": 9, "history": [{"step": 5, "params": {}, "resume": 1}]}]}})"),
             Catch::Contains("resume"));
}

TEST_CASE("every preset parses and names an existing note", "[scenario]") {
  const std::vector<std::string> names = preset_names();
  CHECK(names.size() >= 10);
  for (const std::string& name : names) {
    INFO(name);
    const Scenario scenario = load_scenario(name);
    CHECK(scenario.name == name);
    CHECK_FALSE(scenario.title.empty());
    CHECK_FALSE(load_note(scenario.note).empty());
    CHECK(parse_scenario(scenario_to_json(scenario), "again").chains.size() ==
          scenario.chains.size());
    // The written file reads back to the same scenario: the same text again.
    const std::string text = scenario_to_json(scenario);
    CHECK(scenario_to_json(parse_scenario(text, "again")) == text);
  }
  CHECK_THROWS_WITH(load_scenario("no-such-preset"), Catch::Contains("presets: bnn-moons"));
}

TEST_CASE("analysis kinds: one name table for reading and writing", "[scenario]") {
  for (AnalysisKind kind : {AnalysisKind::None, AnalysisKind::Distance, AnalysisKind::Energy,
                            AnalysisKind::Sweep, AnalysisKind::EnsembleKl, AnalysisKind::Reference})
    CHECK(analysis_kind_from_name(analysis_kind_name(kind)) == kind);
  CHECK(std::string(analysis_kind_name(AnalysisKind::EnsembleKl)) == "ensemble-kl");
  CHECK_FALSE(analysis_kind_from_name("Reference"));
  CHECK(analysis_kind_names() == "none, distance, energy, sweep, ensemble-kl, reference");
}

TEST_CASE("keep_draws: how many draws each live chain keeps, saved with a session", "[scenario]") {
  const std::string chains = R"("target": {"id": "harmonic"}, "chains": [{"sampler": "sgld"}])";
  const Scenario plain = parse_scenario(R"({"name": "x", )" + chains + "}", "s.json");
  CHECK(live_setup_from_scenario(plain).draw_capacity == kLiveDrawsPerChain);
  CHECK(scenario_to_json(plain).find("keep_draws") == std::string::npos);

  const Scenario more =
      parse_scenario(R"({"name": "x", "keep_draws": 1048576, )" + chains + "}", "s.json");
  LiveSetup setup = live_setup_from_scenario(more);
  CHECK(setup.draw_capacity == 1048576);
  CHECK(parse_scenario(scenario_to_json(more), "again.json").keep_draws == 1048576);
  setup.running = false;
  LiveEngine engine(setup);  // a session saved from it keeps the setting
  CHECK(scenario_with_session(more, engine.session_state()).keep_draws == 1048576);

  CHECK_THROWS_WITH(parse_scenario(R"({"name": "x", "keep_draws": 0, )" + chains + "}", "s.json"),
                    Catch::Contains("s.json.keep_draws must be at least 1"));
}
