// Scenarios and the live engine: the LiveSetup a scenario (or a saved session) opens with, and
// the scenario file that saves a running session so that reopening it replays every chain to
// its saved step — same seeds, same parameter changes at the same steps — and the same draws
// follow.
#pragma once

#include "app/scenario/scenario.hpp"
#include "core/run/live_engine.hpp"

namespace sgl {

// The GUI's starting engine for a scenario: its chains (or its saved session's chains, with
// their replay), target, seed, start point and speed. Throws UserError.
LiveSetup live_setup_from_scenario(const Scenario& scenario);

// `base` (name, note, sweep, ensemble, analysis, ...) with the engine's current target, seed,
// speed and chains saved as a session.
Scenario scenario_with_session(const Scenario& base, const LiveSetup& state);

// `base` with its chains, target and seed replaced by the live session's current ones, for
// running the scenario's sweep or ensemble again after the user changed them (Presets → Run
// ... again): each chain keeps its preset label (an added one is named after its sampler), with
// its newest parameters. Chains the sweep or ensemble listed but the user removed are dropped
// from its list; throws UserError when none of them is left.
Scenario scenario_for_experiment(const Scenario& base, const LiveSetup& state);

}  // namespace sgl
