// A finished headless Session seen as the live engine's snapshot, so that the GUI's views (and
// their SVG export) draw `run --out` figures with the very same code: the chains' draws go
// through the same aggregations as in the live engine (LiveChainStats: histograms, decimated
// traces and energies, ACF/ESS/IAT over the newest stored draws).
#pragma once

#include "core/run/engine_snapshot.hpp"
#include "core/run/session.hpp"

namespace sgl {

// Chain k of the session gets id k (its seed stream, as in the live engine).
EngineSnapshot session_snapshot(const Session& session);

}  // namespace sgl
