// DAIS, NS-DAIS, SL-DAIS against the paper's claims: the ELBO bounds the exact log evidence of a
// conjugate linear regression and tightens with K; SL-DAIS beats NS-DAIS at an equal budget on an
// imbalanced logistic problem; SL-DAIS's posterior means agree with full HMC's.
#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/samplers/dais.hpp"
#include "core/targets/linear_regression.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

struct ElboResult {
  double elbo = 0.0;
  double se = 0.0;
  std::unique_ptr<Chain> chain;
};

ElboResult train_and_estimate(std::shared_ptr<const Target> target, const std::string& id,
                              ParamValues params, std::uint64_t seed, std::uint64_t draws) {
  const std::uint64_t iterations = static_cast<std::uint64_t>(params.at("iterations"));
  auto chain = std::make_unique<Chain>(target, id, params, seed, target->default_init(), 0, 1);
  chain->run(iterations + draws);
  const auto report = chain->sampler().training_report();
  return {report->elbo, report->elbo_se, std::move(chain)};
}

}  // namespace

TEST_CASE(
    "DAIS on a conjugate linear regression: ELBO below the exact log evidence, tighter "
    "with more steps",
    "[stat][dais]") {
  // Two nearly collinear covariates: the posterior correlation is about −0.99, which the diagonal
  // base q₀ cannot represent (its best ELBO is ~2 nats short); the annealing steps must close it.
  const std::string csv =
      (std::filesystem::temp_directory_path() / "sgl_dais_collinear.csv").string();
  {
    std::ofstream out(csv);
    out << "x1,x2,y\n";
    Rng rng(21);
    for (int k = 0; k < 100; ++k) {
      const double x1 = rng.normal();
      const double x2 = x1 + 0.1 * rng.normal();
      out << x1 << ',' << x2 << ',' << (0.5 + x1 - 0.5 * x2 + rng.normal()) << '\n';
    }
  }
  auto target = make_target({"linear", {}, csv, "y"});
  const auto& linear = dynamic_cast<const LinearRegressionTarget&>(*target);
  const double log_evidence = linear.log_evidence();
  ParamValues params = {
      {"iterations", 6000}, {"learning_rate", 0.01}, {"elbo_samples", 4}, {"eta_init", 0.02}};
  params["K"] = 2;
  const ElboResult k2 = train_and_estimate(target, "dais", params, 3, 4000);
  params["K"] = 16;
  const ElboResult k16 = train_and_estimate(target, "dais", params, 3, 4000);
  INFO("log evidence " << log_evidence << "; K=2 ELBO " << k2.elbo << " ± " << k2.se
                       << "; K=16 ELBO " << k16.elbo << " ± " << k16.se);
  // Measured: log evidence −147.27; K=2 −149.41 ± 0.02; K=16 −148.51 ± 0.02.
  CHECK(k2.elbo < log_evidence + 3 * k2.se);
  CHECK(k16.elbo < log_evidence + 3 * k16.se);
  const double gap2 = log_evidence - k2.elbo, gap16 = log_evidence - k16.elbo;
  CHECK(gap16 < gap2 - 3 * std::hypot(k2.se, k16.se));
}

namespace {

// An imbalanced logistic problem (about 3% positives, as the paper's rare-class experiments):
// intercept −4, three covariates.
std::shared_ptr<const Target> imbalanced_logistic(const std::string& csv, int n) {
  {
    std::ofstream out(csv);
    out << "x1,x2,x3,y\n";
    Rng rng(77);
    for (int k = 0; k < n; ++k) {
      const double x1 = rng.normal(), x2 = rng.normal(), x3 = rng.normal();
      const double eta = -4.0 + 1.0 * x1 - 0.5 * x2 + 0.25 * x3;
      out << x1 << ',' << x2 << ',' << x3 << ',' << (rng.uniform() < 1.0 / (1.0 + std::exp(-eta)))
          << '\n';
    }
  }
  return make_target({"logistic", {}, csv, "y"});
}

}  // namespace

TEST_CASE("SL-DAIS's ELBO exceeds NS-DAIS's at an equal budget on an imbalanced logistic problem",
          "[stat][dais]") {
  auto target = imbalanced_logistic(
      (std::filesystem::temp_directory_path() / "sgl_dais_imbalanced.csv").string(), 5000);
  const ParamValues common = {
      {"K", 8}, {"iterations", 3000}, {"batch_size", 256}, {"learning_rate", 0.01}};
  ParamValues sl = common;
  sl["surrogate_points"] = 256;
  for (std::uint64_t seed : {1, 2, 3}) {
    const ElboResult ns = train_and_estimate(target, "ns-dais", common, seed, 2000);
    const ElboResult surrogate = train_and_estimate(target, "sl-dais", sl, seed, 2000);
    INFO("seed " << seed << ": NS-DAIS ELBO " << ns.elbo << " ± " << ns.se << ", SL-DAIS "
                 << surrogate.elbo << " ± " << surrogate.se);
    // Measured (seeds 1–3): NS-DAIS −686.3 ± 0.5, −687.5 ± 0.5, −686.2 ± 0.4; SL-DAIS
    // −660.1 ± 0.07, −660.5 ± 0.08, −659.3 ± 0.06.
    CHECK(surrogate.elbo > ns.elbo + 3 * std::hypot(ns.se, surrogate.se));
  }
}

TEST_CASE("SL-DAIS posterior means lie within 0.3 sd of full HMC's on a logistic problem",
          "[stat][dais]") {
  auto target = make_target({"logistic", {{"n", 2000}, {"d", 3}, {"seed", 12}}, "", "y"});
  auto hmc = run_chain(target, "hmc", {{"step_size", 0.03}, {"leapfrog_steps", 20}}, 5, 10000, 500);
  const ElboResult sl = train_and_estimate(
      target, "sl-dais",
      {{"K", 8}, {"iterations", 3000}, {"surrogate_points", 256}, {"batch_size", 256}}, 9, 4000);
  for (int c = 0; c < target->dim(); ++c) {
    const Estimate reference = estimate(*hmc, [c](const double* t) { return t[c]; });
    const Estimate second = estimate(*hmc, [c, &reference](const double* t) {
      return (t[c] - reference.mean) * (t[c] - reference.mean);
    });
    const double sd = std::sqrt(second.mean);
    const Estimate dais = estimate(*sl.chain, [c](const double* t) { return t[c]; });
    INFO("coefficient " << c << ": HMC " << reference.mean << " (sd " << sd << ", mcse "
                        << reference.mcse << "), SL-DAIS " << dais.mean << " (mcse " << dais.mcse
                        << "): " << (dais.mean - reference.mean) / sd << " sd");
    CHECK(std::abs(dais.mean - reference.mean) < 0.3 * sd);
  }
}
