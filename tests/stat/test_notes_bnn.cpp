// What the notes of the Bayesian-neural-network presets say the Predictive panel shows
// (assets/notes/bnn-regression.md, bnn-moons.md), checked on the presets' own live chains: the
// bands the panel draws (predictive_bands over a chain's newest 4000 draws, the presets'
// keep_draws) are wide in the gap of the data and thin at the data for HMC and SGHMC, and thin
// everywhere for SGD with momentum; on the moons, the sampled mean probability is unsure (near
// ½) far from the data where the optimiser's one network is sure.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>
#include <vector>

#include "core/diagnostics/posterior_predictive.hpp"
#include "tests/stat/preset_note_run.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

constexpr std::size_t kWindow = 4000;  // the presets' keep_draws: what the panel averages over

PredictiveBands bands_of(PresetLive& preset, const std::string& label,
                         const PredictiveModel::Matrix& at) {
  const DrawStore draws = preset.draws(label);
  REQUIRE(draws.size() >= kWindow);
  const int dim = draws.dim();
  std::vector<double> rows;
  for (std::size_t i = draws.size() - kWindow; i < draws.size(); ++i)
    for (int c = 0; c < dim; ++c) rows.push_back(draws.theta(i, c));
  const PredictiveModel* model = predictive_model(*preset.engine().snapshot()->target);
  REQUIRE(model != nullptr);
  return predictive_bands(*model, rows.data(), kWindow, dim, at, 400);
}

double width90(const PredictiveBands& bands, std::size_t point) {
  return bands.q95[point] - bands.q05[point];
}

}  // namespace

TEST_CASE("note bnn-regression: the band widens in the gap for HMC and SGHMC, not for SGD",
          "[notes][mlp]") {
  PresetLive preset("bnn-regression", 10000, {"SGHMC", "HMC", "SGD momentum"});
  PredictiveModel::Matrix at(3, 1);
  at << -2.5, 0.0, 2.5;  // in the data, in the gap, in the data
  const PredictiveBands hmc = bands_of(preset, "HMC", at);
  const PredictiveBands sghmc = bands_of(preset, "SGHMC", at);
  const PredictiveBands sgd = bands_of(preset, "SGD momentum", at);
  for (const auto* bands : {&hmc, &sghmc, &sgd})
    UNSCOPED_INFO("90% widths at x = -2.5, 0, 2.5: " << width90(*bands, 0) << ", "
                                                     << width90(*bands, 1) << ", "
                                                     << width90(*bands, 2));
  for (const auto* bands : {&hmc, &sghmc}) {
    CHECK(width90(*bands, 1) > 3.0 * width90(*bands, 0));
    CHECK(width90(*bands, 1) > 3.0 * width90(*bands, 2));
  }
  // The optimiser's spread is its gradient noise, about as wide in the gap as at the data.
  CHECK(width90(sgd, 1) < 1.5 * std::max(width90(sgd, 0), width90(sgd, 2)));
  CHECK(width90(sgd, 1) < 0.3 * width90(hmc, 1));
}

TEST_CASE("note bnn-moons: far from the data the sampled networks are less sure than SGD's",
          "[notes][mlp]") {
  PresetLive preset("bnn-moons", 8000, {"SGHMC", "HMC", "SGD momentum"});
  PredictiveModel::Matrix at(3, 2);
  at << 0.0, 2.2,  // far above both moons
      0.0, -2.0,   // far below them
      -1.3, 0.25;  // in the upper moon's data (y = 0)
  const PredictiveBands hmc = bands_of(preset, "HMC", at);
  const PredictiveBands sghmc = bands_of(preset, "SGHMC", at);
  const PredictiveBands sgd = bands_of(preset, "SGD momentum", at);
  // How sure the mean probability is, as |log-odds|: 0 = unsure.
  const auto sureness = [](const PredictiveBands& bands, std::size_t point) {
    const double p = bands.mean[point];
    return std::abs(std::log(p / (1.0 - p)));
  };
  for (const auto* bands : {&hmc, &sghmc, &sgd})
    UNSCOPED_INFO("P(y = 1) above " << bands->mean[0] << ", below " << bands->mean[1]
                                    << ", in the data " << bands->mean[2]);
  for (const auto* bands : {&hmc, &sghmc, &sgd}) CHECK(bands->mean[2] < 0.1);  // its class
  // The figures the note quotes: above the moons HMC's P(y = 1) ≈ 0.02, SGD's ≈ 0.0003.
  CHECK(hmc.mean[0] > 0.01);
  CHECK(hmc.mean[0] < 0.03);
  CHECK(sgd.mean[0] < 0.0005);
  for (const auto* bands : {&hmc, &sghmc}) {
    CHECK(sureness(*bands, 0) < 0.75 * sureness(sgd, 0));
    CHECK(sureness(*bands, 1) < 0.75 * sureness(sgd, 1));
  }
}
