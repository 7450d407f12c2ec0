// Every paper preset (assets/scenarios/*.json) run headless in its reduced "quick" mode, with the
// claim of its figure asserted on what `sgmcmc-lab run --scenario NAME --quick` computes. These
// replace the former hand-built Chen Fig. 1/2 and EWSG Fig. 1a tests: the figures are now data,
// and the test checks the same data the GUI and the CLI show.
#include <catch2/catch.hpp>
#include <cmath>

#include "app/scenario/assets.hpp"
#include "app/scenario/scenario_run.hpp"

using namespace sgl;

namespace {

ScenarioResults run_quick(const std::string& name) {
  return run_scenario(quick_version(load_scenario(name)));
}

const ChainReport& report(const ScenarioResults& results, const std::string& label) {
  return results.chains.at(chain_index(results.scenario, label, "test"));
}

const EnsembleCheckpoint& final_checkpoint(const ScenarioResults& results,
                                           const std::string& label) {
  for (const EnsembleSeries& series : results.ensemble->series)
    if (series.label == label) return series.checkpoints.back();
  FAIL("no ensemble series " << label);
  throw;
}

}  // namespace

TEST_CASE("preset chen-fig1: naive SGHMC without MH misses the double well", "[stat][preset]") {
  // U = −2θ² + θ⁴, ∇Ũ = ∇U + N(0, 4), ε = 0.1; quick: 60000 recorded steps per chain.
  const ScenarioResults results = run_quick("chen-fig1");
  const double naive = report(results, "naive SGHMC").tv, sghmc = report(results, "SGHMC").tv;
  const double naive_mh = report(results, "naive SGHMC + MH").tv, hmc = report(results, "HMC").tv;
  const double hmc_no_mh = report(results, "HMC (no MH)").tv;
  INFO("TV (25 bins): naive " << naive << ", naive+MH " << naive_mh << ", SGHMC " << sghmc
                              << ", HMC " << hmc << ", HMC no MH " << hmc_no_mh);
  // Measured (seed 1): naive 0.102, naive+MH 0.019, SGHMC 0.014, HMC 0.018, HMC no MH 0.013.
  // The finite-sample floor of a 25-bin TV at these ESS (≈ 10³–10⁴) is ≈ 0.01–0.02, so < 0.04 is
  // "matches"; naive's ≈ 0.1 is a systematic miss (its energy random-walks between resamplings).
  CHECK(naive > 2 * sghmc);  // the claim
  CHECK(naive > 0.07);
  CHECK(sghmc < 0.04);
  CHECK(hmc < 0.04);
  CHECK(hmc_no_mh < 0.04);
  CHECK(naive_mh < 0.04);
}

TEST_CASE("preset chen-fig2: frictionless noisy dynamics gain energy while friction bounds it",
          "[stat][preset]") {
  // U = ½θ², ∇Ũ = θ + N(0, 4), ε = 0.1, 15000 steps, an ensemble of 20 chains per dynamics.
  const ScenarioResults results = run_quick("chen-fig2");
  const double noisy = final_checkpoint(results, "noisy").mean_energy;
  const double friction = final_checkpoint(results, "noisy with friction").mean_energy;
  const double resampled = final_checkpoint(results, "noisy, resample r every 50").mean_energy;
  INFO("final mean H over 20 chains: noisy " << noisy << ", resampled " << resampled
                                             << ", friction " << friction);
  // Each noisy kick adds N(0, ε²V) to r: E[H] grows by ε²V/2 = 0.02 per step, ≈ 300 at the
  // end (measured 321; sd across 20 chains ≈ 300·√2/√20 ≈ 95). Friction C = 1 with B̂ = B keeps
  // the stationary E[H] = 1 (measured 0.92; sd of a mean of 20 Exp-like draws ≈ 0.22).
  CHECK(noisy > 10 * friction);  // the claim
  CHECK(noisy > 150);
  CHECK(std::abs(friction - 1.0) < 0.7);
  // The noisy energy grows steadily: the first third's last checkpoint is below the final one.
  const auto& series = results.ensemble->series.front();
  REQUIRE(series.label == "noisy");
  CHECK(series.checkpoints[9].mean_energy < series.checkpoints.back().mean_energy);
  // Exact dynamics (V = 0, never resampled): one closed orbit, H conserved to O(ε²).
  const Chain& exact = *results.session->chains().at(chain_index(results.scenario, "exact", "t"));
  const double h0 = exact.draws().hamiltonian(0);
  for (std::size_t i = 0; i < exact.draws().size(); ++i)
    REQUIRE(std::abs(exact.draws().hamiltonian(i) - h0) < 0.01 * (1 + h0));
}

TEST_CASE("preset chen-fig3: at comparable covariance error SGHMC mixes faster than SGLD",
          "[stat][preset]") {
  // ρ = 0.9 Gaussian, ∇Ũ = Σ⁻¹θ + N(0, I); five step sizes each; quick: 2·10⁵ draws per run.
  const ScenarioResults results = run_quick("chen-fig3");
  REQUIRE(results.sweep);
  int compared = 0;
  for (const SweepPoint& sgld : results.sweep->points) {
    if (sgld.label != "SGLD") continue;
    REQUIRE(sgld.stop_reason.empty());
    const double sghmc_iat = iat_at_cov_error(*results.sweep, "SGHMC", sgld.cov_error);
    INFO("SGLD ε = " << sgld.value << ": cov error " << sgld.cov_error << ", IAT " << sgld.iat
                     << "; SGHMC at that error: IAT " << sghmc_iat);
    if (!std::isfinite(sghmc_iat)) continue;  // outside SGHMC's range of errors
    ++compared;
    // Measured (quick): SGLD's IAT is 2.3–4.8× SGHMC's at the same error (full preset: 1.2–2.0×;
    // docs/figures/claims.tsv and `stat: figures` hold the quoted values; IAT estimates are good to
    // ≈ 10–20% at these lengths, far inside that gap).
    CHECK(sghmc_iat < sgld.iat);
  }
  CHECK(compared >= 2);
  // And at equal step size SGHMC's autocorrelation time is lower (momentum against random walk).
  for (const SweepPoint& a : results.sweep->points)
    for (const SweepPoint& b : results.sweep->points)
      if (a.label == "SGHMC" && b.label == "SGLD" && a.value == b.value) CHECK(a.iat < b.iat);
}

TEST_CASE("preset ewsg-fig1a: at 30 data passes EWSG is closer to the Gaussian than uniform SG",
          "[stat][preset]") {
  // V(θ) = Σ_{i=1..20} ½‖θ − cᵢ‖², b = 1, h = 0.05, γ = 10; quick: 3000 chains per method.
  // KL of the Gaussian fitted to the final cloud against N(c̄, I/n): its finite-sample bias is
  // ≈ (d + d(d+1)/2)/(2K) ≈ 8e-4 and its sd ≈ 2e-3 at K = 3000, far below the gap.
  const ScenarioResults results = run_quick("ewsg-fig1a");
  const double ewsg = final_checkpoint(results, "EWSG").kl;
  const double uniform = final_checkpoint(results, "SGHMC (uniform)").kl;
  const double sgld = final_checkpoint(results, "SGLD").kl;
  INFO("final KL: EWSG " << ewsg << ", uniform " << uniform << ", SGLD " << sgld);
  // Measured (seed 1): EWSG 0.140, uniform 0.494, SGLD 0.414. The former 3-seed test measured
  // EWSG/uniform ratios of 0.16–0.32, so 0.5 keeps a margin over seed variation.
  CHECK(ewsg < uniform);  // the claim
  CHECK(ewsg < 0.5 * uniform);
  for (const auto& series : results.ensemble->series)
    CHECK(series.checkpoints.back().running == 3000);
}

TEST_CASE("preset hmcecs-logistic: HMC-ECS accepts like HMC and matches its posterior",
          "[stat][preset]") {
  // Logistic regression n = 10⁴, d = 5 (+ intercept), all chains from the MAP; quick: 3000
  // iterations. α_θ of perturbed HMC-ECS and its posterior means against full-data HMC.
  const ScenarioResults results = run_quick("hmcecs-logistic");
  const ChainReport& ecs = report(results, "HMC-ECS");
  INFO("α_θ " << ecs.accept_rate << ", α_u " << ecs.subsample_accept_rate);
  CHECK(ecs.accept_rate >= 0.9);
  REQUIRE(ecs.mean_error_sd.size() == 6);
  for (std::size_t c = 0; c < ecs.mean_error_sd.size(); ++c) {
    INFO("coefficient " << c << ": (ECS − HMC)/sd " << ecs.mean_error_sd[c] << ", variance ratio "
                        << ecs.variance_ratio[c]);
    // MCSE/sd of each mean ≈ 0.02 (ESS ≈ 3000–5000), so the difference has sd ≈ 0.03: 0.1 sd
    // is > 3 of its sd.
    CHECK(std::abs(ecs.mean_error_sd[c]) < 0.1);
  }
  // HMC-ECS costs far less per effective draw than full HMC (CT = IF × data passes per
  // iteration; measured 0.61 against 5.64).
  CHECK(ecs.ct < report(results, "HMC").ct);

  // Signed HMC-ECS (block-Poisson, auto λ and a, m = 30): the same acceptance and accuracy on its
  // sign-weighted means, with the fraction of positive signs τ̂ reported and above ½.
  const ChainReport& signed_ecs = report(results, "signed HMC-ECS");
  INFO("signed: α_θ " << signed_ecs.accept_rate);
  CHECK(signed_ecs.accept_rate >= 0.9);
  REQUIRE(signed_ecs.mean_error_sd.size() == 6);
  for (std::size_t c = 0; c < signed_ecs.mean_error_sd.size(); ++c) {
    INFO("signed coefficient " << c << ": (signed − HMC)/sd " << signed_ecs.mean_error_sd[c]);
    CHECK(std::abs(signed_ecs.mean_error_sd[c]) < 0.1);
  }
  const SamplerSummary& signed_summary = results.summaries.at(2);
  REQUIRE(signed_summary.has_sign_positive_fraction);
  INFO("τ̂ " << signed_summary.sign_positive_fraction);
  CHECK(signed_summary.sign_positive_fraction > 0.5);
}
