// Slider ranges, stability hints, divergence explanations, undo and "last stable settings": the
// arithmetic behind the GUI's teaching sliders, without ImGui.
#include <catch2/catch.hpp>
#include <cmath>

#include "run/chain.hpp"
#include "run/param_undo_stack.hpp"
#include "run/stable_settings.hpp"
#include "samplers/sampler_availability.hpp"
#include "samplers/sampler_registry.hpp"
#include "samplers/stability_limits.hpp"
#include "targets/target_curvature.hpp"
#include "targets/target_registry.hpp"

using namespace sgl;

TEST_CASE("curvature: the double well's modes, the harmonic well, gauss2d and the logistic MAP",
          "[stability]") {
  const auto well = estimate_curvature(*make_target({"chen-doublewell", {}, "", "y"}));
  REQUIRE(well);
  CHECK(well->max_eigenvalue == Approx(8.0).epsilon(1e-3));  // U'' = −4 + 12θ² at θ = ±1
  const auto harmonic = estimate_curvature(*make_target({"harmonic", {}, "", "y"}));
  REQUIRE(harmonic);
  CHECK(harmonic->max_eigenvalue == Approx(1.0).epsilon(1e-3));
  const auto gauss = estimate_curvature(*make_target({"gauss2d", {{"rho", 0.9}}, "", "y"}));
  REQUIRE(gauss);
  CHECK(gauss->max_eigenvalue == Approx(1.0 / (1.0 - 0.9)).epsilon(1e-3));  // Σ⁻¹'s largest
  const auto logistic = estimate_curvature(*make_target({"logistic", {}, "", "y"}));
  REQUIRE(logistic);
  CHECK(logistic->max_eigenvalue > 0.0);
  CHECK(logistic->where.find("MAP") != std::string::npos);
}

TEST_CASE("stability limits: leapfrog, Langevin and SGHMC on U = ½λθ²", "[stability]") {
  CHECK(max_stable_leapfrog_step(4.0) == Approx(1.0));
  CHECK(max_stable_langevin_step(8.0) == Approx(0.5));
  // Without curvature only εC < 2 remains; with it the root of ε²λ + 2Cε − 4 = 0.
  CHECK(max_stable_sghmc_step(4.0, std::nullopt) == Approx(0.5));
  CHECK(max_stable_sghmc_step(0.0, 4.0) == Approx(1.0));  // C = 0 is leapfrog
  const double step = max_stable_sghmc_step(1.0, 8.0);
  CHECK(step * step * 8.0 + 2.0 * step * 1.0 == Approx(4.0));
  CHECK(max_stable_sghmc_friction(0.1, std::nullopt) == Approx(20.0));
  CHECK(max_stable_sghmc_friction(0.1, 8.0) == Approx((4.0 - 0.08) / 0.2));
}

TEST_CASE("stability hints: εC coloured by its margin, the largest stable ε for HMC",
          "[stability]") {
  auto hints = stability_hints("sghmc", {{"step_size", 0.1}, {"friction", 1.0}}, std::nullopt);
  REQUIRE(hints.size() == 1);
  CHECK(hints[0].text.find("εC = 0.1") != std::string::npos);
  CHECK(hints[0].level == StabilityLevel::Stable);
  hints = stability_hints("sghmc", {{"step_size", 0.1}, {"friction", 54.0}}, 8.0);
  REQUIRE(hints.size() == 2);
  CHECK(hints[0].text.find("εC = 5.4") != std::string::npos);
  CHECK(hints[0].level == StabilityLevel::Unstable);
  CHECK(hints[1].level == StabilityLevel::Unstable);
  hints = stability_hints("sghmc", {{"step_size", 0.1}, {"friction", 18.0}}, std::nullopt);
  CHECK(hints[0].level == StabilityLevel::Marginal);  // εC = 1.8 of 2
  hints = stability_hints("hmc", {{"step_size", 0.1}}, 8.0);
  REQUIRE(hints.size() == 1);
  CHECK(hints[0].text.find("limit 0.707 = 2/√λ_max") != std::string::npos);
  CHECK(hints[0].level == StabilityLevel::Stable);
  CHECK(stability_hints("sgld", {{"step_size", 0.6}}, 8.0)[0].level == StabilityLevel::Unstable);
  CHECK(stability_hints("hmc", {{"step_size", 0.1}}, std::nullopt).empty());
}

TEST_CASE("slider ranges: friction to a few times 2/ε, B̂ below C, ε around the target's scale",
          "[stability]") {
  const ParamValues sghmc{{"step_size", 0.1}, {"friction", 1.0}, {"noise_estimate", 0.0}};
  const auto friction = derived_slider_range("sghmc", "friction", sghmc, 8.0);
  REQUIRE(friction);
  CHECK(friction->logarithmic);
  CHECK(friction->hi == Approx(60.0));  // 3 × 2/ε
  CHECK(friction->lo > 0.0);
  CHECK(friction->lo < 1.0);
  const auto noise = derived_slider_range("sghmc", "noise_estimate", sghmc, 8.0);
  REQUIRE(noise);
  CHECK(noise->lo == 0.0);
  CHECK(noise->hi == Approx(1.0));
  const auto step = derived_slider_range("hmc", "step_size", {{"step_size", 0.1}}, 8.0);
  REQUIRE(step);
  CHECK(step->hi == Approx(3.0 * 2.0 / std::sqrt(8.0)));
  CHECK(step->lo < 0.1);
  // A typed value beyond the range widens it, so the slider still shows where it is.
  CHECK(derived_slider_range("sghmc", "friction", {{"step_size", 0.1}, {"friction", 500.0}},
                             std::nullopt)
            ->hi == Approx(500.0));
  CHECK(!derived_slider_range("hmc", "step_size", {{"step_size", 0.1}}, std::nullopt));
}

TEST_CASE("divergence explanations name the sampler's cause", "[stability]") {
  const auto well = make_target({"chen-doublewell", {}, "", "y"});
  Chain sghmc(well, "sghmc", {{"step_size", 0.1}, {"friction", 50.0}}, 1, Vec::Zero(1), 0, 1, 1024);
  sghmc.run(10'000);
  REQUIRE(sghmc.stopped());
  CHECK(sghmc.stop_reason().find("εC too large (εC = 5 > 2)") != std::string::npos);

  Chain naive(well, "naive-sghmc", {{"leapfrog_steps", 0.0}}, 1, Vec::Zero(1), 0, 1, 1024);
  naive.run(2'000'000);
  REQUIRE(naive.stopped());
  CHECK(naive.stop_reason().find("frictionless noisy dynamics gains energy") != std::string::npos);

  Chain sgld(well, "sgld", {{"step_size", 2.0}}, 1, Vec::Zero(1), 0, 1, 1024);
  sgld.run(10'000);
  REQUIRE(sgld.stopped());
  CHECK(sgld.stop_reason().find("too large for the curvature") != std::string::npos);
}

TEST_CASE("undo: a drag is one entry; Ctrl+Z steps back across chains", "[stability]") {
  ParamUndoStack stack;
  stack.record(2, "sghmc", {{"friction", 1.0}}, {{"friction", 3.0}});
  stack.record(2, "sghmc", {{"friction", 3.0}}, {{"friction", 54.0}});  // same drag
  stack.end_gesture();
  stack.record(1, "hmc", {{"step_size", 0.1}}, {{"step_size", 0.2}});
  stack.end_gesture();
  REQUIRE(stack.size() == 2);
  auto last = stack.pop();
  REQUIRE(last);
  CHECK(last->chain_id == 1);
  CHECK(last->before.at("step_size") == 0.1);
  last = stack.pop();
  REQUIRE(last);
  CHECK(last->chain_id == 2);
  CHECK(last->before.at("friction") == 1.0);
  CHECK(last->after.at("friction") == 54.0);
  CHECK(!stack.pop());

  // A drag that ends where it began leaves nothing; a removed chain's entries go.
  stack.record(3, "sghmc", {{"friction", 1.0}}, {{"friction", 2.0}});
  stack.record(3, "sghmc", {{"friction", 2.0}}, {{"friction", 1.0}});
  stack.end_gesture();
  CHECK(stack.empty());
  stack.record(3, "sghmc", {{"friction", 1.0}}, {{"friction", 2.0}});
  stack.forget_chain(3);
  CHECK(stack.empty());

  const auto& descriptors = find_sampler_info("sghmc")->params;
  CHECK(describe_param_change(descriptors, {{"friction", 54.0}}, {{"friction", 1.0}}) ==
        "friction C 54 → 1");
  CHECK(describe_param_values(descriptors, {{"friction", 54.0}}, {{"friction", 1.0}}) ==
        "friction C = 1");
}

TEST_CASE("last stable settings: the latest long stretch before the fatal change", "[stability]") {
  const ParamValues start{{"friction", 1.0}};
  // C 1 for 5000 steps, then a drag through 10 and 30 (a few steps each) to 54, which diverged.
  const std::vector<ParamChange> history{
      {5000, {{"friction", 10.0}}}, {5003, {{"friction", 30.0}}}, {5006, {{"friction", 54.0}}}};
  const auto stable = last_stable_params(start, history, 5010);
  REQUIRE(stable);
  CHECK(stable->at("friction") == 1.0);
  CHECK(!last_stable_params(start, {}, 10));  // diverged under its first settings
  CHECK(!last_stable_params(start, {{100, {{"friction", 2.0}}}}, 150));  // 100 < 200 steps
}

TEST_CASE("sampler availability: data-only samplers are refused on analytic targets",
          "[stability]") {
  const auto reasons = unavailable_samplers(*make_target({"chen-doublewell", {}, "", "y"}));
  REQUIRE(reasons.count("hmcecs"));
  CHECK(reasons.at("hmcecs").find("data target") != std::string::npos);
  CHECK(!reasons.count("sghmc"));
  CHECK(unavailable_samplers(*make_target({"logistic", {}, "", "y"})).empty());
}
