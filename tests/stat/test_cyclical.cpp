// Cyclical SG-MCMC (Zhang et al. 2020) on the mixture target with its modes 10 sd apart
// (separation 10, sd 1), every chain started in the left mode at (−5, 0), with the analytic
// targets' gradient noise V = 4. Within 20 000 steps SGLD at ε = 0.1 (a step that samples one
// mode well) never leaves the left mode, while cSGLD (peak ε = 3, cycles of 200 steps, β = 0.5)
// visits both in every chain, in the proportions the symmetric target has (z-test of the right
// mode's share against ½ with its MCSE); cSGHMC (peak η = 1, α = 0.5) too. Only sampling-stage
// draws are kept: exactly (1 − β) of them, the `kept` channel says so. Measured (seeds 41–43):
// SGLD's right-mode share 0 in all three chains; cSGLD's 0.50–0.55 per chain; cSGHMC's 0.53–0.56.
// Planted mistake this fails on (planted once): exploration-stage draws recorded as well (6
// assertions fail).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

constexpr std::uint64_t kSteps = 20000;

std::unique_ptr<Chain> run_from_left(std::shared_ptr<const Target> target, const std::string& id,
                                     const ParamValues& params, std::uint64_t seed) {
  Vec left(2);
  left << -5.0, 0.0;
  auto chain = std::make_unique<Chain>(std::move(target), id, params, seed, left, 0, 1);
  chain->run(kSteps);
  return chain;
}

double right_share(const Chain& chain) {
  return estimate(chain, [](const double* t) { return t[0] > 0.0 ? 1.0 : 0.0; }).mean;
}

}  // namespace

TEST_CASE("cSGLD visits both separated modes within a budget in which SGLD stays in one",
          "[stat][csgld][csghmc]") {
  auto target = make_target({"mixture", {{"separation", 10.0}, {"sd", 1.0}}, "", "y"});
  const ParamValues cycle = {{"cycle_length", 200}, {"exploration", 0.5}};
  for (std::uint64_t seed : {41u, 42u, 43u}) {
    INFO("seed " << seed);
    auto sgld = run_from_left(target, "sgld", {{"step_size", 0.1}}, seed);
    REQUIRE(!sgld->stopped());
    CHECK(right_share(*sgld) == 0.0);

    ParamValues csgld_params = cycle;
    csgld_params["step_size"] = 3.0;
    auto csgld = run_from_left(target, "csgld", csgld_params, seed);
    REQUIRE(!csgld->stopped());
    // Half of each 200-step cycle explores and records nothing.
    CHECK(csgld->draws().size() == kSteps / 2);
    CHECK(csgld->sampling_counters().channels[0].mean() == 0.5);
    const Estimate share = estimate(*csgld, [](const double* t) { return t[0] > 0.0 ? 1.0 : 0.0; });
    INFO("cSGLD right-mode share " << share.mean << " ± " << share.mcse << " (ESS " << share.ess
                                   << ")");
    CHECK(share.mean > 0.2);
    CHECK(share.mean < 0.8);
    CHECK(std::abs(share.z(0.5)) < 3.3);

    ParamValues csghmc_params = cycle;
    csghmc_params["learning_rate"] = 1.0;
    csghmc_params["momentum_decay"] = 0.5;  // α = 0.1 would run 10× hot at the stage switch
    auto csghmc = run_from_left(target, "csghmc", csghmc_params, seed);
    REQUIRE(!csghmc->stopped());
    CHECK(csghmc->draws().size() == kSteps / 2);
    const double csghmc_share = right_share(*csghmc);
    INFO("cSGHMC right-mode share " << csghmc_share);
    CHECK(csghmc_share > 0.2);
    CHECK(csghmc_share < 0.8);
  }
}

TEST_CASE("the cyclical step follows the cosine and restarts each cycle", "[stat][csgld]") {
  auto target = make_target({"mixture", {{"separation", 10.0}, {"sd", 1.0}}, "", "y"});
  // Every draw kept (β = 0) so the recorded cycle_step channel shows the whole cycle.
  Chain chain(target, "csgld",
              {{"step_size", 2.0}, {"cycle_length", 4}, {"exploration", 0.0}, {"noise_var", 0.0}},
              1, target->default_init(), 0, 1);
  chain.run(8);
  REQUIRE(chain.draws().size() == 8);
  // s_k = (2/2)(cos(π((k−1) mod 4)/4) + 1): 2, 1 + √½, 1, 1 − √½, then again.
  const double expected[4] = {2.0, 1.0 + std::sqrt(0.5), 1.0, 1.0 - std::sqrt(0.5)};
  for (std::size_t i = 0; i < 8; ++i)
    CHECK(chain.draws().channel(i, 0) == Approx(expected[i % 4]).epsilon(1e-12));
}

TEST_CASE("a cyclical run too short to leave the first exploration stage says why it has no draws",
          "[stat][csgld]") {
  RunSpec spec;
  spec.target = {"linear", {{"n", 200}, {"d", 2}, {"seed", 5}}, "", "y"};
  spec.steps = 150;  // regression default L = 400, β = ½: the first 200 steps keep nothing
  spec.chains = {{"csgld", {}}};
  Session session(spec);
  session.run_to_end();
  const SamplerSummary summary = summarize(session).front();
  CHECK(summary.draws == 0);
  CHECK_THAT(summary.no_draws, Catch::Contains("exploration stage"));
}
