// Why a stochastic-gradient chain on data diverged when its step is within the curvature limits:
// the minibatch gradient's noise. With a small b on many data, ε·(G_B − Ḡ) dwarfs the noise the
// sampler injects, the energy random-walks upward and the chain runs off; telling the user to
// lower the step for the curvature (the limits hold) sent them the wrong way (issue 25: SGHMC at
// its defaults on 10⁵ rows was told "ε too large for the curvature" at 2εC + ε²λ = 0.17 < 4).
#pragma once

#include <string>

#include "core/targets/data_target.hpp"

namespace sgl {

// At θ, for blocks of `batch_size` data, a step `step` and friction `friction` (the noise ratio's
// γ: SGHMC's C, SGLD's 2; minibatch_noise_ratio.hpp): when the gradient noise exceeds the
// injected noise, "gradient noise too large for b = 32: 1.04e+03 times the injected noise (the
// curvature limits hold: LIMITS); raise batch_size (b = 86974 brings it to 0.5) or lower STEP".
// Empty when the noise is at most the injected noise (the cause lies elsewhere).
std::string gradient_noise_divergence_cause(const DataTarget& data, const double* theta,
                                            int batch_size, double step, double friction,
                                            const std::string& limits, const char* step_name);

}  // namespace sgl
