// Sample autocorrelation of a scalar chain, the input to ESS and to the ACF plot.
//
// Both versions use the biased estimator (divide every lag by n, not n − k), as Stan and ArviZ
// do and as Geyer (1992) recommends: it keeps the sequence positive semi-definite and damps the
// noisy long lags that would otherwise swamp the ESS sum.
//   ρ̂_k = Σ_{t<n−k} (x_t − x̄)(x_{t+k} − x̄) / Σ_t (x_t − x̄)²,   k = 0..max_lag.
// A constant series (zero variance) returns all zeros — there is no correlation to speak of —
// and ESS reports 0 for it. max_lag is clamped to n − 1; n = 0 returns an empty vector.
#pragma once

#include <cstddef>
#include <vector>

namespace sgl {

// O(n log n): zero-padded FFT (length ≥ 2n, so the circular correlation equals the linear one).
std::vector<double> autocorrelation(const double* x, std::size_t n, std::size_t max_lag);
std::vector<double> autocorrelation(const std::vector<double>& x, std::size_t max_lag);

// O(n · max_lag) direct sums: the reference for tests, and cheaper for a short window of lags.
std::vector<double> autocorrelation_direct(const double* x, std::size_t n, std::size_t max_lag);

}  // namespace sgl
