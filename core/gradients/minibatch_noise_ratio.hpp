// How noisy a minibatch gradient is at a given θ, from one pass over the per-datum gradients.
// A uniformly chosen block of b data scaled by its number of blocks m ≈ n/b estimates the full
// likelihood gradient with covariance ≈ (n²/b)·(n − b)/(n − 1)·Cov_k(∇ℓ_k(θ)) (sampling without
// replacement: b = n gives no noise). In underdamped Langevin with step h and friction γ this
// noise enters r as h·(G_B − Ḡ), beside the injected √(2γh)ξ; their variance ratio summed over
// the coordinates,
//   noise_ratio = h·tr Cov(G_B) / (2γ),
// bounds the extra temperature the noise adds to any direction. EWSG's index weights
// log p_B = (h/4γ)‖γr + G_B‖² = const + (h/2γ)(γr + Ḡ)·(G_B − Ḡ) + (h/4γ)‖G_B − Ḡ‖² spread over
// the blocks by about noise_ratio/2 from their last term alone: well above 1, a few blocks take
// all the weight (ewsg_weight_warning.hpp).
#pragma once

#include "core/targets/data_target.hpp"

namespace sgl {

// The noise ratio EWSG's regression defaults size b for (data_aware_defaults.hpp): the index
// weights' effective sample size then stays near 0.9 of the blocks.
inline constexpr double kDefaultNoiseRatio = 0.5;

// tr Cov_k(∇ℓ_k(θ)) over the n data (one data pass; not counted as sampler work).
double per_datum_gradient_variance(const DataTarget& data, const double* theta);

// tr Cov(G_B) for blocks of size b, from the per-datum variance above.
double block_gradient_variance(double per_datum_variance, std::int64_t num_data, int batch_size);

// h·tr Cov(G_B) / (2γ): the gradient noise over the injected noise.
double langevin_noise_ratio(double block_variance, double step_size, double friction);

// The smallest b whose noise ratio is at most `target_ratio` (1 ≤ b ≤ n).
int batch_size_for_noise_ratio(double per_datum_variance, std::int64_t num_data, double step_size,
                               double friction, double target_ratio);

}  // namespace sgl
