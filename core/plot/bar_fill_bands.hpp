// The fills of several histograms over the same bins without mixing: where bars overlap, each
// band between two bar ends takes the tint of one chain only, the one whose bar ends nearest
// above it (as if light opaque fills were laid tallest first). Translucent fills composited over
// one another turned four Okabe–Ito tints into brown. Pure arithmetic, unit-tested.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace sgl {

struct FillBand {
  int bin = 0;
  double lo = 0.0, hi = 0.0;  // heights; below zero for signed histograms
  std::size_t owner = 0;      // index into `heights`
};

// `heights[s]` has `bins` entries. Bands in the order bins, then from zero outwards.
inline std::vector<FillBand> fill_bands(int bins, const std::vector<const double*>& heights) {
  std::vector<FillBand> bands;
  std::vector<double> levels;
  for (int i = 0; i < bins; ++i) {
    levels.assign(1, 0.0);
    for (const double* series : heights)
      if (std::isfinite(series[i])) levels.push_back(series[i]);
    std::sort(levels.begin(), levels.end());
    levels.erase(std::unique(levels.begin(), levels.end()), levels.end());
    for (std::size_t k = 0; k + 1 < levels.size(); ++k) {
      const double mid = 0.5 * (levels[k] + levels[k + 1]);
      std::size_t owner = heights.size();
      double nearest = 0.0;
      for (std::size_t s = 0; s < heights.size(); ++s) {
        const double h = heights[s][i];
        if (!std::isfinite(h) || mid < std::min(0.0, h) || mid > std::max(0.0, h)) continue;
        if (owner == heights.size() || std::abs(h) < nearest) {
          owner = s;
          nearest = std::abs(h);
        }
      }
      if (owner < heights.size()) bands.push_back({i, levels[k], levels[k + 1], owner});
    }
  }
  return bands;
}

}  // namespace sgl
