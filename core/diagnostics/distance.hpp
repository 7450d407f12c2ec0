// Distances between a sampler's histogram and the true distribution integrated over the same
// bins: total variation and Kullback–Leibler divergence.
//
// Both vectors carry one extra last entry, the "outside" bin (draws below/above the range, or
// outside the rectangle; true mass 1 − Σ inside), so that a sampler which leaks mass out of
// the plotted range is penalised instead of renormalised away.
//
// Finite-sample bias: even exact iid draws give TV > 0. With N draws, bin k's count fraction
// has sd sqrt(p_k(1 − p_k)/N), so E|p̂_k − p_k| ≈ sqrt(2 p_k / (π N)) and
//   E[TV] ≈ ½ Σ_k sqrt(2 p_k / (π N)) ≤ ½ sqrt(2 K / (π N))        (K bins, equality if uniform),
// i.e. of order sqrt(K/N): ≈ 0.009 for K = 50, N = 10⁵; ≈ 0.09 for K = 2500 (50×50), N = 10⁵.
// Correlated draws inflate this by about sqrt(τ) (N → ESS). The KL bias is ≈ (K − 1)/(2N).
// Compare samplers at equal K and N, and read small TV differences against this floor.
#pragma once

#include <vector>

#include "core/diagnostics/histogram.hpp"

namespace sgl {

class TruthGrid;

struct DistanceToTruth {
  double tv = 0.0;  // ½ Σ |p̂ − p| ∈ [0, 1]
  double kl = 0.0;  // KL(p̂ ‖ p) = Σ p̂ log(p̂ / p) ≥ 0, with 0 log 0 = 0 and p floored at 1e-300
};

// The histogram's counts in bin order followed by the outside count (underflow + overflow).
std::vector<double> counts_with_outside(const Histogram1D& histogram);
std::vector<double> counts_with_outside(const Histogram2D& histogram);

// Appends the outside mass 1 − Σ inside (clamped at 0 against rounding) to the inside masses.
std::vector<double> masses_with_outside(std::vector<double> inside_masses);

// True probabilities of the histogram's bins plus the outside bin, from the truth grid
// (coordinate `coord` marginal in 1-D; the grid must be 2-D for the rectangle version).
std::vector<double> true_bin_masses(const Histogram1D& histogram, const TruthGrid& truth,
                                    int coord);
std::vector<double> true_bin_masses(const Histogram2D& histogram, const TruthGrid& truth);

// `counts` (any non-negative weights; normalised here) against `true_masses` (summing to 1),
// both including the outside bin. Throws std::invalid_argument if the sizes differ.
// No draws (all counts zero) gives NaN for both distances.
DistanceToTruth distance_to_truth(const std::vector<double>& counts,
                                  const std::vector<double>& true_masses);
DistanceToTruth distance_to_truth(const Histogram1D& histogram,
                                  const std::vector<double>& true_masses);
DistanceToTruth distance_to_truth(const Histogram2D& histogram,
                                  const std::vector<double>& true_masses);
DistanceToTruth distance_to_truth(const Histogram1D& histogram, const TruthGrid& truth, int coord);
DistanceToTruth distance_to_truth(const Histogram2D& histogram, const TruthGrid& truth);

}  // namespace sgl
