// A complete description of a run: target, chains with their samplers and parameters, lengths,
// seed and start. The CLI builds one from its flags and a scenario file is one (Scenario extends
// it with its presentation and experiments), so one seed and one spec give the same draws
// everywhere; the GUI's live engine starts from the same chain descriptions (ChainSpec).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/run/chain_spec.hpp"
#include "core/targets/target_registry.hpp"

namespace sgl {

struct RunSpec {
  TargetSpec target{};
  // One entry per `--sampler` (or scenario chain), each run as chains_per_sampler chains; entry
  // s's chain c draws from chain_seed(seed, s, c).
  std::vector<ChainSpec> chains{};
  int chains_per_sampler = 1;  // `run --chains`; scenarios run one chain per entry
  std::uint64_t steps = 1000;  // steps per chain after burn-in
  std::uint64_t burnin = 0;
  std::uint64_t thin = 1;
  std::uint64_t seed = 1;
  std::vector<double> init{};  // empty: the target's default starting point
  // Regression targets: start every chain at the posterior mode (`--init map`; excludes init).
  bool init_at_map = false;
};

// The seed of chain `chain` of the sampler at position `sampler_position` in the spec.
std::uint64_t chain_seed(std::uint64_t run_seed, std::size_t sampler_position, int chain);

}  // namespace sgl
