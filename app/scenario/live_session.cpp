#include "app/scenario/live_session.hpp"

#include <algorithm>

#include "core/targets/target.hpp"
#include "core/util/error.hpp"

namespace sgl {

LiveSetup live_setup_from_scenario(const Scenario& scenario) {
  LiveSetup setup;
  setup.target = scenario.target;
  setup.seed = scenario.seed;
  setup.steps_per_second = scenario.speed;
  // "map" stays a choice (the GUI's start control shows it); values are checked here so a bad
  // file's message names the file.
  setup.init_at_map = scenario.init_at_map;
  if (!scenario.init.empty()) {
    // The engine takes this target over rather than reading the data a second time.
    setup.built_target = make_target(scenario.target);
    setup.built_from = scenario.target;
    const Vec start = scenario_start(scenario, *setup.built_target);
    setup.init.assign(start.data(), start.data() + start.size());
  }
  if (scenario.session) {
    for (const SavedChain& saved : scenario.session->chains) {
      LiveChainConfig config;
      config.sampler_id = saved.sampler;
      config.params = saved.initial_params;
      config.enabled = saved.enabled;
      config.id = saved.id;
      config.replay_history = saved.history;
      config.replay_steps = saved.steps;
      config.label = saved.label;
      setup.chains.push_back(std::move(config));
    }
    setup.running = false;  // a reopened session waits where it was saved
    return setup;
  }
  for (const ScenarioChain& chain : scenario.chains) {
    LiveChainConfig config{chain.sampler.id, chain.sampler.params, chain.enabled};
    config.label = chain.label;
    setup.chains.push_back(std::move(config));
  }
  return setup;
}

Scenario scenario_with_session(const Scenario& base, const LiveSessionState& state) {
  Scenario scenario = base;
  scenario.target = state.target;
  // The start as chosen: "map" (θ* is computed again from the same data, exactly), or numbers
  // (JSON keeps doubles exactly), or neither (the default start).
  scenario.init_at_map = state.init_at_map;
  scenario.init = state.init;
  scenario.seed = state.seed;
  scenario.speed = state.steps_per_second;
  SavedSession session;
  for (const auto& chain : state.chains)
    session.chains.push_back({chain.id, chain.sampler_id, chain.initial_params, chain.history,
                              chain.steps, chain.enabled, chain.label});
  scenario.session = std::move(session);
  return scenario;
}

namespace {

// Keeps the labels still present; an emptied list (every listed chain removed) is an error,
// because an empty list would mean "every chain".
std::vector<std::string> still_present(const std::vector<std::string>& listed,
                                       const std::vector<ScenarioChain>& chains,
                                       const std::string& what) {
  if (listed.empty()) return listed;
  std::vector<std::string> kept;
  for (const std::string& label : listed)
    if (std::any_of(chains.begin(), chains.end(),
                    [&](const ScenarioChain& chain) { return chain.label == label; }))
      kept.push_back(label);
  if (kept.empty()) throw UserError("every chain of the " + what + " has been removed");
  return kept;
}

}  // namespace

Scenario scenario_for_experiment(const Scenario& base, const LiveSessionState& state) {
  Scenario live = base;
  live.session.reset();
  live.seed = state.seed;
  live.target = state.target;
  // The start the live chains use (the GUI's start choice), so the experiment runs what the
  // user sees.
  live.init = state.init;
  live.init_at_map = state.init_at_map;
  live.chains.clear();
  for (const LiveSessionState::ChainState& chain : state.chains) {
    const bool from_preset = chain.id >= 0 && std::size_t(chain.id) < base.chains.size();
    ScenarioChain entry;
    entry.label = from_preset ? base.chains[std::size_t(chain.id)].label
                              : chain.sampler_id + " #" + std::to_string(chain.id + 1);
    entry.sampler.id = chain.sampler_id;
    entry.sampler.params =
        chain.history.empty() ? chain.initial_params : chain.history.back().params;
    entry.enabled = chain.enabled;
    live.chains.push_back(std::move(entry));
  }
  if (live.sweep) live.sweep->chains = still_present(live.sweep->chains, live.chains, "sweep");
  if (live.ensemble) live.ensemble->of = still_present(live.ensemble->of, live.chains, "ensemble");
  return live;
}

}  // namespace sgl
