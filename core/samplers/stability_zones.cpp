#include "core/samplers/stability_zones.hpp"

#include <cmath>

namespace sgl {
namespace {

// Samples across the slider before the boundaries are refined: a zone narrower than 1/96 of
// the slider could be missed, and none of the rules has one (each is a threshold in one value).
constexpr int kSamples = 97;
constexpr int kBisections = 20;

class Slider {
 public:
  Slider(const SliderRange& range) : range_(range) {}
  bool logarithmic() const { return range_.logarithmic && range_.lo > 0.0; }
  // The value at share t ∈ [0, 1] of the slider's length.
  double value_at(double t) const {
    if (t <= 0.0 && range_.zero_at_bottom) return 0.0;
    if (logarithmic()) return range_.lo * std::pow(range_.hi / range_.lo, t);
    return range_.lo + t * (range_.hi - range_.lo);
  }

 private:
  SliderRange range_;
};

}  // namespace

std::vector<StabilityZone> slider_stability_zones(const std::string& sampler_id,
                                                  const std::string& param, const ParamValues& full,
                                                  std::optional<double> lambda_max,
                                                  const SliderRange& range) {
  std::vector<StabilityZone> zones;
  if (!(range.hi > range.lo) || !std::isfinite(range.lo) || !std::isfinite(range.hi)) return zones;
  const Slider slider(range);
  ParamValues values = full;
  const auto level_at = [&](double t) {
    values[param] = slider.value_at(t);
    StabilityLevel worst = StabilityLevel::Stable;
    for (const StabilityHint& hint : stability_hints(sampler_id, values, lambda_max))
      if (stability_severity(hint.level) > stability_severity(worst)) worst = hint.level;
    return worst;
  };
  if (stability_hints(sampler_id, full, lambda_max).empty()) return zones;
  // The share of the slider where each level begins, boundaries refined between samples.
  std::vector<std::pair<double, StabilityLevel>> starts;
  StabilityLevel previous = level_at(0.0);
  starts.push_back({0.0, previous});
  for (int k = 1; k < kSamples; ++k) {
    double hi = double(k) / (kSamples - 1);
    const StabilityLevel level = level_at(hi);
    if (level == previous) continue;
    double lo = double(k - 1) / (kSamples - 1);
    for (int i = 0; i < kBisections; ++i) {
      const double mid = 0.5 * (lo + hi);
      (level_at(mid) == previous ? lo : hi) = mid;
    }
    starts.push_back({hi, level});
    previous = level;
  }
  // One level along the whole slider: this parameter does not move the chain's stability (B̂ or
  // V beside an unstable friction); a stripe under it would blame it for another's setting.
  if (starts.size() == 1) return zones;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    if (starts[i].second == StabilityLevel::Stable) continue;
    const double end = i + 1 < starts.size() ? starts[i + 1].first : 1.0;
    zones.push_back({slider.value_at(starts[i].first), slider.value_at(end), starts[i].second});
  }
  return zones;
}

}  // namespace sgl
