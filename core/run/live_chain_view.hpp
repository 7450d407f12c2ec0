// Turns one live chain (the chain and the worker's aggregations of it) into the immutable
// ChainSnapshot the UI draws from. Worker thread only; the result is self-contained.
#pragma once

#include "core/run/chain.hpp"
#include "core/run/live_chain_stats.hpp"
#include "core/run/engine_snapshot.hpp"

namespace sgl {

// Draws in recent_* (the newest) and at most in the cloud (spread over the ring buffer).
constexpr std::size_t kLiveRecentDraws = 1000;
constexpr std::size_t kLiveCloudDraws = 4000;
// Parameter changes copied into a snapshot (the newest): a slider dragged for an hour logs
// hundreds of thousands of changes, and every snapshot would copy them all.
constexpr std::size_t kLiveParamHistory = 256;

ChainSnapshot make_chain_snapshot(int id, bool enabled, const Chain& chain,
                                  const LiveChainStats& stats);

}  // namespace sgl
