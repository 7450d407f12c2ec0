// DAIS's draws come from q, not the posterior; their importance weights (each draw's log w, the
// channel the chains trace) correct that (issue 25). On a conjugate linear regression (exact
// Gaussian posterior) with two correlated covariates (posterior correlation about −0.9), a
// diagonal base q₀ and K = 2 annealing steps leave q's sds 0.6× the exact ones; the
// self-normalised importance-weighted moments of the same draws, as the run summary reports them,
// are within 0.2 posterior sd of the exact ones where q's are not. Measured (seed 3): Kish ESS
// 2677 of 40000; x1 sd exact 0.212, q 0.131 (0.38 sd off), weighted 0.181 (0.15 sd off); all
// weighted means within 0.02 sd.
#include <catch2/catch.hpp>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "core/targets/linear_regression.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/rng.hpp"

using namespace sgl;

TEST_CASE("DAIS's importance-weighted moments match the exact posterior where q's do not",
          "[stat][dais]") {
  const std::string csv =
      (std::filesystem::temp_directory_path() / "sgl_dais_importance.csv").string();
  {
    std::ofstream out(csv);
    out << "x1,x2,y\n";
    Rng rng(21);
    for (int k = 0; k < 100; ++k) {
      const double x1 = rng.normal();
      const double x2 = x1 + 0.5 * rng.normal();
      out << x1 << ',' << x2 << ',' << (0.5 + x1 - 0.5 * x2 + rng.normal()) << '\n';
    }
  }
  RunSpec spec;
  spec.target = {"linear", {}, csv, "y"};
  spec.chains = {{"dais", {{"K", 2}, {"iterations", 3000}, {"elbo_samples", 4}}}};
  spec.steps = 40000;
  spec.seed = 3;
  Session session(spec);
  session.run_to_end();
  const SamplerSummary summary = summarize(session).front();
  const auto& linear = dynamic_cast<const LinearRegressionTarget&>(session.target());
  REQUIRE(summary.importance.has_value());
  const ImportanceSummary& weighted = *summary.importance;
  INFO("Kish ESS " << weighted.ess << " of " << weighted.draws);
  CHECK(weighted.ess > 1000.0);  // enough for the 0.2 sd checks to be about bias, not noise

  double q_worst = 0.0;
  for (int c = 0; c < linear.dim(); ++c) {
    const double mean = linear.exact_posterior_mean()[c];
    const double sd = std::sqrt(linear.exact_posterior_covariance()(c, c));
    const CoordinateSummary& q = summary.coordinates[std::size_t(c)];
    const double q_mean_error = std::abs(q.mean - mean) / sd;
    const double q_sd_error = std::abs(q.sd - sd) / sd;
    const double w_mean_error = std::abs(weighted.mean[std::size_t(c)] - mean) / sd;
    const double w_sd_error = std::abs(weighted.sd[std::size_t(c)] - sd) / sd;
    INFO(q.name << ": exact " << mean << " ± " << sd << "; q " << q.mean << " ± " << q.sd
                << "; weighted " << weighted.mean[std::size_t(c)] << " ± "
                << weighted.sd[std::size_t(c)]);
    CHECK(w_mean_error < 0.2);
    CHECK(w_sd_error < 0.2);
    q_worst = std::max({q_worst, q_mean_error, q_sd_error});
  }
  INFO("q's worst error " << q_worst << " sd");
  CHECK(q_worst > 0.2);
}
