#include "core/run/run_spec.hpp"

#include "core/util/rng.hpp"

namespace sgl {

std::uint64_t chain_seed(std::uint64_t run_seed, std::size_t sampler_position, int chain) {
  return derive_seed(run_seed, (static_cast<std::uint64_t>(sampler_position) << 32) |
                                   static_cast<std::uint64_t>(chain));
}

}  // namespace sgl
