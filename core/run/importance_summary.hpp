// Self-normalised importance-weighted moments of a variational sampler's draws (DAIS: each draw
// carries log w in the channel its traits name, SamplerTraits::importance_log_weight): w_i =
// exp(log w_i − max log w), mean = Σθw / Σw, sd² = Σ(θ − mean)²w / Σw, and Kish's effective sample
// size (Σw)² / Σw². The weighted moments are consistent for the posterior's whatever q is, when the
// ESS is not tiny.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/run/chain.hpp"

namespace sgl {

struct ImportanceSummary {
  std::vector<double> mean;  // per coordinate
  std::vector<double> sd;
  double ess = 0.0;  // Kish, over every chain's draws pooled
  std::uint64_t draws = 0;
};

// The per-draw slot of the sampler's log-weight channel (SamplerTraits::importance_log_weight),
// or −1 when its draws carry none.
int importance_weight_slot(const std::string& sampler_id,
                           const std::vector<ChannelDescriptor>& channels);

// Kish's ESS (Σw)² / Σw² of the weights exp(log w − max); NaN when no weight is finite.
double kish_effective_sample_size(const std::vector<double>& log_weights);

// The pooled draws of `chains`, weighted by the per-draw value in `slot` (a log weight).
ImportanceSummary importance_summary(const std::vector<const Chain*>& chains, int slot, int dim);

}  // namespace sgl
