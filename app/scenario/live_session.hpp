// Scenarios and the live engine: the LiveSetup a scenario (or a saved session) opens with, and
// the scenario file that saves a running session so that reopening it replays every chain to
// its saved step — same seeds, same parameter changes at the same steps — and the same draws
// follow.
#pragma once

#include "run/live_engine.hpp"
#include "scenario/scenario.hpp"

namespace sgl {

// The GUI's starting engine for a scenario: its chains (or its saved session's chains, with
// their replay), target, seed, start point and speed. Throws UserError.
LiveSetup live_setup_from_scenario(const Scenario& scenario);

// `base` (name, note, sweep, ensemble, analysis, ...) with the engine's current target, seed,
// speed and chains saved as a session.
Scenario scenario_with_session(const Scenario& base, const LiveSessionState& state);

}  // namespace sgl
