// Effective sample size and integrated autocorrelation time of a single chain.
//
// Exactly Stan's single-chain `compute_effective_sample_size` (stan/analyze/mcmc), i.e. Geyer's
// (1992) initial positive + initial monotone sequence estimators on the biased FFT ACF:
//   ρ̃_t = ρ̂_t − 1/(n − 1)  for t ≥ 1, ρ̃_0 = 1   (Stan's var⁺ form with one chain: the
//        within-chain variance uses n − 1, the autocovariances n);
//   pairs P_k = ρ̃_{2k} + ρ̃_{2k+1} are accepted while positive (the first pair whose sum is
//        ≤ 0 ends the sequence; a negative one is not stored), never beyond lag n − 4;
//   each pair is capped at the previous one (monotone non-increasing);
//   τ̂ = −1 + 2 Σ_{t < max_s} ρ̃_t + ρ̃_{max_s+1} (Stan's extra half-pair term, which reduces
//        variance for antithetic chains), ESS = n / τ̂.
// As in Stan, ESS is capped at n · log10(n) (τ̂ floored at 1/log10 n): strongly antithetic
// chains can give τ̂ ≪ 1, and τ̂ ≤ 0 would otherwise give an infinite or negative ESS. `iat`
// reports the floored τ̂, so ess · iat = n always holds.
//
// Departures from Stan, which returns NaN in these cases: a constant chain or n < 4 gives
// ess = 0, iat = +∞ (a stuck sampler has produced no information, and 0 sorts and plots
// sensibly); a chain with any non-finite value gives NaN for both.
#pragma once

#include <cstddef>
#include <vector>

namespace sgl {

struct EssResult {
  double ess = 0.0;  // effective number of independent draws
  double iat = 0.0;  // integrated autocorrelation time τ̂ = n / ESS (inefficiency factor)
};

EssResult effective_sample_size(const double* x, std::size_t n);
EssResult effective_sample_size(const std::vector<double>& x);

}  // namespace sgl
