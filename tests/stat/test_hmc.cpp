// HMC on Chen et al.'s Fig. 3 Gaussian (unit variances, ρ = 0.9): z-tests with MCSE.
#include <catch2/catch.hpp>

#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

TEST_CASE("HMC samples gauss2d: mean, variance and correlation pass z-tests", "[stat][hmc]") {
  auto target = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  auto chain =
      run_chain(target, "hmc", {{"step_size", 0.15}, {"leapfrog_steps", 10}}, 2024, 40000, 500);
  REQUIRE(!chain->stopped());
  const double accept =
      double(chain->counters().mh_accepts) / double(chain->counters().mh_proposals);
  INFO("acceptance " << accept);
  CHECK(accept > 0.8);

  // |z| < 3.3: a false alarm in about 1 of 1000 checks per assertion.
  const Estimate mean_x = estimate(*chain, [](const double* t) { return t[0]; });
  const Estimate mean_y = estimate(*chain, [](const double* t) { return t[1]; });
  const Estimate var_x = estimate(*chain, [](const double* t) { return t[0] * t[0]; });
  const Estimate var_y = estimate(*chain, [](const double* t) { return t[1] * t[1]; });
  const Estimate cross = estimate(*chain, [](const double* t) { return t[0] * t[1]; });
  INFO("z: mean_x " << mean_x.z(0) << " mean_y " << mean_y.z(0) << " var_x " << var_x.z(1)
                    << " var_y " << var_y.z(1) << " E[xy] " << cross.z(0.9) << "; ESS(x) "
                    << mean_x.ess);
  CHECK(std::abs(mean_x.z(0.0)) < 3.3);
  CHECK(std::abs(mean_y.z(0.0)) < 3.3);
  CHECK(std::abs(var_x.z(1.0)) < 3.3);
  CHECK(std::abs(var_y.z(1.0)) < 3.3);
  // With zero means and unit variances the correlation is E[xy].
  CHECK(std::abs(cross.z(0.9)) < 3.3);
  // The test has power: the MCSE is small enough to see a 5% error in the correlation.
  CHECK(cross.mcse < 0.015);
}

TEST_CASE("HMC with a huge step diverges, rejects, counts, and never yields NaN", "[stat][hmc]") {
  auto target = make_target({"chen-doublewell", {}, "", "y"});
  auto chain = run_chain(target, "hmc", {{"step_size", 5.0}, {"leapfrog_steps", 20}}, 3, 200);
  CHECK(chain->counters().divergences > 0);
  for (std::size_t i = 0; i < chain->draws().size(); ++i)
    REQUIRE(std::isfinite(chain->draws().theta(i, 0)));
}

TEST_CASE("the same seed gives the same draws, another seed does not", "[stat][determinism]") {
  auto target = make_target({"gauss2d", {}, "", "y"});
  for (const char* id : {"hmc", "naive-sghmc", "sghmc", "sgld", "sgd-momentum"}) {
    INFO(id);
    auto a = run_chain(target, id, {}, 11, 500);
    auto b = run_chain(target, id, {}, 11, 500);
    auto c = run_chain(target, id, {}, 12, 500);
    REQUIRE(a->draws().size() == b->draws().size());
    bool same = true, differs = false;
    for (std::size_t i = 0; i < a->draws().size(); ++i) {
      same = same && a->draws().theta(i, 0) == b->draws().theta(i, 0);
      differs = differs || a->draws().theta(i, 0) != c->draws().theta(i, 0);
    }
    CHECK(same);
    CHECK(differs);
  }
}
