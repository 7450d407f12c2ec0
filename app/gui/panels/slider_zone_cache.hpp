// The stability stripes of the open chain's sliders, computed again only when the sampler, the
// other parameters, the curvature or the slider's range change (a drag changes them each frame,
// a running chain does not): each stripe costs a few hundred evaluations of the stability rules.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/samplers/stability_zones.hpp"

namespace sgl {

class SliderZoneCache {
 public:
  const std::vector<StabilityZone>& zones(int chain_id, const std::string& sampler_id,
                                          const std::string& param, const ParamValues& full,
                                          std::optional<double> lambda_max,
                                          const SliderRange& range) {
    Entry& entry = entries_[{chain_id, param}];
    if (!entry.valid || entry.sampler_id != sampler_id || entry.full != full ||
        entry.lambda_max != lambda_max || entry.lo != range.lo || entry.hi != range.hi ||
        entry.logarithmic != range.logarithmic || entry.zero_at_bottom != range.zero_at_bottom) {
      entry = {true,
               sampler_id,
               full,
               lambda_max,
               range.lo,
               range.hi,
               range.logarithmic,
               range.zero_at_bottom,
               slider_stability_zones(sampler_id, param, full, lambda_max, range)};
    }
    return entry.zones;
  }

 private:
  struct Entry {
    bool valid = false;
    std::string sampler_id;
    ParamValues full;
    std::optional<double> lambda_max;
    double lo = 0.0, hi = 0.0;
    bool logarithmic = false, zero_at_bottom = false;
    std::vector<StabilityZone> zones;
  };
  std::map<std::pair<int, std::string>, Entry> entries_;
};

}  // namespace sgl
