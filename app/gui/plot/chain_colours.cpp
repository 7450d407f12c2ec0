#include "app/gui/plot/chain_colours.hpp"

#include "core/plot/chain_palette.hpp"

namespace sgl {

std::uint32_t default_chain_colour(int chain_id) {
  return chain_palette_colour(chain_id < 0 ? 0 : chain_id);
}

void assign_chain_colours(const EngineSnapshot& snapshot, std::map<int, std::uint32_t>& colours) {
  std::vector<ChainColourRequest> chains;
  for (const ChainSnapshot& chain : snapshot.chains) chains.push_back({chain.id, chain.sampler_id});
  assign_chain_colours(chains, colours);
}

}  // namespace sgl
