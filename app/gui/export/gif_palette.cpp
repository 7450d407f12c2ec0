#include "app/gui/export/gif_palette.hpp"

#include <algorithm>

#include "app/gui/plot/chain_colours.hpp"

namespace sgl {
namespace {

// default_chain_colour cycles through this many colours.
constexpr int kChainColourCount = 8;

}  // namespace

std::vector<PackedRgb> reserved_chain_colours() {
  std::vector<PackedRgb> colours;
  for (int chain = 0; chain < kChainColourCount; ++chain) {
    const std::uint32_t abgr = default_chain_colour(chain);  // IM_COL32 order: 0xAABBGGRR
    const PackedRgb rgb = ((abgr & 0xFF) << 16) | (abgr & 0xFF00) | ((abgr >> 16) & 0xFF);
    if (std::find(colours.begin(), colours.end(), rgb) == colours.end()) colours.push_back(rgb);
  }
  return colours;
}

}  // namespace sgl
