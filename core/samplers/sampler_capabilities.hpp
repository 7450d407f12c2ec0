// What the views ask of a sampler, declared by the sampler in its own file (SamplerTraits) so
// that no view tests a sampler id or one sampler's parameter names:
//   - the gradient-noise panel reads {ε, C, B̂} and the gradient estimator it should measure;
//   - slow motion asks how many leapfrog steps one iteration makes;
//   - the energy plot asks whether the recorded energy is an estimate.
#pragma once

#include <optional>
#include <string>

#include "core/util/params.hpp"

namespace sgl {

// The gradient estimate a sampler uses, as the gradient-noise panel measures it
// (core/diagnostics/gradient_noise.hpp).
enum class GradientEstimate {
  Minibatch,                  // a uniform minibatch, or exact ∇U plus N(0, V) noise
  ControlVariate,             // first-order Taylor control variates at the MAP
  ControlVariateSecondOrder,  // second-order control variates
  EwsgIndexWeights,           // EWSG's index chain, weighted by the momentum
};

// A sampler's parameters in SGHMC's terms (Chen et al. eq. 13): the panel compares the gradient
// noise B = ½εV it measures with the friction C and the noise estimate B̂ the sampler uses.
struct GradientNoiseView {
  double step_size = 0.0;                // ε
  std::optional<double> friction;        // C; none: the sampler has no friction
  std::optional<double> noise_estimate;  // B̂; none: it subtracts no estimate
  GradientEstimate estimate = GradientEstimate::Minibatch;
};

using GradientNoiseViewOf = GradientNoiseView (*)(const ParamValues& full);
using ParamPredicate = bool (*)(const ParamValues& full);
using ParamMeasure = double (*)(const ParamValues& full);

// The value of a parameter in `full`, or `fallback` (for the sampler files' trait functions).
double param_or(const ParamValues& full, const std::string& name, double fallback);

// The trait lookups the views use, for a sampler id and its full parameters.
GradientNoiseView gradient_noise_view_of(const std::string& sampler_id, const ParamValues& full);
// One iteration is one leapfrog step (no MH segment to replay): slow motion then shows a path
// of several iterations.
bool one_step_per_iteration(const std::string& sampler_id, const ParamValues& full);
// The energy recorded with a trajectory is the sampler's estimate, not the exact H.
bool energy_is_estimate(const std::string& sampler_id);

}  // namespace sgl
