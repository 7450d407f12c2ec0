// The menu bar's replay indicator: while a reopened session's saved steps are replayed on the
// engine's worker (live_engine_replay.cpp), how far it has got and a Cancel button.
#pragma once

#include "core/run/engine_snapshot.hpp"
#include "core/run/live_engine.hpp"

namespace sgl {

// Draws nothing when no replay is under way, except how a cancelled one ended (until the chains
// run again). Probed as "replay/cancel" (the button) and the texts "replay" and "replay_outcome"
// (for tests/gui/replay_test.sh).
void show_replay_progress(LiveEngine& engine, const EngineSnapshot& snapshot);

}  // namespace sgl
