// Issue 24 (newcomer findings): a refusal shown in the window names the chain by its label and
// each parameter by its slider's label, never by internal ids ("sghmc: … noise_estimate").
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/refusal_text.hpp"

using namespace sgl;

namespace {

// The refusal SGHMC gives for friction C below its noise estimate B̂, as the sampler words it.
std::string sghmc_refusal(const SamplerInfo& info) {
  const auto target = make_target({"chen-doublewell", {}, "", "y"});
  const std::unique_ptr<Sampler> sampler = info.create(*target);
  const ParamValues params =
      with_defaults({{"friction", 0.1}, {"noise_estimate", 0.2}}, info.params, false);
  try {
    sampler->set_params(params);
  } catch (const UserError& error) {
    return error.what();
  }
  return {};
}

}  // namespace

TEST_CASE("A friction refusal in the window names the chain and the parameters by their labels",
          "[refusal]") {
  const SamplerInfo* info = find_sampler_info("sghmc");
  REQUIRE(info != nullptr);
  const std::string raw = sghmc_refusal(*info);
  // The command line keeps the sampler's wording (its tests expect the ids).
  REQUIRE(raw.rfind("sghmc: ", 0) == 0);
  REQUIRE(raw.find("noise_estimate") != std::string::npos);

  // The engine names the chain before the sampler's message, as the window receives it.
  const std::string shown =
      user_facing_refusal("'C = 1 (strong)': " + raw, "sghmc", "C = 1 (strong)", info->params);
  INFO(shown);
  CHECK(shown.rfind("C = 1 (strong): friction C = 0.1 is below noise estimate B̂ = 0.2", 0) == 0);
  CHECK(shown.find("sghmc") == std::string::npos);
  CHECK(shown.find("noise_estimate") == std::string::npos);
  CHECK(shown.find("B̂ B̂") == std::string::npos);
}

TEST_CASE("Refusal wording: whole words only, other text untouched", "[refusal]") {
  const std::vector<ParamDescriptor> params = {
      {"friction", "friction C", ParamKind::Real, 0.0, 1.0, 0.5, false, ""},
      {"step_size", "step size ε", ParamKind::Real, 0.0, 1.0, 0.1, false, ""}};
  CHECK(user_facing_refusal("x: friction_extra and friction = 2, step_size too large", "x",
                            "my chain", params) ==
        "my chain: friction_extra and friction C = 2, step size ε too large");
  CHECK(user_facing_refusal("friction Cx", "x", "c", params) == "friction C Cx");
  CHECK(user_facing_refusal("x: friction = 2", "x", "my chain", params) ==
        "my chain: friction C = 2");
  // A message from elsewhere (no sampler prefix) keeps its start.
  CHECK(user_facing_refusal("cannot read file.csv", "sghmc", "SGHMC", params) ==
        "cannot read file.csv");
}
