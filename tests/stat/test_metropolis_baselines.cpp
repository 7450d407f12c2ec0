// Random-walk Metropolis and MALA against independent references: the double well's moments by
// Simpson quadrature of exp(−U), and gauss2d's exact moments. z-tests with MCSE (|z| < 3.3: a
// false alarm in about 1 of 1000 per assertion); fixed seeds.
#include <catch2/catch.hpp>
#include <cmath>

#include "tests/stat/double_well_reference.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

double square(double t) {
  return t * t;
}
double near_zero(double t) {
  return std::abs(t) < 0.5 ? 1.0 : 0.0;
}

// z-tests of E[θ], E[θ²] and P(|θ| < 0.5) (the barrier's mass) on the double well.
void check_double_well(const Chain& chain) {
  const Estimate mean = estimate(chain, [](const double* t) { return t[0]; });
  const Estimate second = estimate(chain, [](const double* t) { return square(t[0]); });
  const Estimate barrier = estimate(chain, [](const double* t) { return near_zero(t[0]); });
  const double second_truth = double_well_expectation(square);
  const double barrier_truth = double_well_expectation(near_zero);
  INFO(chain.sampler_id() << ": z(E θ) " << mean.z(0.0) << ", z(E θ²) " << second.z(second_truth)
                          << " (" << second.mean << " vs " << second_truth << "), z(P|θ|<½) "
                          << barrier.z(barrier_truth) << " (" << barrier.mean << " vs "
                          << barrier_truth << "), ESS " << second.ess);
  CHECK(std::abs(mean.z(0.0)) < 3.3);
  CHECK(std::abs(second.z(second_truth)) < 3.3);
  CHECK(std::abs(barrier.z(barrier_truth)) < 3.3);
  // Power: an error of 3% in E[θ²] is more than 3.3 standard errors.
  CHECK(second.mcse < 0.01 * second_truth);
}

// z-tests of gauss2d's (ρ = 0.9) means, variances and E[xy] = ρ.
void check_gauss2d(const Chain& chain) {
  const Estimate mean_x = estimate(chain, [](const double* t) { return t[0]; });
  const Estimate mean_y = estimate(chain, [](const double* t) { return t[1]; });
  const Estimate var_x = estimate(chain, [](const double* t) { return t[0] * t[0]; });
  const Estimate var_y = estimate(chain, [](const double* t) { return t[1] * t[1]; });
  const Estimate cross = estimate(chain, [](const double* t) { return t[0] * t[1]; });
  INFO(chain.sampler_id() << ": z mean_x " << mean_x.z(0) << " mean_y " << mean_y.z(0) << " var_x "
                          << var_x.z(1) << " var_y " << var_y.z(1) << " E[xy] " << cross.z(0.9)
                          << "; ESS(x) " << mean_x.ess);
  CHECK(std::abs(mean_x.z(0.0)) < 3.3);
  CHECK(std::abs(mean_y.z(0.0)) < 3.3);
  CHECK(std::abs(var_x.z(1.0)) < 3.3);
  CHECK(std::abs(var_y.z(1.0)) < 3.3);
  CHECK(std::abs(cross.z(0.9)) < 3.3);
  CHECK(var_x.mcse < 0.04);
}

double sampling_acceptance(const Chain& chain) {
  const SamplerCounters counters = chain.sampling_counters();
  return double(counters.mh_accepts) / double(counters.mh_proposals);
}

}  // namespace

TEST_CASE("the double-well reference: bin masses sum to 1, E[θ²] near the modes' 1",
          "[stat][rwm][mala]") {
  const double second = double_well_expectation(square);
  CHECK(second > 0.8);
  CHECK(second < 1.2);
  double total = 0.0;
  for (double mass : double_well_bin_masses(-2.5, 2.5, 25)) total += mass;
  CHECK(total == Approx(1.0).epsilon(1e-12));
  CHECK(double_well_bin_masses(-2.5, 2.5, 25).back() < 1e-9);
}

TEST_CASE("RWM adapts σ in burn-in to acceptance 0.44 in 1-D and samples the double well",
          "[stat][rwm]") {
  auto target = make_target({"chen-doublewell", {}, "", "y"});
  // σ starts 30× too small: the adaptation must find the scale.
  auto chain = run_chain(target, "rwm", {{"scale", 0.05}}, 2027, 200000, 3000);
  REQUIRE(!chain->stopped());
  const double accept = sampling_acceptance(*chain);
  INFO("acceptance after burn-in " << accept << ", σ " << chain->counters().channels[0].mean());
  CHECK(std::abs(accept - 0.44) < 0.05);
  check_double_well(*chain);
}

TEST_CASE("RWM adapts to acceptance 0.234 in 2-D and samples gauss2d", "[stat][rwm]") {
  auto target = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  auto chain = run_chain(target, "rwm", {{"scale", 5.0}}, 2028, 200000, 3000);
  REQUIRE(!chain->stopped());
  const double accept = sampling_acceptance(*chain);
  INFO("acceptance after burn-in " << accept << ", σ " << chain->counters().channels[0].mean());
  CHECK(std::abs(accept - 0.234) < 0.05);
  check_gauss2d(*chain);
}

TEST_CASE("RWM freezes σ after burn-in, without burn-in or with adapt off σ stays as given",
          "[stat][rwm]") {
  auto target = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  Vec init = target->default_init();
  Chain chain(target, "rwm", {{"scale", 5.0}}, 7, init, 500, 1);
  chain.run(500);
  const double adapted = chain.counters().channels[0].mean();
  CHECK(adapted < 3.0);  // moved from 5 toward the 2-D optimum (about 2.38·0.3)
  chain.run(2000);
  CHECK(chain.counters().channels[0].mean() == adapted);

  auto no_burnin = run_chain(target, "rwm", {{"scale", 5.0}}, 7, 500, 0);
  CHECK(no_burnin->counters().channels[0].mean() == 5.0);
  auto off = run_chain(target, "rwm", {{"scale", 5.0}, {"adapt", 0.0}}, 7, 500, 500);
  CHECK(off->counters().channels[0].mean() == 5.0);
}

TEST_CASE("MALA samples the double well exactly at a step where SGLD (no MH) is biased",
          "[stat][mala]") {
  auto target = make_target({"chen-doublewell", {}, "", "y"});
  // ε = 0.3 is 60% of the Langevin stability limit 4/λ_max = 0.5 at the modes.
  auto chain = run_chain(target, "mala", {{"step_size", 0.3}}, 2029, 200000, 1000);
  REQUIRE(!chain->stopped());
  INFO("acceptance " << sampling_acceptance(*chain));
  CHECK(sampling_acceptance(*chain) > 0.5);
  check_double_well(*chain);

  // The same proposal without the MH test (SGLD with the exact gradient) either blows up in the
  // quartic tails or misses E[θ²]: the correction is what the test above sees.
  auto unadjusted =
      run_chain(target, "sgld", {{"step_size", 0.3}, {"noise_var", 0.0}}, 2029, 200000, 1000);
  if (!unadjusted->stopped()) {
    const double truth = double_well_expectation(square);
    const Estimate second = estimate(*unadjusted, [](const double* t) { return square(t[0]); });
    INFO("SGLD at ε = 0.3: E[θ²] " << second.mean << " vs " << truth << ", z " << second.z(truth));
    CHECK(std::abs(second.z(truth)) > 6.0);
  }
}

TEST_CASE("MALA samples gauss2d: means, variances and correlation", "[stat][mala]") {
  auto target = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  // ε = 0.24 is 60% of 4/λ_max = 0.4 (λ_max = 1/(1 − ρ) = 10).
  auto chain = run_chain(target, "mala", {{"step_size", 0.24}}, 2030, 200000, 1000);
  REQUIRE(!chain->stopped());
  INFO("acceptance " << sampling_acceptance(*chain));
  check_gauss2d(*chain);
}
