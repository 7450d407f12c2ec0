// HMC on typed potentials (the custom target): moments within MCSE of the exact ones.
#include <catch2/catch.hpp>

#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

TEST_CASE("HMC on the typed banana 0.5*x^2 + 2*(y - 0.5*x^2)^2 matches its moments",
          "[stat][hmc][custom]") {
  // x ~ N(0, 1), y | x ~ N(x²/2, 1/4): E y = ½, E y² = Var(x²/2) + ¼ + ¼ = 1, E[x y] = 0.
  auto target = make_target({"custom", {}, "", "y", "0.5*x^2 + 2*(y - 0.5*x^2)^2"});
  auto chain =
      run_chain(target, "hmc", {{"step_size", 0.1}, {"leapfrog_steps", 15}}, 2025, 60000, 1000);
  REQUIRE(!chain->stopped());
  const Estimate mean_x = estimate(*chain, [](const double* t) { return t[0]; });
  const Estimate second_x = estimate(*chain, [](const double* t) { return t[0] * t[0]; });
  const Estimate mean_y = estimate(*chain, [](const double* t) { return t[1]; });
  const Estimate second_y = estimate(*chain, [](const double* t) { return t[1] * t[1]; });
  const Estimate cross = estimate(*chain, [](const double* t) { return t[0] * t[1]; });
  WARN("typed banana, HMC: E x " << mean_x.mean << " ± " << mean_x.mcse << ", E x² "
                                 << second_x.mean << " ± " << second_x.mcse << ", E y "
                                 << mean_y.mean << " ± " << mean_y.mcse << ", E y² "
                                 << second_y.mean << " ± " << second_y.mcse << ", E xy "
                                 << cross.mean << " ± " << cross.mcse);
  CHECK(std::abs(mean_x.z(0.0)) < 3.3);
  CHECK(std::abs(second_x.z(1.0)) < 3.3);
  CHECK(std::abs(mean_y.z(0.5)) < 3.3);
  CHECK(std::abs(second_y.z(1.0)) < 3.3);
  CHECK(std::abs(cross.z(0.0)) < 3.3);
  // Power: a 5% error in E y (the ridge's height) would be seen.
  CHECK(mean_y.mcse < 0.01);
}

TEST_CASE("HMC on a typed Gamma(3, 1), U = x - 2*log(x), matches mean and second moment",
          "[stat][hmc][custom]") {
  auto target = make_target({"custom", {}, "", "y", "x - 2*log(x)"});
  auto chain =
      run_chain(target, "hmc", {{"step_size", 0.3}, {"leapfrog_steps", 10}}, 7, 40000, 500);
  REQUIRE(!chain->stopped());
  const Estimate mean = estimate(*chain, [](const double* t) { return t[0]; });
  const Estimate second = estimate(*chain, [](const double* t) { return t[0] * t[0]; });
  WARN("typed Gamma(3,1), HMC: E x " << mean.mean << " ± " << mean.mcse << ", E x² " << second.mean
                                     << " ± " << second.mcse);
  CHECK(std::abs(mean.z(3.0)) < 3.3);
  CHECK(std::abs(second.z(12.0)) < 3.3);
}
