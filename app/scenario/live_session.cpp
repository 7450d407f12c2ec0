#include "scenario/live_session.hpp"

#include "targets/target.hpp"

namespace sgl {

LiveSetup live_setup_from_scenario(const Scenario& scenario) {
  LiveSetup setup;
  setup.target = scenario.target;
  setup.seed = scenario.seed;
  setup.steps_per_second = scenario.speed;
  if (scenario.init_at_map || !scenario.init.empty()) {
    const Vec start = scenario_start(scenario, *make_target(scenario.target));
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
  // The start point as numbers (a MAP included): JSON keeps doubles exactly.
  scenario.init_at_map = false;
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

}  // namespace sgl
