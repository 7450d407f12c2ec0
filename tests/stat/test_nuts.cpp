// NUTS (multinomial, Stan's structure) against independent references: gauss2d's exact moments
// (ρ = 0.9), the double well's moments by quadrature of exp(−U) (double_well_reference.hpp), and
// an axis-scaled Gaussian (variances 100 and 0.01) whose exact variances the adapted diagonal
// metric must find, and the banana's analytic moments with a fixed step and unit metric (the tree
// alone; its heavy θ₂ tails need 150 000 draws before the MCSE is trustworthy: at 40 000 the
// z-scores of the tail moments sat near −3 together). z-tests with MCSE (|z| < 3.3), fixed seeds;
// the step size's dual averaging must land the mean acceptance statistic near its target 0.8 and
// leave no divergence after burn-in. Planted mistakes these fail on (each planted once): the
// states' weights e^(H − H₀) instead of e^(H₀ − H), and every subtree's proposal taken from its
// second half instead of by its weight.
#include <catch2/catch.hpp>
#include <cmath>

#include <map>

#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "core/samplers/nuts.hpp"
#include "tests/stat/double_well_reference.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

double mean_accept_stat(const Chain& chain) {
  const SamplerCounters counters = chain.sampling_counters();
  return counters.accept_prob_sum / double(counters.mh_proposals);
}

void check_z(const Estimate& estimate, double truth, const char* what) {
  INFO(what << ": " << estimate.mean << " vs " << truth << ", z " << estimate.z(truth) << ", ESS "
            << estimate.ess);
  CHECK(std::abs(estimate.z(truth)) < 3.3);
}

}  // namespace

TEST_CASE("NUTS samples the correlated Gaussian: means, variances, correlation", "[stat][nuts]") {
  auto target = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  auto chain = run_chain(target, "nuts", {}, 2040, 40000, 1000);
  REQUIRE(!chain->stopped());
  check_z(estimate(*chain, [](const double* t) { return t[0]; }), 0.0, "E x");
  check_z(estimate(*chain, [](const double* t) { return t[1]; }), 0.0, "E y");
  const Estimate var_x = estimate(*chain, [](const double* t) { return t[0] * t[0]; });
  check_z(var_x, 1.0, "E x²");
  check_z(estimate(*chain, [](const double* t) { return t[1] * t[1]; }), 1.0, "E y²");
  check_z(estimate(*chain, [](const double* t) { return t[0] * t[1]; }), 0.9, "E xy");
  CHECK(var_x.mcse < 0.02);  // power: a 7 % error in a variance is > 3.3 MCSE
  const double accept = mean_accept_stat(*chain);
  INFO("mean acceptance statistic " << accept << ", ε "
                                    << chain->sampling_counters().channels[2].mean());
  CHECK(accept > 0.7);
  CHECK(accept < 0.95);
  CHECK(chain->sampling_counters().divergences == 0);
}

TEST_CASE("NUTS samples the double well (quadrature moments)", "[stat][nuts]") {
  auto target = make_target({"chen-doublewell", {}, "", "y"});
  auto chain = run_chain(target, "nuts", {}, 2041, 20000, 1000);
  REQUIRE(!chain->stopped());
  const auto square = [](double t) { return t * t; };
  const auto near_zero = [](double t) { return std::abs(t) < 0.5 ? 1.0 : 0.0; };
  check_z(estimate(*chain, [](const double* t) { return t[0]; }), 0.0, "E θ");
  const Estimate second = estimate(*chain, [&](const double* t) { return square(t[0]); });
  check_z(second, double_well_expectation(square), "E θ²");
  check_z(estimate(*chain, [&](const double* t) { return near_zero(t[0]); }),
          double_well_expectation(near_zero), "P(|θ| < ½)");
  CHECK(second.mcse < 0.01);
}

TEST_CASE("NUTS adapts a diagonal metric to axis scales 10 and 0.1", "[stat][nuts]") {
  // U = x²/200 + 50 y²: sd 10 along x, 0.1 along y (a 100:1 scale ratio).
  TargetSpec spec{"custom", {}, "", "y"};
  spec.potential = "0.005*x^2 + 50*y^2";
  auto target = make_target(spec);
  auto chain = run_chain(target, "nuts", {}, 2042, 10000, 1000);
  REQUIRE(!chain->stopped());
  const auto& nuts = dynamic_cast<const NutsSampler&>(chain->sampler());
  INFO("inverse metric " << nuts.inverse_metric().transpose() << ", ε " << nuts.step_size());
  CHECK(nuts.inverse_metric()[0] == Approx(100.0).epsilon(0.3));
  CHECK(nuts.inverse_metric()[1] == Approx(0.01).epsilon(0.3));
  check_z(estimate(*chain, [](const double* t) { return t[0] * t[0]; }), 100.0, "E x²");
  check_z(estimate(*chain, [](const double* t) { return t[1] * t[1]; }), 0.01, "E y²");
  // With the metric the posterior is round in its own units: short trees. With a unit metric
  // the 100:1 scales would need trees of depth 7 or more.
  const double depth = chain->sampling_counters().channels[0].mean();
  INFO("mean tree depth " << depth);
  CHECK(depth < 4.0);
  CHECK(chain->sampling_counters().divergences == 0);
}

TEST_CASE("NUTS's summary reports tree depth, leapfrog steps, step size and divergences",
          "[stat][nuts]") {
  RunSpec spec;
  spec.target = {"gauss2d", {{"rho", 0.9}}, "", "y"};
  spec.chains_per_sampler = 2;
  spec.burnin = 500;
  spec.steps = 1000;
  spec.seed = 6;
  spec.chains = {{"nuts", {}}};
  Session session(spec);
  session.run_to_end();
  const SamplerSummary summary = summarize(session).front();
  std::map<std::string, double> figures;
  for (const ChannelFigure& figure : summary.channels) figures[figure.key] = figure.value;
  REQUIRE(figures.count("tree_depth_mean") == 1);
  REQUIRE(figures.count("leapfrog_per_draw") == 1);
  REQUIRE(figures.count("step_size") == 1);
  // A depth-d tree has 2^d − 1 leapfrog steps at most (fewer when a subtree is cut).
  CHECK(figures["tree_depth_mean"] >= 1.0);
  CHECK(figures["leapfrog_per_draw"] <= std::pow(2.0, figures["tree_depth_mean"] + 1.0));
  CHECK(figures["step_size"] > 0.05);
  CHECK(summary.divergences_after_burnin == 0);
  // With a burn-in the adaptation is over before the first kept draw: no warning about it.
  CHECK(figures["adapting_fraction"] == 0.0);
  for (const std::string& warning : summary.warnings)
    CHECK(warning.find("adapting") == std::string::npos);
}

TEST_CASE("NUTS's metric windows follow Stan's schedule for 1000 warm-up iterations",
          "[stat][nuts]") {
  // Stan Reference Manual ("Automatic parameter tuning"): buffers 75 and 50, then windows of 25,
  // 50, 100, 200 and 500, so the metric is updated after iterations 100, 150, 250, 450 and 950.
  WindowedVarianceAdaptation windows;
  windows.configure(1000);
  Vec inverse_metric = Vec::Ones(1);
  Vec theta(1);
  std::vector<int> updates;
  for (int iteration = 1; iteration <= 1000; ++iteration) {
    theta[0] = iteration % 2 == 0 ? 1.0 : -1.0;  // variance ≈ 1 in every window
    if (windows.learn(inverse_metric, theta)) updates.push_back(iteration);
  }
  CHECK(updates == std::vector<int>{100, 150, 250, 450, 950});
  // The last window's 500 draws of ±1: variance 500/499, shrunk by n/(n + 5) toward 10⁻³.
  CHECK(inverse_metric[0] == Approx(500.0 / 505.0 * 500.0 / 499.0 + 1e-3 * 5.0 / 505.0));

  // Under 150 iterations the buffers become 15 % / 75 % / 10 %: one window.
  windows.configure(100);
  updates.clear();
  for (int iteration = 1; iteration <= 100; ++iteration)
    if (windows.learn(inverse_metric, theta)) updates.push_back(iteration);
  CHECK(updates == std::vector<int>{90});
}

TEST_CASE("NUTS with a fixed step and unit metric samples the banana (analytic moments)",
          "[stat][nuts]") {
  // The tree building alone, without adaptation: θ₁ ~ N(0, 1.5²), θ₂ | θ₁ ~ N(b(θ₁² − 1.5²), 1)
  // with b = 0.5, so E θ₂ = 0, E θ₁² = 2.25, Var θ₂ = 1 + b² Var(θ₁²) = 1 + 0.25 · 2 · 1.5⁴.
  auto target = make_target({"banana", {{"b", 0.5}}, "", "y"});
  auto chain = run_chain(target, "nuts", {{"step_size", 0.2}, {"adapt", 0.0}}, 2043, 150000, 0);
  REQUIRE(!chain->stopped());
  check_z(estimate(*chain, [](const double* t) { return t[0]; }), 0.0, "E θ₁");
  check_z(estimate(*chain, [](const double* t) { return t[1]; }), 0.0, "E θ₂");
  check_z(estimate(*chain, [](const double* t) { return t[0] * t[0]; }), 2.25, "E θ₁²");
  check_z(estimate(*chain, [](const double* t) { return t[1] * t[1]; }),
          1.0 + 0.25 * 2.0 * std::pow(1.5, 4), "E θ₂²");
  CHECK(chain->sampling_counters().channels[2].mean() == Approx(0.2));  // never adapted
}
