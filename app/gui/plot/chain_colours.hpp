// Chain colours: by sampler (core/plot/chain_palette.hpp), from the Okabe–Ito palette.
#pragma once

#include <cstdint>
#include <map>

#include "core/run/engine_snapshot.hpp"

namespace sgl {

// RGBA as ImGui's IM_COL32 (0xAABBGGRR): palette entry by id, for a chain not yet assigned one
// (every colour a chain can have is one of these, which the GIF palette reserves).
std::uint32_t default_chain_colour(int chain_id);

// Colours for the snapshot's chains that have none yet (see assign_chain_colours in
// chain_palette.hpp): each sampler keeps its colour across presets.
void assign_chain_colours(const EngineSnapshot& snapshot, std::map<int, std::uint32_t>& colours);

}  // namespace sgl
