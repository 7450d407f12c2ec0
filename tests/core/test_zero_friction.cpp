// Issue 24's slider findings, 3: SGHMC's friction can be set to 0 from its slider, and then the
// hint under it and the output kind say in plain words that there is no friction.
#include <catch2/catch.hpp>

#include "core/run/output_kind.hpp"
#include "core/samplers/stability_limits.hpp"

using namespace sgl;

TEST_CASE("SGHMC friction: the slider's left end is C = 0", "[stability]") {
  const ParamValues sghmc{{"step_size", 0.1}, {"friction", 1.0}, {"noise_estimate", 0.0}};
  const auto range = derived_slider_range("sghmc", "friction", sghmc, 8.0);
  REQUIRE(range);
  CHECK(range->zero_at_bottom);
  CHECK(range->lo > 0.0);  // a log slider: 0 is its left end, not a point of its scale
  // The range still derives from the other values when C is 0.
  const auto at_zero = derived_slider_range("sghmc", "friction", {{"step_size", 0.1}}, 8.0);
  REQUIRE(at_zero);
  CHECK(at_zero->zero_at_bottom);
  CHECK(at_zero->hi == Approx(60.0));
  // Other sliders keep their own left ends.
  CHECK(!derived_slider_range("sghmc", "step_size", sghmc, 8.0)->zero_at_bottom);
  // With a noise estimate B̂ > 0 the left end is C = 0 too: B̂ follows C down (it stopped at
  // C = B̂, and "turn the friction off" needed B̂ lowered first).
  const auto with_estimate = derived_slider_range(
      "sghmc", "friction", {{"step_size", 0.1}, {"friction", 1.0}, {"noise_estimate", 0.2}}, 8.0);
  REQUIRE(with_estimate);
  CHECK(with_estimate->zero_at_bottom);
  ParamValues dragged{{"step_size", 0.1}, {"friction", 0.05}, {"noise_estimate", 0.2}};
  CHECK(lower_noise_estimate_to_friction(dragged).value_or(-1.0) == Approx(0.05));
  CHECK(dragged.at("noise_estimate") == 0.05);
  ParamValues at_zero_friction{{"friction", 0.0}, {"noise_estimate", 0.2}};
  CHECK(lower_noise_estimate_to_friction(at_zero_friction).value_or(-1.0) == Approx(0.0));
  ParamValues above{{"friction", 1.0}, {"noise_estimate", 0.2}};
  CHECK(!lower_noise_estimate_to_friction(above));  // B̂ ≤ C already: untouched
  CHECK(above.at("noise_estimate") == 0.2);
}

TEST_CASE("SGHMC with C = 0 says there is no friction, in words", "[stability]") {
  const ParamValues no_friction{{"step_size", 0.1}, {"friction", 0.0}, {"noise_estimate", 0.0}};
  const auto hints = stability_hints("sghmc", no_friction, 8.0);
  REQUIRE(!hints.empty());
  CHECK(hints.front().text.find("no friction") != std::string::npos);
  CHECK(hints.front().level == StabilityLevel::Unstable);  // never a green "εC = 0"
  for (const StabilityHint& hint : hints) CHECK(hint.text.find("εC = 0 ") == std::string::npos);
  // With friction the εC hint is as before.
  const auto with_friction =
      stability_hints("sghmc", {{"step_size", 0.1}, {"friction", 1.0}}, std::nullopt);
  REQUIRE(with_friction.size() == 1);
  CHECK(with_friction.front().text == "εC = 0.1 (limit 2)");

  CHECK(sampler_output_kind("sghmc", no_friction) == OutputKind::Biased);
  CHECK(sampler_output_kind("sghmc", {{"step_size", 0.1}, {"friction", 1.0}}) ==
        OutputKind::Asymptotic);
  OutputFacts facts;
  facts.sampler_id = "sghmc";
  facts.kind = sampler_output_kind("sghmc", no_friction);
  const auto warnings = output_warnings(facts);
  REQUIRE(!warnings.empty());
  CHECK(warnings.front().find("has no friction") != std::string::npos);
}
