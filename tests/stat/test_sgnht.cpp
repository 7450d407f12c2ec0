// SGNHT's thermostat against SGHMC without a noise estimate, on Chen et al.'s double well with
// gradient noise V = 4 and B̂ = 0 (the friction the noise needs is unknown to both): the
// histogram's total variation distance from the quadrature truth (double_well_reference.hpp).
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "core/diagnostics/distance.hpp"
#include "core/diagnostics/histogram.hpp"
#include "tests/stat/double_well_reference.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

constexpr double kLo = -2.5, kHi = 2.5;
constexpr int kBins = 25;

struct TvResult {
  double tv = 0.0;
  // The TV exact draws would show on average (finite-sample floor, distance.hpp):
  // ½ Σ_k √(2 p_k / (π ESS)), with the chain's ESS of θ.
  double floor = 0.0;
};

TvResult tv_to_truth(const Chain& chain) {
  Histogram1D histogram(kLo, kHi, kBins);
  for (std::size_t i = 0; i < chain.draws().size(); ++i) histogram.add(chain.draws().theta(i, 0));
  const std::vector<double> truth = double_well_bin_masses(kLo, kHi, kBins);
  const double ess = estimate(chain, [](const double* t) { return t[0]; }).ess;
  double floor = 0.0;
  for (double p : truth) floor += 0.5 * std::sqrt(2.0 * p / (std::numbers::pi * ess));
  return {distance_to_truth(histogram, truth).tv, floor};
}

}  // namespace

TEST_CASE("SGNHT matches the double well under unknown noise (V = 4), SGHMC with small C does not",
          "[stat][sgnht]") {
  auto target = make_target({"chen-doublewell", {}, "", "y"});
  const std::uint64_t steps = 4'000'000, burnin = 10'000, thin = 10;
  auto sgnht =
      run_chain(target, "sgnht", {{"step_size", 0.1}, {"diffusion", 1.0}, {"noise_var", 4.0}},
                2031, steps, burnin, thin);
  REQUIRE(!sgnht->stopped());
  const TvResult thermostat = tv_to_truth(*sgnht);
  // ξ settles near A + B = 1 + ½εV = 1.2: it found the friction the noise needs.
  const double xi = sgnht->sampling_counters().channels[0].mean();
  INFO("SGNHT: TV " << thermostat.tv << " (floor of exact draws " << thermostat.floor
                    << "), mean ξ " << xi);
  // 0.03 is the bound; the floor below keeps it meaningful (most of 0.03 is bias room).
  CHECK(thermostat.floor < 0.012);
  CHECK(thermostat.tv < 0.03);
  CHECK(std::abs(xi - 1.2) < 0.1);

  // SGHMC told C = 0.5, B̂ = 0 runs at temperature (C + B)/C = 1.4: visibly too wide.
  auto sghmc = run_chain(
      target, "sghmc",
      {{"step_size", 0.1}, {"friction", 0.5}, {"noise_estimate", 0.0}, {"noise_var", 4.0}}, 2032,
      steps, burnin, thin);
  REQUIRE(!sghmc->stopped());
  const TvResult frictional = tv_to_truth(*sghmc);
  INFO("SGHMC C = 0.5: TV " << frictional.tv << " (floor " << frictional.floor << ")");
  CHECK(frictional.tv > 0.05);
}
