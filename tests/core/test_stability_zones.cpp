// The coloured stripe under a slider (core/samplers/stability_zones.hpp): where along the slider
// the chain blows up, is near its limit or barely moves, against the integrators' stability
// theory worked out by hand (not against the hints' own numbers).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/samplers/stability_zones.hpp"

using namespace sgl;

namespace {

const StabilityZone* zone_at(const std::vector<StabilityZone>& zones, StabilityLevel level) {
  for (const StabilityZone& zone : zones)
    if (zone.level == level) return &zone;
  return nullptr;
}

}  // namespace

TEST_CASE("stability zones: HMC's step size is unstable from 2/√λ_max, too small under 1% of it",
          "[stability]") {
  // U = ½·4·θ²: the leapfrog map's eigenvalues leave the unit circle at ε = 2/√4 = 1.
  const SliderRange range{1e-4, 3.0, true};
  const auto zones = slider_stability_zones("hmc", "step_size", {{"step_size", 0.1}}, 4.0, range);
  const StabilityZone* unstable = zone_at(zones, StabilityLevel::Unstable);
  REQUIRE(unstable != nullptr);
  CHECK(unstable->from == Approx(1.0).epsilon(1e-4));
  CHECK(unstable->to == Approx(3.0));
  const StabilityZone* marginal = zone_at(zones, StabilityLevel::Marginal);
  REQUIRE(marginal != nullptr);  // above 80% of the limit
  CHECK(marginal->from == Approx(0.8).epsilon(1e-4));
  CHECK(marginal->to == Approx(1.0).epsilon(1e-4));
  const StabilityZone* tiny = zone_at(zones, StabilityLevel::TooSmall);
  REQUIRE(tiny != nullptr);
  CHECK(tiny->from == Approx(1e-4));
  CHECK(tiny->to == Approx(0.01).epsilon(1e-4));
  CHECK(zones.size() == 3);  // the stable stretch between is not a zone
}

TEST_CASE("stability zones: SGHMC's friction is unstable from (4 − ε²λ)/(2ε), and at C = 0",
          "[stability]") {
  // ε = 0.1, λ = 4: 2εC + ε²λ < 4 gives C < 19.8 (tighter than εC < 2, C < 20).
  SliderRange range{0.05, 60.0, true};
  range.zero_at_bottom = true;
  const auto zones = slider_stability_zones("sghmc", "friction",
                                            {{"step_size", 0.1}, {"friction", 1.0}}, 4.0, range);
  REQUIRE_FALSE(zones.empty());
  CHECK(zones.front().level == StabilityLevel::Unstable);  // the left end: no friction at all
  CHECK(zones.front().from == 0.0);
  CHECK(zones.front().to < 0.051);
  CHECK(zones.back().level == StabilityLevel::Unstable);
  CHECK(zones.back().from == Approx(19.8).epsilon(1e-4));
  CHECK(zones.back().to == Approx(60.0));
}

TEST_CASE("stability zones: SGLD's step size is unstable from 4/λ_max, none without a rule",
          "[stability]") {
  const auto zones =
      slider_stability_zones("sgld", "step_size", {{"step_size", 0.01}}, 8.0, {1e-4, 2.0, true});
  const StabilityZone* unstable = zone_at(zones, StabilityLevel::Unstable);
  REQUIRE(unstable != nullptr);
  CHECK(unstable->from == Approx(0.5).epsilon(1e-4));
  // No curvature, no rule for HMC's ε: no stripe rather than a made-up one.
  CHECK(slider_stability_zones("hmc", "step_size", {{"step_size", 0.1}}, std::nullopt,
                               {1e-4, 3.0, true})
            .empty());
}

TEST_CASE("stability zones: a parameter that does not set the stability gets no stripe",
          "[stability]") {
  // SGHMC at C = 60, ε = 0.1: εC = 6 > 2 is unstable whatever B̂ or V are; a red stripe under
  // them (a newcomer saw four) blamed sliders that cannot fix it. Friction's own stripe stays.
  const ParamValues full = {
      {"step_size", 0.1}, {"friction", 60.0}, {"noise_estimate", 0.2}, {"noise_var", 4.0}};
  CHECK(slider_stability_zones("sghmc", "noise_estimate", full, 8.0, {0.0, 60.0, false}).empty());
  CHECK(slider_stability_zones("sghmc", "noise_var", full, 8.0, {0.0, 16.0, false}).empty());
  CHECK_FALSE(slider_stability_zones("sghmc", "friction", full, 8.0, {0.05, 200.0, true}).empty());
}
