// Chain colours by sampler: HMC is blue, SGHMC vermillion, SGLD green, naive SGHMC purple, in
// every preset, so a class that saw "the blue chain is HMC" in one lesson does not have to relearn
// it in the next (colouring by creation order made naive SGHMC blue in one preset and purple in
// another). Colours come from the Okabe–Ito palette (distinguishable with the common
// colour-vision deficiencies). Pure arithmetic, free of ImGui, so it is unit-tested.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace sgl {

constexpr int kChainPaletteSize = 8;

// Palette entry `slot` (taken modulo the palette size), as IM_COL32 (0xAABBGGRR).
std::uint32_t chain_palette_colour(int slot);

// The palette slot a sampler's chains prefer; samplers without one of their own share the rest.
int sampler_palette_slot(const std::string& sampler_id);
// Whether the sampler has a colour of its own (unlisted ones fall back to grey).
bool sampler_has_palette_slot(const std::string& sampler_id);

struct ChainColourRequest {
  int id = 0;
  std::string sampler_id;
};

// Gives every chain in `chains` without a colour in `colours` one, leaving assigned colours as
// they are (a chain keeps its colour while others come and go). In id order, a chain gets its
// sampler's colour when no other chain has it; otherwise a palette colour that no chain has and
// that no sampler among `chains` prefers (those no common sampler prefers first); then any unused
// colour; then one by id.
void assign_chain_colours(const std::vector<ChainColourRequest>& chains,
                          std::map<int, std::uint32_t>& colours);

}  // namespace sgl
