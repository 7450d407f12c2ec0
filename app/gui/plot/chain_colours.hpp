// Chain colours: the Okabe–Ito palette (distinguishable with the common colour-vision
// deficiencies), ordered so that the first four read well on white and on a projector.
#pragma once

#include <cstdint>

namespace sgl {

// RGBA as ImGui's IM_COL32 (0xAABBGGRR).
std::uint32_t default_chain_colour(int chain_id);

}  // namespace sgl
