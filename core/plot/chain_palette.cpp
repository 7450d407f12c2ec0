#include "core/plot/chain_palette.hpp"

#include <algorithm>
#include <array>
#include <set>

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
    rgb(0x33, 0x33, 0x33),  // near black
    rgb(0x99, 0x99, 0x99),  // grey
};

// No two samplers that a preset puts side by side share a slot (hmcecs-logistic has seven).
const std::map<std::string, int>& preferred_slots() {
  static const std::map<std::string, int> slots = {
      {"hmc", 0},
      {"sghmc", 1},
      {"sgld", 2},
      {"naive-sghmc", 3},
      {"sghmc-cv", 3},
      {"ewsg", 4},
      {"sgld-cv", 4},
      {"hmcecs", 5},
      {"hmcecs-signed", 6},
      {"dais", 5},
      {"ns-dais", 6},
      {"sl-dais", 7},
      {"sgd-momentum", 6},
      {"sghmc-sgd", 7},
      // The baselines (nuts-vs-hmc: NUTS beside HMC; cyclical-modes: cSGLD, cSGHMC, SGLD).
      {"nuts", 4},
      {"mala", 3},
      {"rwm", 6},
      {"sgnht", 5},
      {"psgld", 4},
      {"svrg-ld", 3},
      {"csgld", 4},
      {"csghmc", 5},
  };
  return slots;
}

// A second chain of a sampler: first the colours no common sampler prefers (sky blue, near
// black), so adding SGHMC later still finds vermillion free; grey, the faintest, last.
constexpr std::array<int, kChainPaletteSize> kSecondChoices = {5, 6, 4, 3, 2, 1, 0, 7};

}  // namespace

std::uint32_t chain_palette_colour(int slot) {
  const int size = kChainPaletteSize;
  return kPalette[static_cast<std::size_t>(((slot % size) + size) % size)];
}

bool sampler_has_palette_slot(const std::string& sampler_id) {
  return preferred_slots().contains(sampler_id);
}

int sampler_palette_slot(const std::string& sampler_id) {
  const auto found = preferred_slots().find(sampler_id);
  return found != preferred_slots().end() ? found->second : kChainPaletteSize - 1;
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
