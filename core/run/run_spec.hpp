// A complete description of a run: target, samplers with parameters, chain counts, lengths and
// seed. The CLI builds one from its flags; the GUI and scenario files build the same structure,
// so one seed and one spec give the same draws everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/targets/target_registry.hpp"

namespace sgl {

struct SamplerSpec {
  std::string id;
  ParamValues params;  // as given by the user (defaults are filled in when the chain is built)
};

struct RunSpec {
  TargetSpec target;
  std::vector<SamplerSpec> samplers;
  int chains_per_sampler = 1;
  std::uint64_t steps = 1000;  // steps per chain after burn-in
  std::uint64_t burnin = 0;
  std::uint64_t thin = 1;
  std::uint64_t seed = 1;
  std::vector<double> init;  // empty: the target's default starting point
  // Regression targets: start every chain at the posterior mode (`--init map`; excludes init).
  bool init_at_map = false;
};

// Parses "sghmc:step_size=0.1,friction=1" (validation against the target happens later).
SamplerSpec parse_sampler_spec(const std::string& text);

// The seed of chain `chain` of the sampler at position `sampler_position` in the spec.
std::uint64_t chain_seed(std::uint64_t run_seed, std::size_t sampler_position, int chain);

}  // namespace sgl
