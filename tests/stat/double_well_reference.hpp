// The double well p(θ) ∝ exp(2θ² − θ⁴) (chen-doublewell) by composite Simpson quadrature,
// written out here so the statistical tests' reference shares no code with the targets'
// truth grid. U(±4) − U_min = 225: nothing lies beyond [−4, 4].
#pragma once

#include <cmath>
#include <functional>
#include <vector>

namespace sgl::test {

// ∫ g(θ) exp(−U(θ)) dθ over [lo, hi] by Simpson with `intervals` (even) intervals.
inline double double_well_integral(const std::function<double(double)>& g, double lo, double hi,
                                   int intervals = 2000) {
  const double h = (hi - lo) / intervals;
  double sum = 0.0;
  for (int k = 0; k <= intervals; ++k) {
    const double t = lo + k * h;
    const double weight = (k == 0 || k == intervals) ? 1.0 : (k % 2 == 1 ? 4.0 : 2.0);
    sum += weight * g(t) * std::exp(2.0 * t * t - t * t * t * t);
  }
  return sum * h / 3.0;
}

// E[f(θ)] under the double well.
inline double double_well_expectation(const std::function<double(double)>& f) {
  const auto one = [](double) { return 1.0; };
  return double_well_integral(f, -4.0, 4.0, 20000) / double_well_integral(one, -4.0, 4.0, 20000);
}

// The probabilities of `bins` equal bins on [lo, hi], then the mass outside them.
inline std::vector<double> double_well_bin_masses(double lo, double hi, int bins) {
  const auto one = [](double) { return 1.0; };
  const double total = double_well_integral(one, -4.0, 4.0, 20000);
  std::vector<double> masses;
  double inside = 0.0;
  for (int b = 0; b < bins; ++b) {
    const double a = lo + (hi - lo) * b / bins, c = lo + (hi - lo) * (b + 1) / bins;
    masses.push_back(double_well_integral(one, a, c, 200) / total);
    inside += masses.back();
  }
  masses.push_back(1.0 - inside);
  return masses;
}

}  // namespace sgl::test
