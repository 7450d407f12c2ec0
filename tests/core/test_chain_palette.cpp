// Chain colours by sampler: a sampler's first chain has the same colour in every preset (naive
// SGHMC was blue in teach-friction and purple in default when colours followed chain order),
// and the chains of one preset never share a colour.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "app/scenario/assets.hpp"
#include "core/plot/chain_palette.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

TEST_CASE("chain palette: a sampler keeps its colour in every preset", "[chain_palette]") {
  std::map<std::string, std::uint32_t> colour_of_sampler;
  for (const std::string& name : preset_names()) {
    const Scenario scenario = load_scenario(name);
    std::vector<ChainColourRequest> chains;
    for (std::size_t k = 0; k < scenario.chains.size(); ++k)
      chains.push_back({static_cast<int>(k), scenario.chains[k].sampler_id});
    std::map<int, std::uint32_t> colours;
    assign_chain_colours(chains, colours);
    INFO("preset " << name);
    REQUIRE(colours.size() == chains.size());
    std::set<std::uint32_t> distinct;
    for (const auto& [id, colour] : colours) distinct.insert(colour);
    CHECK(distinct.size() == colours.size());
    std::set<std::string> seen;
    for (const ChainColourRequest& chain : chains) {
      if (!seen.insert(chain.sampler_id).second) continue;  // a second chain: another colour
      INFO("sampler " << chain.sampler_id);
      const auto [known, fresh] = colour_of_sampler.emplace(chain.sampler_id, colours[chain.id]);
      CHECK(known->second == colours[chain.id]);
      (void)fresh;
    }
  }
  CHECK(colour_of_sampler.at("hmc") == chain_palette_colour(0));
  CHECK(colour_of_sampler.at("naive-sghmc") != colour_of_sampler.at("hmc"));
}

TEST_CASE("chain palette: every registered sampler has a colour of its own choosing",
          "[chain_palette]") {
  // Unlisted samplers fell back to grey, the faintest colour (the new baselines did).
  for (const SamplerInfo& info : sampler_catalogue()) {
    INFO("sampler " << info.id);
    CHECK(sampler_has_palette_slot(info.id));
  }
}

TEST_CASE("chain palette: given colours stay, a second chain of a sampler gets a free one",
          "[chain_palette]") {
  std::map<int, std::uint32_t> colours;
  assign_chain_colours({{0, "sgld"}, {1, "sgld"}, {2, "hmc"}}, colours);
  CHECK(colours.at(0) == chain_palette_colour(sampler_palette_slot("sgld")));
  CHECK(colours.at(2) == chain_palette_colour(sampler_palette_slot("hmc")));
  CHECK(colours.at(1) != colours.at(0));
  CHECK(colours.at(1) != colours.at(2));
  // Removing HMC and adding SGHMC leaves the SGLD chains' colours alone.
  const std::map<int, std::uint32_t> before = colours;
  colours.erase(2);
  assign_chain_colours({{0, "sgld"}, {1, "sgld"}, {3, "sghmc"}}, colours);
  CHECK(colours.at(0) == before.at(0));
  CHECK(colours.at(1) == before.at(1));
  CHECK(colours.at(3) == chain_palette_colour(sampler_palette_slot("sghmc")));

  // chen-fig1: HMC ± MH, naive SGHMC ± MH and SGHMC. No second chain takes the darkest or the
  // faintest colour while lighter ones are free.
  colours.clear();
  assign_chain_colours(
      {{0, "hmc"}, {1, "hmc"}, {2, "naive-sghmc"}, {3, "naive-sghmc"}, {4, "sghmc"}}, colours);
  std::set<std::uint32_t> distinct;
  for (const auto& [id, colour] : colours) {
    CHECK(colour != chain_palette_colour(6));  // purple
    CHECK(colour != chain_palette_colour(7));  // grey
    distinct.insert(colour);
  }
  CHECK(distinct.size() == 5);
}

TEST_CASE("no chain colour is near the black of the truth curves", "[core]") {
  // SGD-momentum's near-black beside the black truth curve could not be told apart (newcomer run
  // 10): every palette colour is at least 80 (of 255) from black in its brightest channel.
  for (int slot = 0; slot < kChainPaletteSize; ++slot) {
    const std::uint32_t colour = chain_palette_colour(slot);
    const std::uint32_t brightest =
        std::max({colour & 0xFFu, (colour >> 8) & 0xFFu, (colour >> 16) & 0xFFu});
    CHECK(brightest >= 80);
  }
}

}  // namespace sgl
