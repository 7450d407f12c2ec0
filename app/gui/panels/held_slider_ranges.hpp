// Slider ranges that stay put while other sliders move. A sampler's stability model derives a
// slider's range from the other parameters (SGHMC's ε slider ends near 2/C), so dragging C
// used to slide ε's handle across its slider although ε had not changed: students read the
// handle as the value. The window keeps each range as first drawn and replaces it only when the
// value leaves it (a typed value, undo, a preset) or the curvature changes (another target).
// Ends that are hard constraints (B̂ ≤ C) still follow the other sliders.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>

#include "core/samplers/stability_limits.hpp"

namespace sgl {

class HeldSliderRanges {
 public:
  // The range to draw for `param` of `chain`, given the range derived now and the value shown.
  SliderRange hold(int chain, const std::string& param, const SliderRange& derived, double value,
                   std::optional<double> curvature);

 private:
  struct Held {
    SliderRange range;
    std::optional<double> curvature;
  };
  std::map<std::pair<int, std::string>, Held> held_;
};

}  // namespace sgl
