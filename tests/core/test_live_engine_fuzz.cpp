// "No slider combination can crash or hang the app": random commands, with parameter values drawn
// from each descriptor's whole range (ends included) and outside it (NaN, ±inf, beyond the
// ends), sent to a running engine. After each one the engine must answer (wait_until_idle
// returns: ctest's timeout catches a hang) and every published number must be well-formed.
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "core/run/live_engine.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/rng.hpp"

using namespace sgl;

namespace {

double random_value(const ParamDescriptor& descriptor, Rng& rng) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  switch (rng.uniform_index(8)) {
    case 0:
      return descriptor.min;
    case 1:
      return descriptor.max;
    case 2:
      return nan;
    case 3:
      return rng.uniform() < 0.5 ? inf : -inf;
    case 4:
      return descriptor.max * 10 + 1;  // beyond the range
    default: {
      if (descriptor.log_scale && descriptor.min > 0)
        return descriptor.min * std::pow(descriptor.max / descriptor.min, rng.uniform());
      const double value = descriptor.min + (descriptor.max - descriptor.min) * rng.uniform();
      return descriptor.kind == ParamKind::Real ? value : std::round(value);
    }
  }
}

}  // namespace

TEST_CASE("random slider settings never crash or hang the engine", "[engine][fuzz]") {
  LiveSetup setup;
  setup.target = {"chen-doublewell", {}, "", "y"};
  setup.chains = {
      {"hmc", {}, true}, {"naive-sghmc", {}, true}, {"sghmc", {}, true}, {"sgld", {}, true}};
  setup.draw_capacity = 4096;
  LiveEngine engine(setup);
  Rng rng(2024);
  const std::vector<std::string> targets = {"chen-doublewell", "gauss2d",  "funnel",    "donut",
                                            "linear",          "logistic", "ewsg-gauss"};
  for (int command = 0; command < 150; ++command) {
    const auto snapshot = engine.snapshot();
    const std::size_t kind = rng.uniform_index(10);
    if (kind == 0) {
      // A smaller synthetic data set keeps each step cheap when a slider asks for huge work.
      TargetSpec target{targets[rng.uniform_index(targets.size())], {}, "", "y"};
      if (target.id == "linear" || target.id == "logistic") target.params = {{"n", 200}};
      engine.set_target(target);
    } else if (kind == 1 && snapshot->chains.size() < 6) {
      const auto& catalogue = sampler_catalogue();
      engine.add_chain({catalogue[rng.uniform_index(catalogue.size())].id, {}, true});
    } else if (kind == 2 && snapshot->chains.size() > 1) {
      engine.remove_chain(snapshot->chains[rng.uniform_index(snapshot->chains.size())].id);
    } else if (kind == 3) {
      engine.set_speed(rng.uniform() < 0.5 ? 0.0 : 1e6 * rng.uniform());
    } else if (!snapshot->chains.empty()) {
      const ChainSnapshot& chain = snapshot->chains[rng.uniform_index(snapshot->chains.size())];
      const SamplerInfo* info = find_sampler_info(chain.sampler_id);
      REQUIRE(info != nullptr);
      ParamValues params = chain.params;
      const ParamDescriptor& descriptor = info->params[rng.uniform_index(info->params.size())];
      params[descriptor.name] = random_value(descriptor, rng);
      if (rng.uniform() < 0.1) engine.reset_chain(chain.id);
      engine.set_chain_params(chain.id, params);
    }
    engine.wait_until_idle();
    const auto after = engine.snapshot();
    REQUIRE(after->target != nullptr);
    for (const ChainSnapshot& chain : after->chains) {
      // Draws published to the UI are finite: divergences stop a chain instead of passing NaN on.
      for (double value : chain.recent_theta) REQUIRE(std::isfinite(value));
      if (chain.stopped) REQUIRE(!chain.stop_reason.empty());
    }
  }
}
