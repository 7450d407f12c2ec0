// Info channels (core/samplers/sampler_channels.hpp): every declaration is consistent, a run
// records exactly the declared per-draw values, and the draw store keeps them per draw in a ring
// buffer as well as in an unbounded store.
#include <catch2/catch.hpp>

#include <cmath>
#include <set>

#include "core/run/chain.hpp"
#include "core/run/draw_store.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

TEST_CASE("every sampler's info channels are declared consistently", "[channels]") {
  for (const SamplerInfo& info : sampler_catalogue()) {
    INFO("sampler " << info.id);
    const std::vector<ChannelDescriptor>& channels = info.traits.channels;
    CHECK(channels.size() <= kMaxChannels);
    std::set<std::string> ids, keys, columns;
    int signs = 0;
    for (const ChannelDescriptor& channel : channels) {
      INFO("channel " << channel.id);
      CHECK(!channel.id.empty());
      CHECK(!channel.label.empty());
      CHECK(!channel.description.empty());
      CHECK(ids.insert(channel.id).second);
      if (!channel.summary_key.empty()) CHECK(keys.insert(channel.summary_key).second);
      // Only a value per draw can be a draws.csv column or a trace.
      if (channel.kind != ChannelKind::PerDraw) {
        CHECK(channel.csv_column.empty());
        CHECK(!channel.traced);
      }
      if (!channel.csv_column.empty()) CHECK(columns.insert(channel.csv_column).second);
      if (channel.role == ChannelRole::DrawSign) {
        ++signs;
        CHECK(channel.kind == ChannelKind::PerDraw);
      }
    }
    CHECK(signs <= 1);
  }
}

TEST_CASE("a chain records the declared per-draw channel values with every draw", "[channels]") {
  const auto target = make_target({"logistic", {{"n", 200}, {"d", 2}, {"seed", 5}}, "", "y"});
  for (const std::string id : {"hmcecs", "hmcecs-signed", "ewsg", "sgld"}) {
    INFO("sampler " << id);
    const std::vector<ChannelDescriptor>& channels = find_sampler_info(id)->traits.channels;
    Chain chain(target, id, {}, 3, target->default_init(), 5, 1);
    chain.run(25);
    REQUIRE(chain.draws().size() == 20);
    CHECK(chain.draws().channel_count() == per_draw_count(channels));
    for (std::size_t i = 0; i < chain.draws().size(); ++i)
      for (int c = 0; c < chain.draws().channel_count(); ++c)
        CHECK(std::isfinite(chain.draws().channel(i, c)));
    // Every Rate and PerDraw tally counted each step, burn-in included.
    for (std::size_t c = 0; c < channels.size(); ++c)
      if (channels[c].kind != ChannelKind::Setting) CHECK(chain.counters().channels[c].count > 0);
  }
}

TEST_CASE("the draw store keeps channel values per draw, also as a ring buffer", "[channels]") {
  DrawStore store(1, 0, 1, 3);
  CHECK(store.channel_count() == 0);
  CHECK(std::isnan(store.channel(0, 0)));
  for (std::uint64_t step = 1; step <= 5; ++step) {
    const double theta = double(step), r = 0.0;
    const double values[2] = {10.0 * double(step), -double(step)};
    store.record({.step = step,
                  .theta = &theta,
                  .momentum = &r,
                  .channel_values = values,
                  .channel_count = 2});
  }
  REQUIRE(store.size() == 3);
  REQUIRE(store.channel_count() == 2);
  for (std::size_t i = 0; i < 3; ++i) {
    CHECK(store.channel(i, 0) == 10.0 * double(3 + i));
    CHECK(store.channel(i, 1) == -double(3 + i));
  }
  CHECK(std::isnan(store.channel(0, 2)));  // not declared
}
