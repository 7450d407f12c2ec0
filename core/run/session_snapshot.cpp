#include "core/run/session_snapshot.hpp"

#include "core/run/live_chain_stats.hpp"
#include "core/run/live_chain_view.hpp"

namespace sgl {

EngineSnapshot session_snapshot(const Session& session) {
  EngineSnapshot snapshot;
  snapshot.running = false;
  snapshot.seed = session.spec().seed;
  snapshot.target = session.target_ptr();
  snapshot.target_spec = session.spec().target;
  const std::shared_ptr<const LiveTruthBins> truth = make_live_truth_bins(session.target());
  const auto& chains = session.chains();
  for (std::size_t k = 0; k < chains.size(); ++k) {
    LiveChainStats stats(session.target(), truth);
    stats.consume(*chains[k]);
    // One coordinate per call, as the worker does between slices; the loop ends when every
    // coordinate is done.
    while (stats.update_heavy_step(*chains[k], LiveClock::now())) {
    }
    snapshot.chains.push_back(make_chain_snapshot(static_cast<int>(k), true, *chains[k], stats));
  }
  return snapshot;
}

}  // namespace sgl
