// The typed-potential target: its window found from the potential, its truth grid, the refusal
// of densities that cannot be normalised, bounds given by hand, and NaN U at a proposal.
#include <catch2/catch.hpp>
#include <cmath>
#include <numbers>

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "app/scenario/scenario.hpp"
#include "core/run/chain.hpp"
#include "core/targets/custom_target.hpp"
#include "core/targets/target_registry.hpp"
#include "core/targets/truth_grid.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::shared_ptr<const Target> custom(const std::string& expression, ParamValues bounds = {}) {
  return make_target({"custom", std::move(bounds), "", "y", expression});
}

std::string refusal(const std::string& expression, ParamValues bounds = {}) {
  try {
    (void)custom(expression, std::move(bounds));
  } catch (const UserError& error) {
    return error.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("a typed standard normal: window, truth and start point", "[custom]") {
  const auto target = custom("0.5*x^2");
  REQUIRE(target->dim() == 1);
  CHECK(target->id() == "custom");
  CHECK(target->coordinate_names() == std::vector<std::string>{"x"});
  const Interval box = target->view_box()[0];
  // The central 1 − 2·10⁻⁷ (±5.3σ) plus a little padding.
  CHECK(box.lo == Approx(-box.hi).margin(0.05));
  CHECK(box.hi > 5.2);
  CHECK(box.hi < 7.0);
  const TruthGrid* truth = target->truth();
  REQUIRE(truth != nullptr);
  CHECK(truth->marginal_mass(0, -1.0, 1.0) == Approx(std::erf(1 / std::sqrt(2.0))).epsilon(1e-5));
  CHECK(truth->inside_mass() > 1 - 1e-6);
  CHECK(target->default_init()[0] == 0.0);
}

TEST_CASE("a typed potential equals the built-in one: gauss2d (rho = 0) and the banana",
          "[custom]") {
  const auto typed = custom("0.5*x^2 + 0.5*y^2");
  const auto builtin = make_target({"gauss2d", {{"rho", 0.0}}, "", "y"});
  const double points[][2] = {{0.3, -1.2}, {2.0, 0.5}, {-3.0, 3.0}};
  for (const auto& p : points) {
    CHECK(typed->potential(p) == Approx(builtin->potential(p)));
    double g1[2], g2[2];
    typed->gradient(p, g1);
    builtin->gradient(p, g2);
    CHECK(g1[0] == Approx(g2[0]));
    CHECK(g1[1] == Approx(g2[1]));
  }
  // The rotated banana: y | x ~ N(x²/2, 1/4), so P(y < x²/2) = ½ for every x.
  const auto banana = custom("0.5*x^2 + 2*(y - 0.5*x^2)^2");
  REQUIRE(banana->dim() == 2);
  const TruthGrid* truth = banana->truth();
  CHECK(truth->marginal_mass(0, -1.0, 1.0) == Approx(std::erf(1 / std::sqrt(2.0))).epsilon(2e-3));
  const auto box = banana->view_box();
  CHECK(box[1].hi > 0.5 * 5.0 * 5.0);  // holds the ridge out to |x| ≈ 5
  CHECK(box[1].lo < -1.5);
}

TEST_CASE("a potential without a gradient at the origin starts on its ridge", "[custom]") {
  // A ring of radius 2: U is finite at the origin (16) but its gradient is 0/0 there; every
  // chain started there stopped at its first step (newcomer run 8).
  const auto ring = custom("4*(sqrt(x^2+y^2)-2)^2");
  const Vec start = ring->default_init();
  INFO("start (" << start[0] << ", " << start[1] << ")");
  CHECK(std::hypot(start[0], start[1]) == Approx(2.0).margin(0.2));
  Vec grad(2);
  ring->gradient(start.data(), grad.data());
  CHECK(std::isfinite(grad[0]));
  CHECK(std::isfinite(grad[1]));
  Chain chain(ring, "hmc", {}, 1, start, 0, 1);
  chain.run(500);
  CHECK(!chain.stopped());
  // A smooth ring keeps the origin, as the built-in targets do.
  CHECK(custom("(x^2+y^2-4)^2")->default_init().isZero());
}

TEST_CASE("a potential that is undefined at the origin starts at its mode", "[custom]") {
  // Gamma(3, 1): U = x − 2 log x on x > 0, NaN below; the mode is at x = 2.
  const auto gamma = custom("x - 2*log(x)");
  CHECK(gamma->default_init()[0] == Approx(2.0).margin(0.05));
  CHECK(gamma->view_box()[0].lo >= -0.1);
  CHECK(gamma->truth()->marginal_mass(0, 0.0, 2.0) ==
        Approx(1 - 5 * std::exp(-2.0)).epsilon(1e-3));  // P(Gamma(3) < 2)
}

TEST_CASE("densities that cannot be normalised are refused with one line", "[custom]") {
  CHECK(
      refusal("-x^2").starts_with("potential: not normalisable: the density does not fall off "
                                  "toward x = "));
  CHECK(refusal("0.1*x").starts_with("potential: not normalisable"));
  CHECK(refusal("x^2").find("(accepted)") == 0);
  CHECK(
      refusal("y^2").starts_with("potential: not normalisable: the density does not fall off "
                                 "toward x"));
  CHECK(refusal("3").starts_with("potential: not normalisable"));
  CHECK(refusal("log(abs(x)) + x^2").starts_with("potential: U → −∞ at x = 0"));
  CHECK(refusal("sqrt(-1 - x^2)").starts_with("potential: U is infinite or undefined everywhere"));
  CHECK(refusal("0.5*x^2", {{"ymin", -1}}) ==
        "target 'custom': ymin applies to 2-D potentials; this one uses x only");
  CHECK(refusal("0.5*x^2", {{"xmin", 2}, {"xmax", 1}}) == "potential: xmin must be below xmax");
  CHECK(refusal("(x") == "potential, column 3: expected ')', got the end");
  CHECK(refusal("") == "target 'custom' needs a potential, e.g. --potential '0.5*x^2 + 0.5*y^2'");
  CHECK_THROWS_AS(make_target({"gauss2d", {}, "", "y", "x^2"}), UserError);
}

TEST_CASE("bounds given by hand fix the window's sides", "[custom]") {
  // A flat density on [0, 2] × [-1, 1]: not normalisable without the bounds, uniform with them.
  const auto flat = custom("0*x + 0*y", {{"xmin", 0}, {"xmax", 2}, {"ymin", -1}, {"ymax", 1}});
  const auto box = flat->view_box();
  CHECK(box[0].lo == 0.0);
  CHECK(box[0].hi == 2.0);
  CHECK(flat->truth()->marginal_mass(0, 0.0, 0.5) == Approx(0.25));
  // One side fixed, the other found: a half-normal.
  const auto half = custom("0.5*x^2", {{"xmin", 0}});
  CHECK(half->view_box()[0].lo == 0.0);
  CHECK(half->view_box()[0].hi > 5.0);
}

TEST_CASE("NaN U at a proposed point is a divergence for that chain, not a crash", "[custom]") {
  // Gamma(3, 1) with a step that throws SGLD and HMC across x = 0, where log x is NaN.
  const auto gamma = custom("x - 2*log(x)");
  for (const char* sampler : {"hmc", "sgld", "sghmc"}) {
    INFO(sampler);
    Chain chain(gamma, sampler, {{"step_size", 3.0}}, 5, gamma->default_init(), 0, 1);
    chain.run(300);
    CHECK(chain.counters().divergences > 0);
    for (std::size_t i = 0; i < chain.draws().size(); ++i)
      REQUIRE(std::isfinite(chain.draws().theta(i, 0)));
  }
}

TEST_CASE("scenario and session files store the expression", "[custom][scenario]") {
  const Scenario preset = load_scenario("teach-your-own");
  CHECK(preset.target.id == "custom");
  CHECK(preset.target.potential == "0.5*x^2 + 2*(y - 0.5*x^2)^2");
  const Scenario again = parse_scenario(scenario_to_json(preset), "again.json");
  CHECK(again.target.potential == preset.target.potential);
  const auto message = [](const std::string& target) {
    try {
      (void)parse_scenario(
          R"({"name": "x", "target": )" + target + R"(, "chains": [{"sampler": "hmc"}]})",
          "s.json");
    } catch (const UserError& error) {
      return std::string(error.what());
    }
    return std::string("(accepted)");
  };
  CHECK(message(R"({"id": "custom"})") ==
        "s.json.target.potential: target 'custom' needs its expression, e.g. \"0.5*x^2 + "
        "0.5*y^2\"");
  CHECK(message(R"({"id": "gauss2d", "potential": "x^2"})") ==
        "s.json.target.potential: only target 'custom' takes a potential");
  CHECK(message(R"({"id": "custom", "potential": 3})").starts_with("s.json.target.potential"));
  CHECK(message(R"({"id": "custom", "potential": "x^2", "params": {"xmin": -3}})") == "(accepted)");
}

TEST_CASE("a session on a typed target saves the expression and replays the same draws",
          "[custom][scenario]") {
  const Scenario base = load_scenario("teach-your-own");
  LiveSetup setup = live_setup_from_scenario(base);
  setup.running = false;
  setup.draw_capacity = 4096;
  LiveEngine original(setup);
  const std::string typed = "x^4 - 2*x^2 + 0.5*y^2";
  original.set_target({"custom", {}, "", "y", typed});  // as the window's box does
  for (int i = 0; i < 50; ++i) original.step_once();
  original.wait_until_idle();
  const std::string text = scenario_to_json(scenario_with_session(base, original.session_state()));
  const Scenario reopened = parse_scenario(text, "session.json");
  CHECK(reopened.target.potential == typed);

  LiveSetup replay_setup = live_setup_from_scenario(reopened);
  replay_setup.draw_capacity = 4096;
  LiveEngine replayed(replay_setup);
  replayed.wait_until_idle();
  for (int id : {0, 2}) {
    INFO("chain " << id);
    const auto a = original.copy_draws(id);
    const auto b = replayed.copy_draws(id);
    REQUIRE(a);
    REQUIRE(b);
    REQUIRE(a->size() == 50);
    REQUIRE(b->size() == 50);
    for (std::size_t i = 0; i < a->size(); ++i) REQUIRE(a->theta(i, 0) == b->theta(i, 0));
  }
}

TEST_CASE("the noisy-gradient model applies to typed targets: draw for draw the built-in's",
          "[custom]") {
  // ∇U of the typed 0.5*x^2 + 0.5*y^2 is (x, y) exactly, as gauss2d's with rho = 0, so SGHMC
  // and SGLD with gradient noise draw the same θ from the same seed.
  const auto typed = custom("0.5*x^2 + 0.5*y^2");
  const auto builtin = make_target({"gauss2d", {{"rho", 0.0}}, "", "y"});
  for (const char* sampler : {"sghmc", "sgld"}) {
    INFO(sampler);
    const ParamValues params = {{"noise_var", 4}, {"step_size", 0.05}};
    Chain a(typed, sampler, params, 9, Vec::Zero(2), 0, 1);
    Chain b(builtin, sampler, params, 9, Vec::Zero(2), 0, 1);
    a.run(2000);
    b.run(2000);
    REQUIRE(a.draws().size() == b.draws().size());
    for (std::size_t i = 0; i < a.draws().size(); ++i) {
      REQUIRE(a.draws().theta(i, 0) == b.draws().theta(i, 0));
      REQUIRE(a.draws().theta(i, 1) == b.draws().theta(i, 1));
    }
    // And the noise is there: without it the draws differ.
    Chain quiet(typed, sampler, {{"noise_var", 0}, {"step_size", 0.05}}, 9, Vec::Zero(2), 0, 1);
    quiet.run(2000);
    CHECK(quiet.draws().theta(1999, 0) != a.draws().theta(1999, 0));
  }
}
