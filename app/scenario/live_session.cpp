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
  if (scenario.keep_draws > 0) setup.draw_capacity = scenario.keep_draws;
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
    // Each saved chain keeps its id (seed stream) and is replayed through its history.
    setup.chains = scenario.session->chains;
    setup.running = false;  // a reopened session waits where it was saved
    return setup;
  }
  setup.chains = scenario.chains;  // fresh chains: ids in order, no history
  return setup;
}

Scenario scenario_with_session(const Scenario& base, const LiveSetup& state) {
  Scenario scenario = base;
  scenario.target = state.target;
  // The start as chosen: "map" (θ* is computed again from the same data, exactly), or numbers
  // (JSON keeps doubles exactly), or neither (the default start).
  scenario.init_at_map = state.init_at_map;
  scenario.init = state.init;
  scenario.seed = state.seed;
  scenario.speed = state.steps_per_second;
  scenario.keep_draws = state.draw_capacity == kLiveDrawsPerChain ? 0 : state.draw_capacity;
  scenario.session = SavedSession{state.chains};
  return scenario;
}

namespace {

// Keeps the labels still present; an emptied list (every listed chain removed) is an error,
// because an empty list would mean "every chain".
std::vector<std::string> still_present(const std::vector<std::string>& listed,
                                       const std::vector<ChainSpec>& chains,
                                       const std::string& what) {
  if (listed.empty()) return listed;
  std::vector<std::string> kept;
  for (const std::string& label : listed)
    if (std::any_of(chains.begin(), chains.end(),
                    [&](const ChainSpec& chain) { return chain.label == label; }))
      kept.push_back(label);
  if (kept.empty()) throw UserError("every chain of the " + what + " has been removed");
  return kept;
}

}  // namespace

Scenario scenario_for_experiment(const Scenario& base, const LiveSetup& state) {
  Scenario live = base;
  live.session.reset();
  live.seed = state.seed;
  live.target = state.target;
  // The start the live chains use (the GUI's start choice), so the experiment runs what the
  // user sees.
  live.init = state.init;
  live.init_at_map = state.init_at_map;
  live.chains.clear();
  for (const ChainSpec& chain : state.chains) {
    const bool from_preset = chain.id >= 0 && std::size_t(chain.id) < base.chains.size();
    // A fresh chain with the newest settings: the experiment seeds its chains by position.
    ChainSpec entry{chain.sampler_id,
                    chain.history.empty() ? chain.params : chain.history.back().params,
                    chain.enabled};
    entry.label = from_preset ? base.chains[std::size_t(chain.id)].label
                              : chain.sampler_id + " #" + std::to_string(chain.id + 1);
    live.chains.push_back(std::move(entry));
  }
  if (live.sweep) live.sweep->chains = still_present(live.sweep->chains, live.chains, "sweep");
  if (live.ensemble) live.ensemble->of = still_present(live.ensemble->of, live.chains, "ensemble");
  return live;
}

}  // namespace sgl
