// The target view's framing box (targets/framing_box): it holds nearly all of the mass and has
// no empty bands, for every 2-D target with a truth grid. Mass is measured on the truth grid.
#include <string>
#include <vector>

#include <catch2/catch.hpp>

#include "core/plot/framing_box.hpp"
#include "core/targets/target_registry.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {
namespace {

std::shared_ptr<const Target> target_named(const std::string& id, ParamValues params = {}) {
  TargetSpec spec;
  spec.id = id;
  spec.params = std::move(params);
  return make_target(spec);
}

struct Case {
  std::string id;
  ParamValues params;
  // Well-separated modes leave a gap between them that no box can avoid: only the bands at the
  // box's edges (the framing's own doing) are checked then.
  bool gap_between_modes = false;
};

}  // namespace

TEST_CASE("the framing box holds the mass without empty bands", "[targets]") {
  const std::vector<Case> cases{{"gauss2d", {}},
                                {"gauss2d", {{"rho", 0.99}}},
                                {"banana", {}},
                                {"banana", {{"b", 1.0}}},
                                {"funnel", {}},
                                {"mixture", {}},
                                {"mixture", {{"separation", 12.0}, {"sd", 0.5}}, true},
                                {"donut", {}},
                                {"ewsg-gauss", {}}};
  for (const Case& c : cases) {
    const auto target = target_named(c.id, c.params);
    const TruthGrid* truth = target->truth();
    REQUIRE(truth != nullptr);
    const std::vector<Interval> box = mass_framing_box(*target);
    REQUIRE(box.size() == 2);
    INFO(c.id << ": box [" << box[0].lo << ", " << box[0].hi << "] × [" << box[1].lo << ", "
              << box[1].hi << "]");
    CHECK(truth->rectangle_mass(box[0].lo, box[0].hi, box[1].lo, box[1].hi) >= 0.99);
    // Any band a quarter of the box wide (or high) holds at least 0.1% of the mass.
    constexpr int kOffsets = 40;
    for (int axis = 0; axis < 2; ++axis) {
      const Interval& along = box[static_cast<std::size_t>(axis)];
      const double band = 0.25 * (along.hi - along.lo);
      for (int k = 0; k <= kOffsets; ++k) {
        if (c.gap_between_modes && k != 0 && k != kOffsets) continue;
        const double a = along.lo + (along.hi - along.lo - band) * k / kOffsets;
        const double mass = axis == 0 ? truth->rectangle_mass(a, a + band, box[1].lo, box[1].hi)
                                      : truth->rectangle_mass(box[0].lo, box[0].hi, a, a + band);
        INFO("axis " << axis << " band [" << a << ", " << a + band << "]");
        CHECK(mass >= 0.001);
      }
    }
  }
}

TEST_CASE("equal aspect is preferred only for isotropic framings", "[targets]") {
  CHECK(prefers_equal_aspect(mass_framing_box(*target_named("gauss2d"))));
  CHECK(prefers_equal_aspect(mass_framing_box(*target_named("donut"))));
  CHECK(!prefers_equal_aspect(mass_framing_box(*target_named("funnel"))));
  CHECK(!prefers_equal_aspect({{0.0, 1.0}, {0.0, 2.5}}));
  CHECK(prefers_equal_aspect({{0.0, 1.0}, {0.0, 1.9}}));
}

TEST_CASE("equal aspect is off where it would leave most of the panel empty", "[targets]") {
  // A square box (the rho = 0.99 ridge is framed square) in a 540x170 dashboard tile would fill
  // a third of its width; in a lecture-sized 900x800 panel it fills most of it.
  const std::vector<Interval> square = {{-3.0, 3.0}, {-3.0, 3.0}};
  CHECK(!prefers_equal_aspect(square, 2.0, 540.0 / 170.0));
  CHECK(prefers_equal_aspect(square, 2.0, 900.0 / 800.0));
  CHECK(!prefers_equal_aspect(square, 2.0, 1.0 / 3.0));
  // An unknown panel size keeps the box-only rule.
  CHECK(prefers_equal_aspect(square, 2.0, 0.0));
  // A box twice as wide as high suits a wide panel.
  CHECK(prefers_equal_aspect({{0.0, 2.0}, {0.0, 1.0}}, 2.0, 3.5));
}

}  // namespace sgl
