// Slider ranges, stability hints, divergence explanations, undo and "last stable settings": the
// arithmetic behind the GUI's teaching sliders, without ImGui.
#include <Eigen/Dense>
#include <catch2/catch.hpp>
#include <cmath>

#include "core/run/chain.hpp"
#include "core/run/param_undo_stack.hpp"
#include "core/run/stable_settings.hpp"
#include "core/samplers/sampler_availability.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/samplers/stability_limits.hpp"
#include "core/samplers/target_curvature.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

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

TEST_CASE("stability hints: a step under 1% of its limit is too small, not a green ok",
          "[stability]") {
  // The newcomer's ε = 0.000212 at the bottom of naive SGHMC's slider (limit 0.707) read "ok".
  auto hints = stability_hints("naive-sghmc", {{"step_size", 0.000212}}, 8.0);
  REQUIRE(hints.size() == 1);
  CHECK(hints[0].level == StabilityLevel::TooSmall);
  CHECK(hints[0].text.find("barely moves") != std::string::npos);
  CHECK(stability_hints("hmc", {{"step_size", 0.05}}, 8.0)[0].level == StabilityLevel::Stable);
  CHECK(stability_hints("sgld", {{"step_size", 0.004}}, 8.0)[0].level == StabilityLevel::TooSmall);
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

  const auto gauss = make_target({"ewsg-gauss", {{"n", 20.0}, {"seed", 1.0}}, "", "y"});
  const ParamValues too_much_friction{{"step_size", 0.05}, {"friction", 50.0}, {"index", 1.0}};
  Chain overdamped(gauss, "ewsg", too_much_friction, 1, Vec::Zero(2), 0, 1, 1024);
  overdamped.run(10'000);
  REQUIRE(overdamped.stopped());
  CHECK(overdamped.stop_reason().find("hγ too large (hγ = 2.5 > 2)") != std::string::npos);
  const ParamValues too_little{{"step_size", 0.3}, {"friction", 1.0}, {"index", 1.0}};
  Chain stiff(gauss, "ewsg", too_little, 1, Vec::Zero(2), 0, 1, 1024);
  stiff.run(10'000);
  REQUIRE(stiff.stopped());
  CHECK(stiff.stop_reason().find("needs hλ_max < γ") != std::string::npos);
}

namespace {

// Spectral radius of EWSG's noise-free Euler–Maruyama map on U = ½λθ²:
// (θ, r) → (θ + hr, r − h(λθ + γr)), both read the old state (core/samplers/ewsg.cpp).
double euler_langevin_radius(double h, double friction, double lambda) {
  Eigen::Matrix2d map;
  map << 1.0, h, -h * lambda, 1.0 - h * friction;
  return map.eigenvalues().cwiseAbs().maxCoeff();
}

// Spectral radius of one leapfrog step of size ε with mass m on U = ½λθ² (one direction of
// M⁻¹H with eigenvalue λ/m): r −= ε/2 λθ; θ += ε r/m; r −= ε/2 λθ.
double leapfrog_radius(double step, double lambda, double mass) {
  Eigen::Matrix2d kick, drift;
  kick << 1.0, 0.0, -0.5 * step * lambda, 1.0;
  drift << 1.0, step / mass, 0.0, 1.0;
  return (kick * drift * kick).eigenvalues().cwiseAbs().maxCoeff();
}

}  // namespace

TEST_CASE("EWSG's Euler–Maruyama limits match the linear map's spectral radius", "[stability]") {
  // Every (γ, λ) pair: just below the derived largest step the map contracts on every curvature
  // in (0, λ_max] (the flat end included), just above it some direction grows.
  for (const double friction : {0.5, 2.0, 10.0, 40.0}) {
    for (const double lambda : {1.0, 20.0, 400.0}) {
      const double limit = max_stable_euler_langevin_step(friction, lambda);
      INFO("γ = " << friction << ", λ_max = " << lambda << ", limit " << limit);
      double worst_below = 0.0, worst_above = 0.0;
      for (const double share : {1e-6, 1e-3, 0.1, 0.5, 1.0}) {
        worst_below =
            std::max(worst_below, euler_langevin_radius(0.99 * limit, friction, share * lambda));
        worst_above =
            std::max(worst_above, euler_langevin_radius(1.01 * limit, friction, share * lambda));
      }
      CHECK(worst_below < 1.0);
      CHECK(worst_above > 1.0);
    }
  }
  // The friction band at h: (hλ, 2/h); both ends checked against the map.
  const FrictionBand band = stable_euler_langevin_frictions(0.05, 20.0);
  CHECK(band.lo == Approx(1.0));
  CHECK(band.hi == Approx(40.0));
  CHECK(euler_langevin_radius(0.05, 0.99 * band.lo, 20.0) > 1.0);
  CHECK(euler_langevin_radius(0.05, 1.01 * band.lo, 20.0) < 1.0);
  CHECK(euler_langevin_radius(0.05, 1.01 * band.hi, 1e-6) > 1.0);
  CHECK(max_stable_euler_langevin_step(4.0, std::nullopt) == Approx(0.5));
}

TEST_CASE("HMC-ECS's step limit follows its mass matrix", "[stability]") {
  // mass=hessian: M is the Laplace Hessian at θ*, so each direction has λ/m = 1 whatever λ.
  REQUIRE(max_stable_mass_leapfrog_step(true, std::nullopt));
  CHECK(*max_stable_mass_leapfrog_step(true, 900.0) == Approx(2.0));
  CHECK(leapfrog_radius(0.99 * 2.0, 900.0, 900.0) <= 1.0 + 1e-12);
  CHECK(leapfrog_radius(1.01 * 2.0, 900.0, 900.0) > 1.0);
  CHECK(*max_stable_mass_leapfrog_step(false, 900.0) == Approx(2.0 / 30.0));
  CHECK(leapfrog_radius(1.01 * 2.0 / 30.0, 900.0, 1.0) > 1.0);
  CHECK(!max_stable_mass_leapfrog_step(false, std::nullopt));
}

TEST_CASE("EWSG and HMC-ECS: hints and log slider ranges from the curvature", "[stability]") {
  // ewsg-fig1a's settings on a λ_max = 20 target: hγ = 0.5, hλ/γ = 0.1.
  const ParamValues ewsg{{"step_size", 0.05}, {"friction", 10.0}};
  auto hints = stability_hints("ewsg", ewsg, 20.0);
  REQUIRE(hints.size() == 2);
  CHECK(hints[0].text.find("hγ = 0.5 (limit 2)") != std::string::npos);
  CHECK(hints[0].level == StabilityLevel::Stable);
  CHECK(hints[1].text.find("hλ_max/γ = 0.1 (limit 1)") != std::string::npos);
  CHECK(hints[1].level == StabilityLevel::Stable);
  // Too little friction for the curvature: red, though hγ is fine.
  hints = stability_hints("ewsg", {{"step_size", 0.05}, {"friction", 0.9}}, 20.0);
  CHECK(hints[0].level == StabilityLevel::Stable);
  CHECK(hints[1].level == StabilityLevel::Unstable);
  CHECK(stability_hints("ewsg", {{"step_size", 0.05}, {"friction", 36.0}}, 20.0)[0].level ==
        StabilityLevel::Marginal);  // hγ = 1.8
  CHECK(stability_hints("ewsg", ewsg, std::nullopt).size() == 1);

  const auto friction = derived_slider_range("ewsg", "friction", ewsg, 20.0);
  REQUIRE(friction);
  CHECK(friction->logarithmic);
  CHECK(friction->hi == Approx(3.0 * 2.0 / 0.05));
  CHECK(friction->lo < 1.0);  // the lower stability bound hλ = 1 is on the slider
  const auto step = derived_slider_range("ewsg", "step_size", ewsg, 20.0);
  REQUIRE(step);
  CHECK(step->logarithmic);
  CHECK(step->hi == Approx(3.0 * 0.2));  // 3 × min(2/γ, γ/λ) = 3 × min(0.2, 0.5)
  CHECK(step->lo < 0.05);

  // HMC-ECS: hmcecs-logistic's ε = 0.1 with the Hessian mass against the limit 2.
  const ParamValues ecs{{"step_size", 0.1}, {"mass", 1.0}};
  hints = stability_hints("hmcecs", ecs, 5000.0);
  REQUIRE(hints.size() == 1);
  CHECK(hints[0].text.find("ε = 0.1 (limit 2 with the Hessian mass)") != std::string::npos);
  CHECK(hints[0].level == StabilityLevel::Stable);
  hints = stability_hints("hmcecs-signed", {{"step_size", 0.1}, {"mass", 0.0}}, 10000.0);
  REQUIRE(hints.size() == 1);
  CHECK(hints[0].text.find("limit 0.02 = 2/√λ_max") != std::string::npos);
  CHECK(hints[0].level == StabilityLevel::Unstable);
  const auto ecs_step = derived_slider_range("hmcecs", "step_size", ecs, 5000.0);
  REQUIRE(ecs_step);
  CHECK(ecs_step->hi == Approx(6.0));
  CHECK(
      derived_slider_range("hmcecs", "step_size", {{"step_size", 0.01}, {"mass", 0.0}}, 1e4)->hi ==
      Approx(0.06));
  CHECK(!derived_slider_range("hmcecs", "leapfrog_steps", ecs, 5000.0));
}

TEST_CASE("undo: a drag is one entry, Ctrl+Z steps back across chains", "[stability]") {
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

TEST_CASE("SGHMC in SGD form: η below (4 − 2α)/λ is stable, above it diverges, β̂ ≥ α refused",
          "[stability][sghmc-sgd]") {
  CHECK(max_stable_sghmc_sgd_learning_rate(0.1, 8.0) == Approx(3.8 / 8.0));
  const auto hints =
      stability_hints("sghmc-sgd", {{"learning_rate", 0.1}, {"momentum_decay", 0.1}}, 8.0);
  REQUIRE(hints.size() == 1);
  CHECK(hints[0].text.find("(4−2α)/λ_max") != std::string::npos);
  CHECK(hints[0].level == StabilityLevel::Stable);
  const auto range = derived_slider_range("sghmc-sgd", "learning_rate",
                                          {{"learning_rate", 0.1}, {"momentum_decay", 0.1}}, 8.0);
  REQUIRE(range);
  CHECK(range->hi == Approx(3.0 * 3.8 / 8.0));

  // On U = ½θ² (λ = 1) with α = 0.5 the limit is η = 3: just below it runs, just above it stops.
  const auto harmonic = make_target({"harmonic", {}, "", "y"});
  const ParamValues below{{"learning_rate", 2.9}, {"momentum_decay", 0.5}, {"noise_var", 0.0}};
  Chain stable(harmonic, "sghmc-sgd", below, 1, Vec::Zero(1), 0, 1, 1024);
  stable.run(20'000);
  CHECK(!stable.stopped());
  ParamValues above = below;
  above["learning_rate"] = 3.1;
  Chain unstable(harmonic, "sghmc-sgd", above, 1, Vec::Zero(1), 0, 1, 1024);
  unstable.run(20'000);
  REQUIRE(unstable.stopped());
  CHECK(unstable.stop_reason().find("2α + ηλ_max < 4") != std::string::npos);

  try {
    make_sampler("sghmc-sgd", *harmonic, {{"momentum_decay", 0.2}, {"noise_estimate", 0.2}});
    FAIL("β̂ = α was accepted");
  } catch (const UserError& error) {
    const std::string message = error.what();
    CHECK(message.find("noise_estimate β̂ = 0.2 must be below momentum_decay α = 0.2") !=
          std::string::npos);
    CHECK(message.find('\n') == std::string::npos);
  }
}

TEST_CASE("stability hints in plain words: one line for the limit nearest trouble, sentences kept",
          "[stability]") {
  // The newcomer read "2εC+ε²λ_max = 0.44 (limit 4)" as jargon: the window leads with the share.
  auto lines =
      plain_stability_lines(stability_hints("sghmc", {{"step_size", 0.1}, {"friction", 1.0}}, 8.0));
  REQUIRE(lines.size() == 1);  // εC = 0.1 of 2 (5%) and 2εC+ε²λ = 0.28 of 4 (7%): the larger
  CHECK(lines[0].text == "at 7% of the stable limit");
  CHECK(lines[0].level == StabilityLevel::Stable);
  lines = plain_stability_lines(stability_hints("hmc", {{"step_size", 2.12}}, 8.0));
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].text == "3.0× the stable limit");  // 2.12 / 0.707
  CHECK(lines[0].level == StabilityLevel::Unstable);
  lines = plain_stability_lines(stability_hints("naive-sghmc", {{"step_size", 0.000212}}, 8.0));
  REQUIRE(lines.size() == 1);
  CHECK(lines[0].text == "at 0.03% of the stable limit: the chain barely moves");
  CHECK(lines[0].level == StabilityLevel::TooSmall);
  lines = plain_stability_lines(stability_hints("hmc", {{"step_size", 0.65}}, 8.0));
  CHECK(lines[0].text == "at 92% of the stable limit");
  CHECK(lines[0].level == StabilityLevel::Marginal);
  // C = 0 is a sentence, kept; the εC line beside it has no limit to report (εC = 0).
  lines = plain_stability_lines(
      stability_hints("sghmc", {{"step_size", 0.1}, {"friction", 0.0}}, std::nullopt));
  REQUIRE(!lines.empty());
  CHECK(lines[0].text.find("no friction") != std::string::npos);
  CHECK(lines[0].level == StabilityLevel::Unstable);
}
