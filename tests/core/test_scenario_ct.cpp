// CT = IF × evaluations per iteration (Dang et al. eq. 3.2), and for signed HMC-ECS eq. 5.4's
// CT = IF / (2τ − 1)² × evaluations, τ estimated by the fraction of positive signs.
#include <catch2/catch.hpp>

#include "app/scenario/scenario_run.hpp"

using namespace sgl;

namespace {

SamplerSummary summary_with(double iat, double data_passes, std::uint64_t steps) {
  SamplerSummary summary;
  summary.chains = 1;
  summary.steps = steps;
  summary.data_passes = data_passes;
  CoordinateSummary coordinate;
  coordinate.iat = iat;
  coordinate.sd = 1.0;
  summary.coordinates = {coordinate, coordinate};
  return summary;
}

}  // namespace

TEST_CASE("CT of signed HMC-ECS carries eq. 5.4's 1/(2τ − 1)²", "[scenario][ct]") {
  Scenario scenario;
  scenario.chains = {{"hmcecs", {}, true, "perturbed"}, {"hmcecs-signed", {}, true, "signed"}};
  SamplerSummary perturbed = summary_with(4.0, 50.0, 1000);  // 0.05 passes per iteration
  SamplerSummary signed_run = summary_with(4.0, 50.0, 1000);
  signed_run.sign_weighted = true;
  signed_run.has_sign_positive_fraction = true;
  signed_run.sign_positive_fraction = 0.75;  // 2τ − 1 = 0.5
  const auto reports = chain_reports(scenario, {perturbed, signed_run});
  REQUIRE(reports.size() == 2);
  CHECK(reports[0].ct == Approx(4.0 * 0.05));
  CHECK(reports[1].ct == Approx(4.0 * 0.05 / 0.25));
  signed_run.sign_positive_fraction = 1.0;  // all positive: no penalty
  CHECK(chain_reports(scenario, {perturbed, signed_run})[1].ct == Approx(4.0 * 0.05));
}
