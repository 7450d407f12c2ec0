#include "core/diagnostics/distance.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <utility>

#include "core/targets/truth_grid.hpp"

namespace sgl {

namespace {

// Keeps KL finite when the sampler puts draws where the truth has (numerically) no mass.
constexpr double kMassFloor = 1e-300;

// The truth grid's masses are conditional on its box; the outside bin gets the true mass beyond
// the box (TruthGrid::inside_mass), so exact draws there cost nothing.
std::vector<double> scaled_to(std::vector<double> masses, double inside_mass) {
  for (double& m : masses) m *= inside_mass;
  return masses;
}

}  // namespace

std::vector<double> counts_with_outside(const Histogram1D& histogram) {
  std::vector<double> result(histogram.counts().begin(), histogram.counts().end());
  result.push_back(static_cast<double>(histogram.underflow() + histogram.overflow()));
  return result;
}

std::vector<double> counts_with_outside(const Histogram2D& histogram) {
  std::vector<double> result(histogram.counts().begin(), histogram.counts().end());
  result.push_back(static_cast<double>(histogram.outside()));
  return result;
}

std::vector<double> masses_with_outside(std::vector<double> inside_masses) {
  const double inside = std::accumulate(inside_masses.begin(), inside_masses.end(), 0.0);
  inside_masses.push_back(std::max(0.0, 1.0 - inside));
  return inside_masses;
}

std::vector<double> true_bin_masses(const Histogram1D& histogram, const TruthGrid& truth,
                                    int coord) {
  std::vector<double> masses(static_cast<std::size_t>(histogram.bins()));
  for (int i = 0; i < histogram.bins(); ++i) {
    // Bin edges from the same formula for both neighbours so no mass is lost or counted twice.
    masses[static_cast<std::size_t>(i)] =
        truth.marginal_mass(coord, histogram.bin_lo(i), histogram.bin_lo(i + 1));
  }
  return masses_with_outside(scaled_to(std::move(masses), truth.marginal_inside_mass(coord)));
}

std::vector<double> true_bin_masses(const Histogram2D& histogram, const TruthGrid& truth) {
  const int nx = histogram.x_bins();
  const int ny = histogram.y_bins();
  const double w = histogram.cell_width();
  const double h = histogram.cell_height();
  std::vector<double> masses(static_cast<std::size_t>(nx) * static_cast<std::size_t>(ny));
  for (int j = 0; j < ny; ++j) {
    const double y0 = histogram.y_lo() + j * h;
    const double y1 = histogram.y_lo() + (j + 1) * h;
    for (int i = 0; i < nx; ++i) {
      const double x0 = histogram.x_lo() + i * w;
      const double x1 = histogram.x_lo() + (i + 1) * w;
      masses[static_cast<std::size_t>(j) * static_cast<std::size_t>(nx) +
             static_cast<std::size_t>(i)] = truth.rectangle_mass(x0, x1, y0, y1);
    }
  }
  return masses_with_outside(scaled_to(std::move(masses), truth.inside_mass()));
}

DistanceToTruth distance_to_truth(const std::vector<double>& counts,
                                  const std::vector<double>& true_masses) {
  if (counts.size() != true_masses.size()) {
    throw std::invalid_argument("distance_to_truth: counts and masses differ in size");
  }
  const double total = std::accumulate(counts.begin(), counts.end(), 0.0);
  if (!(total > 0.0)) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    return {nan, nan};
  }
  double abs_sum = 0.0;
  double kl = 0.0;
  for (std::size_t k = 0; k < counts.size(); ++k) {
    const double p_hat = counts[k] / total;
    const double p = true_masses[k];
    abs_sum += std::abs(p_hat - p);
    if (p_hat > 0.0) kl += p_hat * std::log(p_hat / std::max(p, kMassFloor));
  }
  // Rounding can leave KL a hair below zero when p̂ ≈ p; the divergence itself cannot be.
  return {0.5 * abs_sum, std::max(0.0, kl)};
}

DistanceToTruth distance_to_truth(const Histogram1D& histogram,
                                  const std::vector<double>& true_masses) {
  return distance_to_truth(counts_with_outside(histogram), true_masses);
}

DistanceToTruth distance_to_truth(const Histogram2D& histogram,
                                  const std::vector<double>& true_masses) {
  return distance_to_truth(counts_with_outside(histogram), true_masses);
}

DistanceToTruth distance_to_truth(const Histogram1D& histogram, const TruthGrid& truth, int coord) {
  return distance_to_truth(histogram, true_bin_masses(histogram, truth, coord));
}

DistanceToTruth distance_to_truth(const Histogram2D& histogram, const TruthGrid& truth) {
  return distance_to_truth(histogram, true_bin_masses(histogram, truth));
}

}  // namespace sgl
