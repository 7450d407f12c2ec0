// R̂ and bulk/tail ESS of one group of replica chains (same sampler and settings), as the
// snapshot carries them to the convergence view.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/diagnostics/convergence.hpp"

namespace sgl {

// Draws per chain the diagnostics use (the newest; fewer when a chain of the group has fewer).
// 2^13 draws of 7 chains cost a few ms per coordinate (ranks of all draws, five multi-chain
// FFT ESS) and still span 80 × an IAT of 100.
constexpr std::size_t kLiveConvergenceWindow = std::size_t{1} << 13;

struct GroupConvergence {
  std::string sampler_id;
  std::string key;                  // sampler and settings: the chains' common identity
  std::vector<std::string> labels;  // the group's chains, in session order
  std::size_t draws_per_chain = 0;  // the window each chain contributed
  std::vector<ConvergenceDiagnostics> coordinates;  // per coordinate (NaN: not enough draws)
};

}  // namespace sgl
