// The Metropolis–Hastings decision for Hamiltonian proposals, with Stan's divergence rule.
#pragma once

#include <algorithm>
#include <cmath>

#include "core/samplers/sampler.hpp"

namespace sgl {

struct MetropolisOutcome {
  bool accepted = false;
  bool divergent = false;
  double accept_prob = 0.0;
};

// Accepts with probability min(1, exp(H₀ − H₁)); with `metropolis` off every non-divergent
// proposal is accepted. A proposal with non-finite H₁ or H₁ − H₀ > 1000 is divergent and rejected.
inline MetropolisOutcome metropolis_decision(double energy_start, double energy_end,
                                             bool metropolis, Rng& rng) {
  MetropolisOutcome outcome;
  const double delta = energy_end - energy_start;
  if (!std::isfinite(energy_end) || delta > kDivergenceThreshold) {
    outcome.divergent = true;
    return outcome;
  }
  outcome.accept_prob = delta <= 0.0 ? 1.0 : std::exp(-delta);
  outcome.accepted = !metropolis || delta <= 0.0 || rng.uniform() < outcome.accept_prob;
  return outcome;
}

}  // namespace sgl
