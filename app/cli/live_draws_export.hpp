// File → Export → Draws CSV from a live session: every shown chain's stored draws, copied from
// the engine and written in the format of `sgmcmc-lab run` (draws_csv_writer.hpp). Slow for long
// runs (6 chains × 10⁶ draws is seconds), so the GUI runs it on a BackgroundJob: the copies wait
// for the engine's worker between slices and the rows report progress, never on the UI thread.
#pragma once

#include <memory>
#include <string>

#include "core/run/engine_snapshot.hpp"

namespace sgl {

class JobControl;
class LiveEngine;

// Writes folder/draws.csv (or draws-2.csv, ...; never overwriting) with the chains of
// `snapshot` (the chains shown: hidden ones are left out) and returns its path. `control`, when
// given, receives progress (copies first, then rows written / total rows) and can cancel: the
// half-written file is then removed. Throws UserError (nothing to export, unwritable folder).
std::string export_live_draws_csv(LiveEngine& engine,
                                  std::shared_ptr<const EngineSnapshot> snapshot,
                                  const std::string& folder, JobControl* control = nullptr);

}  // namespace sgl
