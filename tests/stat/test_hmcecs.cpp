// HMC-ECS (perturbed) against exact and long-run references.
#include <catch2/catch.hpp>

#include "core/samplers/hmcecs.hpp"
#include "core/targets/linear_regression.hpp"
#include "core/targets/logistic_regression.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

TEST_CASE("linear regression: hmcecs matches the exact conjugate posterior", "[stat][hmcecs]") {
  // The second-order proxy is exact here (σ̂² = 0), so the perturbed posterior is the true one
  // and plain z-tests apply.
  auto target = make_target({"linear", {{"n", 2000}, {"d", 2}, {"seed", 4}}, "", "y"});
  const auto& linear = dynamic_cast<const LinearRegressionTarget&>(*target);
  const ParamValues params = {
      {"step_size", 0.1}, {"leapfrog_steps", 12}, {"batch_size", 20}, {"blocks", 10}, {"mass", 1}};
  auto chain = run_chain(target, "hmcecs", params, 7, 20000, 500);
  REQUIRE(!chain->stopped());
  CHECK(chain->counters().channels[HmcEcsSampler::kLoglikVariance].sum < 1e-6);
  check_exact_linear_posterior(*chain, linear);
}

TEST_CASE("logistic n = 10⁴: hmcecs with Hessian mass matches long full-data HMC",
          "[stat][hmcecs]") {
  auto target = make_target({"logistic", {{"n", 10000}, {"d", 5}, {"seed", 1}}, "", "y"});
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(*target);
  const Vec start = logistic.map();  // both chains start at the mode: no burn-in transient
  // εL = 1.2 in the metric M = −∇²log π(θ*), where the posterior is ≈ N(0, I).
  Chain ecs(target, "hmcecs",
            {{"step_size", 0.1},
             {"leapfrog_steps", 12},
             {"batch_size", 100},
             {"blocks", 100},
             {"mass", 1}},
            3, start, 0, 1);
  ecs.run(6000);
  REQUIRE(!ecs.stopped());
  const double accept_theta =
      double(ecs.counters().mh_accepts) / double(ecs.counters().mh_proposals);
  const double accept_u = ecs.counters().channels[HmcEcsSampler::kSubsampleAcceptance].mean();
  INFO("α_θ " << accept_theta << ", α_u " << accept_u << ", mean σ̂² "
              << ecs.counters().channels[HmcEcsSampler::kLoglikVariance].mean());
  CHECK(accept_theta >= 0.9);

  // Full-data HMC with M = I: ε ≈ ⅓ of the smallest posterior sd, εL ≈ 2 sd.
  Chain hmc(target, "hmc", {{"step_size", 0.007}, {"leapfrog_steps", 8}}, 5, start, 0, 1);
  hmc.run(5000);
  REQUIRE(!hmc.stopped());
  for (int c = 0; c < target->dim(); ++c) {
    const double sd = std::sqrt(logistic.laplace_covariance()(c, c));
    const Estimate a = estimate(ecs, [c](const double* t) { return t[c]; });
    const Estimate b = estimate(hmc, [c](const double* t) { return t[c]; });
    INFO("coefficient " << c << ": (ECS − HMC)/sd " << (a.mean - b.mean) / sd << ", ESS ECS "
                        << a.ess << ", ESS HMC " << b.ess << ", MCSE/sd " << a.mcse / sd << ", "
                        << b.mcse / sd);
    CHECK(std::abs(a.mean - b.mean) < 0.1 * sd);  // 0.1 posterior sd
  }
}
