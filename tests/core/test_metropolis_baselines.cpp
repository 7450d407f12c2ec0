// rwm and mala outside the statistics: parameter validation, the acceptance ratio on a case
// worked by hand, MALA's stability hint, and defaults that accept on unstandardised data.
#include <catch2/catch.hpp>

#include <cmath>
#include <string>

#include "core/run/chain.hpp"
#include "core/samplers/mala.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/samplers/stability_limits.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

TEST_CASE("rwm and mala refuse invalid parameters with one-line messages", "[baselines]") {
  const auto well = make_target({"chen-doublewell", {}, "", "y"});
  CHECK_THROWS_AS(make_sampler("rwm", *well, {{"scale", 0.0}}), UserError);
  CHECK_THROWS_AS(make_sampler("rwm", *well, {{"scale", -1.0}}), UserError);
  CHECK_THROWS_AS(make_sampler("mala", *well, {{"step_size", 0.0}}), UserError);
  CHECK_THROWS_AS(make_sampler("mala", *well, {{"friction", 1.0}}), UserError);
  try {
    make_sampler("mala", *well, {{"noise_var", 4.0}});
    FAIL("noise_var accepted");
  } catch (const UserError& error) {
    const std::string message = error.what();
    CHECK(message.find("exact gradient") != std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
  CHECK_NOTHROW(make_sampler("rwm", *well, {{"scale", 2.0}, {"adapt", 0.0}}));
  CHECK_NOTHROW(make_sampler("mala", *well, {{"step_size", 0.1}}));
}

TEST_CASE("MALA's proposal density is N(θ − (ε/2)∇U, εI) and not symmetric", "[baselines]") {
  // log q(b | a) = −‖b − a + (ε/2)∇U(a)‖²/(2ε): by hand for a = 1, ∇U(a) = 2, b = 0.5, ε = 0.1,
  // residual 0.5 − 1 + 0.05·2 = −0.4, so log q = −0.16/0.2 = −0.8.
  Vec a(1), b(1), grad_a(1), grad_b(1);
  a << 1.0;
  b << 0.5;
  grad_a << 2.0;
  grad_b << -1.0;
  CHECK(MalaSampler::log_proposal_density(b, a, grad_a, 0.1) == Approx(-0.8));
  // Backwards: residual 1 − 0.5 + 0.05·(−1) = 0.45.
  CHECK(MalaSampler::log_proposal_density(a, b, grad_b, 0.1) == Approx(-0.45 * 0.45 / 0.2));
}

TEST_CASE("MALA shares SGLD's stability hint (ε against 4/λ_max), rwm has none", "[baselines]") {
  const auto hints = stability_hints("mala", {{"step_size", 0.1}}, 8.0);
  REQUIRE(hints.size() == 1);
  CHECK(hints[0].text == "ε = 0.1 (limit 0.5 = 4/λ_max)");
  CHECK(hints[0].level == StabilityLevel::Stable);
  CHECK(stability_hints("mala", {{"step_size", 0.6}}, 8.0)[0].level == StabilityLevel::Unstable);
  const auto range = derived_slider_range("mala", "step_size", {{"step_size", 0.1}}, 8.0);
  REQUIRE(range);
  CHECK(range->hi == Approx(1.5));
  CHECK(stability_hints("rwm", {{"scale", 1.0}, {"adapt", 1.0}}, 8.0).empty());
}

TEST_CASE("default rwm and mala accept on unstandardised data", "[baselines][defaults]") {
  // docs/examples/mydata.csv: `age` around 50, so the posterior sds differ by ~100×; the
  // double well's σ = 1 and ε = 0.05 would accept almost nothing.
  TargetSpec spec{"logistic",
                  {},
                  std::string(SGL_TEST_DATA_DIR) + "/../../docs/examples/mydata.csv",
                  "outcome"};
  const auto target = make_target(spec);
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(*target);
  for (const char* id : {"rwm", "mala"}) {
    Chain chain(target, id, {}, 2, logistic.map(), 0, 1);
    chain.run(2000);
    const double accept =
        double(chain.counters().mh_accepts) / double(chain.counters().mh_proposals);
    INFO(id << ": acceptance " << accept);
    CHECK(!chain.stopped());
    CHECK(accept > 0.1);
  }
}
