#include "app/gui/plot/chain_colours.hpp"

#include <array>

namespace sgl {
namespace {

constexpr std::uint32_t rgb(std::uint32_t r, std::uint32_t g, std::uint32_t b) {
  return 0xFF000000u | (b << 16) | (g << 8) | r;
}

constexpr std::array<std::uint32_t, 8> kPalette = {
    rgb(0x00, 0x72, 0xB2),  // blue
    rgb(0xD5, 0x5E, 0x00),  // vermillion
    rgb(0x00, 0x9E, 0x73),  // bluish green
    rgb(0xCC, 0x79, 0xA7),  // reddish purple
    rgb(0xE6, 0x9F, 0x00),  // orange
    rgb(0x56, 0xB4, 0xE9),  // sky blue
    rgb(0x33, 0x33, 0x33),  // near black
    rgb(0x99, 0x99, 0x99),  // grey
};

}  // namespace

std::uint32_t default_chain_colour(int chain_id) {
  const auto index = static_cast<std::size_t>(chain_id < 0 ? 0 : chain_id) % kPalette.size();
  return kPalette[index];
}

}  // namespace sgl
