#include "app/gui/panels/held_slider_ranges.hpp"

namespace sgl {

SliderRange HeldSliderRanges::hold(int chain, const std::string& param, const SliderRange& derived,
                                   double value, std::optional<double> curvature) {
  auto [entry, fresh] = held_.try_emplace({chain, param}, Held{derived, curvature});
  Held& held = entry->second;
  SliderRange range = held.range;
  if (derived.lo_is_constraint) range.lo = derived.lo;
  if (derived.hi_is_constraint) range.hi = derived.hi;
  range.zero_at_bottom = derived.zero_at_bottom;
  range.logarithmic = derived.logarithmic;
  const bool inside = (value >= range.lo || (range.zero_at_bottom && value == 0.0)) &&
                      value <= range.hi && range.lo < range.hi;
  if (fresh || held.curvature != curvature || !inside) {
    held = Held{derived, curvature};
    return derived;
  }
  return range;
}

}  // namespace sgl
