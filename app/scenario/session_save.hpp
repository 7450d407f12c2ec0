// File → Save session: the live engine's state (taken by its worker between slices, so every
// chain is at a consistent step) written as a scenario file that reopens to the same draws.
// The GUI runs it on a BackgroundJob: taking the state waits for the worker, and the UI thread
// never waits.
#pragma once

#include <string>

#include "app/scenario/scenario.hpp"

namespace sgl {

class LiveEngine;

// Saves `base` (name, note, layout, ...) with the engine's session to `requested_path`: like
// every export, a taken name gets a numbered sibling (session-2.json), never overwritten, and the
// file appears complete or not at all. Returns the path written; throws UserError.
std::string save_session_file(const Scenario& base, LiveEngine& engine,
                              const std::string& requested_path);

}  // namespace sgl
