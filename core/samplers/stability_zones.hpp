#pragma once
// Where along a slider a chain's settings become unstable, near the limit, or too small to move:
// the coloured stripe under the step-size and friction sliders, so a student sees before the
// drag where the chain will blow up (issue 24: instability shown where the eye is).
#include <optional>
#include <string>
#include <vector>

#include "core/samplers/stability_limits.hpp"
#include "core/util/params.hpp"

namespace sgl {

// Values from `from` to `to` (from < to) of one parameter, the others held, at `level`.
struct StabilityZone {
  double from = 0.0;
  double to = 0.0;
  StabilityLevel level = StabilityLevel::Stable;
};

// The zones of `param` across `range` (its slider, log or linear; with zero_at_bottom the left
// end stands for 0), judged by the sampler's stability hints with every other parameter as in
// `full`. Stable stretches are left out; neighbouring zones touch. Boundaries are found by
// bisection to a 1e-6 share of the slider. Empty for samplers without a stability rule, and for
// a parameter that leaves the level the same along the whole slider (it does not set it).
std::vector<StabilityZone> slider_stability_zones(const std::string& sampler_id,
                                                  const std::string& param, const ParamValues& full,
                                                  std::optional<double> lambda_max,
                                                  const SliderRange& range);

}  // namespace sgl
