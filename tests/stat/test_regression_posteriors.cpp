// Samplers on Bayesian regressions: exact conjugate posterior (linear) and a long-run
// reference (logistic).
#include <catch2/catch.hpp>

#include "core/targets/linear_regression.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

TEST_CASE("linear regression: HMC matches the exact conjugate posterior", "[stat][regression]") {
  auto target = make_target({"linear", {{"n", 200}, {"d", 2}, {"seed", 4}}, "", "y"});
  const auto& linear = dynamic_cast<const LinearRegressionTarget&>(*target);
  auto chain =
      run_chain(target, "hmc", {{"step_size", 0.02}, {"leapfrog_steps", 20}}, 7, 20000, 500);
  check_exact_linear_posterior(*chain, linear);
}

TEST_CASE(
    "linear regression: SGLD, SGHMC and their control-variate versions at small steps "
    "come close to the exact posterior",
    "[stat][regression][cv]") {
  // Stochastic-gradient samplers without MH carry an O(ε) bias, so this is a tolerance test, not a
  // z-test: means within 0.15 posterior sd (+ 3 MCSE) and sds within 10%. Measured at these
  // settings, 300k steps, seed 9: sghmc/sgld means within 0.05 sd, sd ratios 1.00–1.05;
  // sghmc-cv means within 0.018 sd, sd ratios 0.978–1.010; sgld-cv within 0.026 sd, 0.987–1.005.
  auto target = make_target({"linear", {{"n", 200}, {"d", 2}, {"seed", 4}}, "", "y"});
  const auto& linear = dynamic_cast<const LinearRegressionTarget&>(*target);
  struct Case {
    const char* id;
    ParamValues params;
  };
  const std::vector<Case> cases = {
      {"sghmc", {{"step_size", 0.002}, {"friction", 10}, {"batch_size", 50}}},
      {"sgld", {{"step_size", 0.0002}, {"batch_size", 50}}},
      {"sghmc-cv", {{"step_size", 0.002}, {"friction", 10}, {"batch_size", 50}}},
      {"sgld-cv", {{"step_size", 0.0002}, {"batch_size", 50}}},
  };
  for (const auto& [id, params] : cases) {
    auto chain = run_chain(target, id, params, 9, 300000, 5000);
    REQUIRE(!chain->stopped());
    for (int c = 0; c < target->dim(); ++c) {
      const double mean = linear.exact_posterior_mean()[c];
      const double sd = std::sqrt(linear.exact_posterior_covariance()(c, c));
      const Estimate m = estimate(*chain, [c](const double* t) { return t[c]; });
      const Estimate second =
          estimate(*chain, [c, mean](const double* t) { return (t[c] - mean) * (t[c] - mean); });
      const double sd_ratio = std::sqrt(second.mean) / sd;
      INFO(id << " coefficient " << c << ": (mean − exact)/sd " << (m.mean - mean) / sd
              << ", sd ratio " << sd_ratio << ", ESS " << m.ess);
      CHECK(std::abs(m.mean - mean) < 0.15 * sd + 3 * m.mcse);
      CHECK(std::abs(sd_ratio - 1.0) < 0.10);
    }
  }
}

TEST_CASE("logistic regression: HMC matches a long-run reference", "[stat][regression]") {
  auto target = make_target({"logistic", {{"n", 500}, {"d", 2}, {"seed", 3}}, "", "y"});
  const ParamValues params = {{"step_size", 0.05}, {"leapfrog_steps", 20}};
  auto reference = run_chain(target, "hmc", params, 1001, 100000, 1000);
  auto chain = run_chain(target, "hmc", params, 17, 10000, 500);
  for (int c = 0; c < target->dim(); ++c) {
    const Estimate ref = estimate(*reference, [c](const double* t) { return t[c]; });
    const Estimate test = estimate(*chain, [c](const double* t) { return t[c]; });
    const double z =
        (test.mean - ref.mean) / std::sqrt(test.mcse * test.mcse + ref.mcse * ref.mcse);
    INFO("coefficient " << c << ": reference " << ref.mean << " ± " << ref.mcse << ", test "
                        << test.mean << " ± " << test.mcse << ", z " << z);
    CHECK(std::abs(z) < 3.3);
  }
  const double accept =
      double(chain->counters().mh_accepts) / double(chain->counters().mh_proposals);
  CHECK(accept > 0.6);
}
