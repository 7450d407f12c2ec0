// What a sampler counts as it runs (steps, MH proposals and accepts, divergences, per-datum
// evaluations, and the tallies of the sampler's declared info channels): read by the summary, the
// metrics panel and the snapshot.
#pragma once

#include <cstdint>

#include "core/samplers/sampler_channels.hpp"

namespace sgl {

struct SamplerCounters {
  std::uint64_t steps = 0;
  std::uint64_t mh_proposals = 0;
  std::uint64_t mh_accepts = 0;
  double accept_prob_sum = 0.0;  // Σ min(1, e^{−ΔH}): the mean is a smoother acceptance estimate
  std::uint64_t divergences = 0;
  // Of those, the ones while the sampler was still adapting its step size inside the recorded
  // run (NUTS without burn-in: the window's live chains). Stan's warm-up has them too; they are
  // shown apart and not warned about, as Stan does not.
  std::uint64_t adaptation_divergences = 0;
  std::uint64_t gradient_evaluations = 0;  // per datum
  std::uint64_t density_evaluations = 0;   // per datum, those the algorithm needs (e.g. for MH)
  // One tally per declared info channel, in the sampler's declaration order
  // (sampler_channels.hpp): EWSG's index acceptance, HMC-ECS's subsample acceptance and σ̂², ...
  ChannelTallies channels{};
  // Wall time spent on exact-U evaluations the algorithm does not need (for the record only).
  double diagnostic_seconds = 0.0;
};

}  // namespace sgl
