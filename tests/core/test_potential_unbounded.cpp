// Typed potentials unbounded below are refused (issue 25): a pole that no grid node lands on
// (x^2 + 1/x, tan(x) + x^2) used to be accepted with a start at the pole, every transition
// rejected and TV 0; densities proper but too wide for the ±1e4 window are told how to proceed
// instead of being called not normalisable; proper densities with steep or narrow wells, and
// integrable singularities, are still accepted.
#include <catch2/catch.hpp>

#include <string>

#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::string refusal(const std::string& expression, ParamValues bounds = {}) {
  try {
    (void)make_target({"custom", std::move(bounds), "", "y", expression});
  } catch (const UserError& error) {
    return error.what();
  }
  return "(accepted)";
}

}  // namespace

TEST_CASE("poles where U → −∞ between grid nodes are refused like U = −∞", "[custom]") {
  for (const char* pole : {"x^2 + 1/x", "tan(x) + x^2", "x^2 - 1/(x - 0.3001)", "x^2 + 1/x + y^2",
                           "0.5*x^2 + 0.5*y^2 + tan(y)", "x^2 + 2*log(abs(x - 1.0001))"}) {
    INFO(pole);
    CHECK(refusal(pole).starts_with("potential: U → −∞ "));
    CHECK(refusal(pole).find("must be bounded below") != std::string::npos);
  }
  CHECK(refusal("x^2 + 1/x").starts_with("potential: U → −∞ near x = "));
  CHECK(refusal("x^2 - 1/x").starts_with("potential: U → −∞"));  // refused before, still
}

TEST_CASE("proper densities with steep wells or integrable singularities are accepted",
          "[custom]") {
  for (const char* proper :
       {"x^2", "1e6*(x - 0.001)^2", "1e12*(x - 0.3)^2", "0.5*log(abs(x - 0.0013)) + x^2", "x^4 - 2*x^2",
        "1/x^2 + x^2", "0.5*x^2 + 2*(y - 0.5*x^2)^2", "x - 2*log(x)"}) {
    INFO(proper);
    CHECK(refusal(proper) == "(accepted)");
  }
}

TEST_CASE("a proper but wide density is told the window is too small, not 'not normalisable'",
          "[custom]") {
  for (const char* wide : {"1e-8*x^2", "log(1 + x^2)", "1e-8*x^2 + y^2"}) {
    INFO(wide);
    const std::string message = refusal(wide);
    CHECK(message.starts_with(
        "potential: the density does not fall off within the ±1e4 search window"));
    CHECK(message.find("not normalisable") == std::string::npos);
    CHECK(message.find("rescale x") != std::string::npos);
  }
  // Flat or growing toward the edge: still not normalisable.
  CHECK(refusal("-x^2").starts_with("potential: not normalisable"));
  CHECK(refusal("3").starts_with("potential: not normalisable"));
}
