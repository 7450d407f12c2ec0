// TV and KL near the edges of the view box: the outside bin carries the true mass beyond the
// box, so exact draws there cost nothing. Before, that bin had mass 0 (floored at 1e-300) and
// each exact draw beyond the box added ≈ 690/N to KL.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/diagnostics/distance.hpp"
#include "core/diagnostics/histogram.hpp"
#include "core/targets/target_registry.hpp"
#include "core/targets/truth_grid.hpp"
#include "core/util/rng.hpp"

using namespace sgl;

namespace {

double normal_cdf(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

// KL and TV of N exact draws (from `draw`) against a 2-D target's truth over its view box, with
// the summary's 25 × 25 bins.
template <class Draw>
DistanceToTruth exact_distance(const Target& target, int draws, Draw draw) {
  const auto box = target.view_box();
  Histogram2D histogram(box[0].lo, box[0].hi, 25, box[1].lo, box[1].hi, 25);
  Rng rng(2026);
  for (int i = 0; i < draws; ++i) {
    const auto [x, y] = draw(rng);
    histogram.add(x, y);
  }
  return distance_to_truth(histogram, *target.truth());
}

}  // namespace

TEST_CASE("the truth grid knows the true mass of its box", "[truth][distance]") {
  const auto harmonic = make_target({"harmonic", {}, "", "y"});
  // The wide midpoint integration gets the tail masses (5.7e-7 and 6.8e-6 here) to within 1%.
  CHECK(1 - harmonic->truth()->inside_mass() == Approx(2 * normal_cdf(-5.0)).epsilon(0.01));
  const auto gauss = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  // Each marginal is N(0, 1) on ±4.5.
  CHECK(1 - gauss->truth()->marginal_inside_mass(0) == Approx(2 * normal_cdf(-4.5)).epsilon(0.01));
  CHECK(gauss->truth()->inside_mass() < gauss->truth()->marginal_inside_mass(0));
  CHECK(gauss->truth()->inside_mass() > 1 - 4 * normal_cdf(-4.5));
  // The funnel's box: v within ±3 sd loses 0.27%, x within ±50 the mouth's tails.
  const auto funnel = make_target({"funnel", {}, "", "y"});
  INFO("funnel box mass " << funnel->truth()->inside_mass());
  CHECK(funnel->truth()->inside_mass() < 1 - 2 * normal_cdf(-3.0) + 1e-9);
  CHECK(funnel->truth()->inside_mass() > 0.99);
}

TEST_CASE("exact draws read KL ≈ 0 on the funnel and gauss2d, edges included",
          "[truth][distance]") {
  const int draws = 100000;
  // KL's finite-sample bias is ≈ (K − 1)/(2N) = 625/(2·10⁵) ≈ 0.003 (distance.hpp).
  const auto funnel = make_target({"funnel", {}, "", "y"});
  const DistanceToTruth f = exact_distance(*funnel, draws, [](Rng& rng) {
    const double v = 3.0 * rng.normal();
    return std::pair{v, std::exp(0.5 * v) * rng.normal()};
  });
  const auto gauss = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  const DistanceToTruth g = exact_distance(*gauss, draws, [](Rng& rng) {
    const double x = rng.normal();
    return std::pair{x, 0.9 * x + std::sqrt(1 - 0.81) * rng.normal()};
  });
  INFO("funnel KL " << f.kl << " TV " << f.tv << "; gauss2d KL " << g.kl << " TV " << g.tv);
  CHECK(f.kl < 0.01);
  CHECK(g.kl < 0.01);
  CHECK(f.tv < 0.05);
  CHECK(g.tv < 0.05);
}
