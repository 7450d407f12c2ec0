// SVRG-LD (Dubey et al. 2016) against the exact conjugate posterior of a linear regression, at a
// minibatch so small (b = 5 of n = 200) that plain SGLD's gradient noise visibly inflates the
// spread at the same step: the snapshot's control variate removes that noise. A tolerance test
// (no MH: O(ε) bias), as SGLD's in test_regression_posteriors.cpp. Measured at these settings
// (300 000 steps, seed 9): SVRG-LD means within 0.021 sd, sd ratios 1.002–1.031; SGLD's sd ratios
// 1.168–1.180. Planted mistake this fails on (planted once): the snapshot's minibatch term with
// the wrong sign (sd error 0.51). The exact cost check fails on a snapshot every step or never.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

struct Fit {
  double worst_mean_error = 0.0;  // max over coefficients of |mean − exact| − 3 MCSE, in sd
  // max over coefficients of |sd ratio − 1| − 3.3 MCSE of the ratio (≈ 1/√(2 ESS))
  double worst_sd_error = 0.0;
  double smallest_sd_ratio = 1e9;
};

Fit fit_to_exact(const Chain& chain, const LinearRegressionTarget& linear) {
  Fit fit;
  for (int c = 0; c < linear.dim(); ++c) {
    const double mean = linear.exact_posterior_mean()[c];
    const double sd = std::sqrt(linear.exact_posterior_covariance()(c, c));
    const Estimate m = estimate(chain, [c](const double* t) { return t[c]; });
    const Estimate second =
        estimate(chain, [c, mean](const double* t) { return (t[c] - mean) * (t[c] - mean); });
    const double sd_ratio = std::sqrt(second.mean) / sd;
    UNSCOPED_INFO(chain.sampler_id()
                  << " coefficient " << c << ": (mean − exact)/sd " << (m.mean - mean) / sd
                  << ", sd ratio " << sd_ratio << ", ESS " << m.ess);
    fit.worst_mean_error =
        std::max(fit.worst_mean_error, (std::abs(m.mean - mean) - 3 * m.mcse) / sd);
    fit.worst_sd_error =
        std::max(fit.worst_sd_error, std::abs(sd_ratio - 1.0) - 3.3 / std::sqrt(2.0 * second.ess));
    fit.smallest_sd_ratio = std::min(fit.smallest_sd_ratio, sd_ratio);
  }
  return fit;
}

}  // namespace

TEST_CASE("SVRG-LD matches the exact linear posterior at b = 5, where SGLD's spread is inflated",
          "[stat][svrg-ld]") {
  auto target = make_target({"linear", {{"n", 200}, {"d", 2}, {"seed", 4}}, "", "y"});
  const auto& linear = dynamic_cast<const LinearRegressionTarget&>(*target);
  const ParamValues params = {{"step_size", 0.0002}, {"batch_size", 5}};
  const std::uint64_t steps = 300000, burnin = 5000;
  auto svrg = run_chain(target, "svrg-ld", params, 9, steps, burnin);
  REQUIRE(!svrg->stopped());
  const Fit reduced = fit_to_exact(*svrg, linear);
  CHECK(reduced.worst_mean_error < 0.15);
  CHECK(reduced.worst_sd_error < 0.02);  // room for the O(ε) discretisation bias

  auto sgld = run_chain(target, "sgld", params, 9, steps, burnin);
  REQUIRE(!sgld->stopped());
  const Fit plain = fit_to_exact(*sgld, linear);
  CHECK(plain.smallest_sd_ratio > 1.10);

  // Cost per datum: a full-data snapshot (n = 200) at reset and every ⌈n/b⌉ = 40 steps after it,
  // plus 2b per step (∇ℓ_k at θ and at θ̃).
  const std::uint64_t total = steps + burnin;
  const std::uint64_t snapshots = 1 + (total - 1) / 40;
  CHECK(svrg->counters().gradient_evaluations == snapshots * 200 + total * 10);
}

TEST_CASE("SVRG-LD refuses analytic targets with a one-line reason", "[stat][svrg-ld]") {
  auto target = make_target({"gauss2d", {}, "", "y"});
  CHECK_THROWS_AS(make_sampler("svrg-ld", *target, {}), UserError);
  CHECK_THROWS_WITH(make_sampler("svrg-ld", *target, {}), Catch::Contains("needs a data target"));
}
