#include "core/diagnostics/energy.hpp"

#include <cmath>
#include <limits>

namespace sgl {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// A diverged trajectory (NaN or ∞ energy) must show up in the summary, not be skipped by
// std::max's comparison: once NaN, the running maximum stays NaN.
void keep_worst(double& worst, double candidate) {
  if (std::isnan(candidate) || candidate > worst) worst = candidate;
}

}  // namespace

double e_bfmi(const double* energy, std::size_t n) {
  if (n < 2) return kNaN;
  double mean = 0.0;
  for (std::size_t t = 0; t < n; ++t) mean += energy[t];
  mean /= static_cast<double>(n);
  double squared_steps = 0.0;
  double squared_deviations = 0.0;
  for (std::size_t t = 0; t < n; ++t) {
    const double deviation = energy[t] - mean;
    squared_deviations += deviation * deviation;
    if (t > 0) {
      const double step = energy[t] - energy[t - 1];
      squared_steps += step * step;
    }
  }
  if (!(squared_deviations > 0.0)) return kNaN;
  return squared_steps / squared_deviations;
}

double e_bfmi(const std::vector<double>& energy) {
  return e_bfmi(energy.data(), energy.size());
}

EnergyDrift energy_drift(const double* energy, std::size_t n) {
  if (n == 0) return {kNaN, kNaN, kNaN};
  EnergyDrift drift;
  for (std::size_t t = 1; t < n; ++t) {
    keep_worst(drift.max_abs_drift, std::abs(energy[t] - energy[0]));
    keep_worst(drift.max_abs_step, std::abs(energy[t] - energy[t - 1]));
  }
  drift.final_minus_initial = energy[n - 1] - energy[0];
  return drift;
}

EnergyDrift energy_drift(const std::vector<double>& energy) {
  return energy_drift(energy.data(), energy.size());
}

}  // namespace sgl
