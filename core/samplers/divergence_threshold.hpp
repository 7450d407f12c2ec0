// How far the energy H = U + K of a free-step sampler (SGLD, SGHMC, SGD with momentum, EWSG,
// pSGLD, ...) may rise between two of its check points before the run is called divergent.
//
// The fixed 1000 (Stan's value for one leapfrog trajectory) is kept up to d = 1000 dimensions.
// Above, it scales with d: near a mode of a d-dimensional posterior, U sits about d/2 above its
// minimum (½χ²_d for a Gaussian, sd √(d/2)) and a unit-mass momentum carries K ≈ d/2, so a healthy
// chain that starts at a mode, or whose momentum is heated by minibatch noise, moves H by up to
// about d between check points thousands of steps apart: 4600 on the 79 510-parameter
// Fashion-MNIST network stopped SGD with momentum and SGHMC in their fifth pass (issue 31). A
// real divergence grows geometrically and passes max(1000, d) within a few steps anyway.
// HMC and NUTS keep the fixed 1000 for the energy error of one trajectory (kDivergenceThreshold).
#pragma once

#include <algorithm>

#include "core/samplers/sampler.hpp"

namespace sgl {

inline double free_step_divergence_threshold(int dim) {
  return std::max(kDivergenceThreshold, static_cast<double>(dim));
}

}  // namespace sgl
