// Signed HMC-ECS: sign-weighted posterior means (run_summary's Σθs/Σs with the delta-method MCSE)
// against long full-data HMC, and τ̂.
#include <catch2/catch.hpp>

#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "core/samplers/hmcecs_signed.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

// Runs `signed_params` and a long full-data HMC reference on one logistic problem in one session
// (as `sgmcmc-lab run` would) and compares the summaries' means with both MCSEs.
void check_against_hmc(const ParamValues& signed_params, std::uint64_t steps, double min_negative,
                       double max_negative) {
  RunSpec spec;
  spec.target = {"logistic", {{"n", 500}, {"d", 2}, {"seed", 3}}, "", "y"};
  spec.chains = {{"hmcecs-signed", signed_params},
                 {"hmc", {{"step_size", 0.05}, {"leapfrog_steps", 20}}}};
  spec.steps = steps;
  spec.burnin = 200;
  spec.seed = 9;
  Session session(spec);
  session.run_to_end();
  const std::vector<SamplerSummary> summaries = summarize(session);
  const SamplerSummary& ecs = summaries[0];
  const SamplerSummary& hmc = summaries[1];
  REQUIRE(ecs.sign_weighted);
  REQUIRE(!hmc.sign_weighted);
  REQUIRE(ecs.has_sign_positive_fraction);
  const double tau = ecs.sign_positive_fraction;
  INFO("τ̂ " << tau << ", s̄ " << ecs.mean_sign << ", accept θ " << ecs.accept_rate << ", u "
            << ecs.channel("subsample_acceptance").value_or(NAN) << ", mean Var log|L̂| "
            << ecs.channel("loglik_variance").value_or(NAN));
  CHECK(tau > 0.5);
  CHECK(tau <= 1.0);
  CHECK(1.0 - tau >= min_negative);
  CHECK(1.0 - tau <= max_negative);
  CHECK(ecs.sign_warning.empty());
  CHECK(ecs.accept_rate > 0.8);

  // The summary's weighted mean is Σθs / Σs over the draws (checked by hand on coordinate 0).
  const DrawStore& draws = session.chains()[0]->draws();
  const int sign = per_draw_slot(HmcEcsSignedSampler::channels(), HmcEcsSignedSampler::kSign);
  double weighted = 0.0, signs = 0.0;
  for (std::size_t i = 0; i < draws.size(); ++i) {
    weighted += draws.theta(i, 0) * draws.channel(i, sign);
    signs += draws.channel(i, sign);
  }
  CHECK(ecs.coordinates[0].mean == Approx(weighted / signs).epsilon(1e-12));

  for (std::size_t c = 0; c < ecs.coordinates.size(); ++c) {
    const CoordinateSummary& a = ecs.coordinates[c];
    const CoordinateSummary& b = hmc.coordinates[c];
    const double z = (a.mean - b.mean) / std::sqrt(a.mcse * a.mcse + b.mcse * b.mcse);
    INFO(a.name << ": signed " << a.mean << " ± " << a.mcse << ", HMC " << b.mean << " ± " << b.mcse
                << ", z " << z);
    CHECK(std::abs(z) < 4.0);  // 4 combined MCSEs
    // The sign-weighted sd is the posterior sd within 15%.
    CHECK(std::abs(a.sd / b.sd - 1.0) < 0.15);
  }
}

}  // namespace

TEST_CASE("hmcecs-signed with frequent negative signs: sign-weighted means match full HMC",
          "[stat][hmcecs-signed]") {
  // m = 1, λ = 20 and a = −0.5 put a close to the d̂'s range: ≈ 1% of the iterations have s = −1.
  check_against_hmc({{"batch_size", 1},
                     {"lambda", 20},
                     {"a", -0.5},
                     {"kappa", 1},
                     {"mass", 1},
                     {"step_size", 0.2},
                     {"leapfrog_steps", 6}},
                    40000, 0.005, 0.2);
}

TEST_CASE("hmcecs-signed with auto λ and a: τ̂ near 1 and means match full HMC",
          "[stat][hmcecs-signed]") {
  check_against_hmc({{"mass", 1}, {"step_size", 0.2}, {"leapfrog_steps", 6}}, 20000, 0.0, 0.02);
}
