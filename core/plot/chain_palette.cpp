#include "core/plot/chain_palette.hpp"

#include <algorithm>
#include <array>
#include <set>

#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

constexpr std::uint32_t rgb(std::uint32_t r, std::uint32_t g, std::uint32_t b) {
  return 0xFF000000u | (b << 16) | (g << 8) | r;
}

// Ordered so that the first four read well on white and on a projector.
constexpr std::array<std::uint32_t, kChainPaletteSize> kPalette = {
    rgb(0x00, 0x72, 0xB2),  // blue
    rgb(0xD5, 0x5E, 0x00),  // vermillion
    rgb(0x00, 0x9E, 0x73),  // bluish green
    rgb(0xCC, 0x79, 0xA7),  // reddish purple
    rgb(0xE6, 0x9F, 0x00),  // orange
    rgb(0x56, 0xB4, 0xE9),  // sky blue
    rgb(0x6A, 0x3D, 0x9A),  // purple (near black was lost beside the black truth curves)
    rgb(0x99, 0x99, 0x99),  // grey
};

// A second chain of a sampler: first the colours few samplers prefer (sky blue, orange), so
// adding SGHMC later still finds vermillion free; purple and grey, the darkest and the faintest,
// last.
constexpr std::array<int, kChainPaletteSize> kSecondChoices = {5, 4, 2, 3, 1, 0, 6, 7};

}  // namespace

std::uint32_t chain_palette_colour(int slot) {
  const int size = kChainPaletteSize;
  return kPalette[static_cast<std::size_t>(((slot % size) + size) % size)];
}

// Each sampler declares its slot in its own file (SamplerTraits::palette_slot), chosen so that no
// two samplers a preset puts side by side share one (hmcecs-logistic has seven).
bool sampler_has_palette_slot(const std::string& sampler_id) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  return info != nullptr && info->traits.palette_slot >= 0 &&
         info->traits.palette_slot < kChainPaletteSize;
}

int sampler_palette_slot(const std::string& sampler_id) {
  return sampler_has_palette_slot(sampler_id) ? find_sampler_info(sampler_id)->traits.palette_slot
                                              : kChainPaletteSize - 1;
}

void assign_chain_colours(const std::vector<ChainColourRequest>& chains,
                          std::map<int, std::uint32_t>& colours) {
  std::vector<const ChainColourRequest*> pending;
  for (const ChainColourRequest& chain : chains)
    if (!colours.contains(chain.id)) pending.push_back(&chain);
  if (pending.empty()) return;
  std::sort(pending.begin(), pending.end(),
            [](const auto* a, const auto* b) { return a->id < b->id; });
  std::set<std::uint32_t> used;
  for (const auto& [id, colour] : colours) used.insert(colour);
  std::set<std::uint32_t> preferred;
  for (const ChainColourRequest& chain : chains)
    preferred.insert(chain_palette_colour(sampler_palette_slot(chain.sampler_id)));

  std::vector<const ChainColourRequest*> second_choice;
  for (const ChainColourRequest* chain : pending) {
    const std::uint32_t own = chain_palette_colour(sampler_palette_slot(chain->sampler_id));
    if (used.insert(own).second)
      colours[chain->id] = own;
    else
      second_choice.push_back(chain);
  }
  for (const ChainColourRequest* chain : second_choice) {
    std::uint32_t chosen = chain_palette_colour(chain->id);
    bool found = false;
    for (const bool avoid_preferred : {true, false}) {
      for (const int slot : kSecondChoices) {
        if (found) break;
        const std::uint32_t colour = chain_palette_colour(slot);
        if (used.contains(colour) || (avoid_preferred && preferred.contains(colour))) continue;
        chosen = colour;
        found = true;
      }
    }
    used.insert(chosen);
    colours[chain->id] = chosen;
  }
}

}  // namespace sgl
