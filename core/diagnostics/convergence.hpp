// Multi-chain convergence diagnostics of one scalar quantity (Vehtari, Gelman, Simpson, Carpenter
// & Bürkner 2021, "Rank-normalization, folding, and localization: an improved R̂"), computed as
// the R package `posterior` (1.x) computes rhat(), ess_bulk() and ess_tail():
//
//   split:   each chain is cut into halves (an odd middle draw is dropped), so a trend within a
//            chain shows as disagreement between its halves;
//   z-scale: every draw of every half is replaced by Φ⁻¹((rank − 3/8) / (S + 1/4)), ranks over
//            all S draws pooled, ties averaged;
//   R̂:       max of the basic R̂ of the z-scaled split chains and of the z-scaled split |x − median|
//            (the folded draws catch chains that differ in scale only); basic R̂ =
//            √((B/W + N − 1)/N) with N draws per half, W the mean within-half variance (n − 1)
//            and B = N·var(half means);
//   bulk ESS: the multi-chain ESS (Geyer initial positive and monotone sequences on the
//            combined autocorrelation ρ_t = 1 − (W − mean acov_t)/var⁺, as Stan) of the z-scaled
//            split chains;
//   tail ESS: the smaller multi-chain ESS of the split indicators 1{x ≤ q₀.₀₅} and 1{x ≤ q₀.₉₅},
//            with R's default (type 7) quantiles of all draws.
//
// Chains of unequal length (a chain that stopped early) are cut to the shortest. Any non-finite
// draw, fewer than 2 chains or fewer than 4 draws per chain gives NaN for everything; a constant
// quantity (e.g. an indicator no draw crosses) gives NaN for that figure, as `posterior` does.
#pragma once

#include <vector>

namespace sgl {

struct ConvergenceDiagnostics {
  double rhat = 0.0;      // rank-normalised split R̂ (max of bulk and folded)
  double ess_bulk = 0.0;  // over all chains
  double ess_tail = 0.0;  // min of the 5% and 95% quantile indicators' ESS
};

// R̂ above this says the chains have not mixed (Vehtari et al. 2021 recommend 1.01).
constexpr double kRhatWarning = 1.01;

ConvergenceDiagnostics convergence_diagnostics(const std::vector<std::vector<double>>& chains);

// The multi-chain ESS of `chains` as they are (no split, no ranks): posterior's ess_basic with
// split = FALSE. Exposed for tests.
double multichain_ess(const std::vector<std::vector<double>>& chains);

// Φ⁻¹(p) for 0 < p < 1, to full double precision (Acklam's approximation, one Halley step).
double normal_quantile(double p);

}  // namespace sgl
