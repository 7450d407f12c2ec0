#include "core/samplers/sampler_channels.hpp"

namespace sgl {

int per_draw_slot(const std::vector<ChannelDescriptor>& channels, std::size_t channel) {
  int slot = 0;
  for (std::size_t c = 0; c < channel && c < channels.size(); ++c)
    if (channels[c].kind == ChannelKind::PerDraw) ++slot;
  return slot;
}

int per_draw_count(const std::vector<ChannelDescriptor>& channels) {
  return per_draw_slot(channels, channels.size());
}

int find_channel(const std::vector<ChannelDescriptor>& channels, ChannelRole role) {
  for (std::size_t c = 0; c < channels.size(); ++c)
    if (channels[c].role == role) return static_cast<int>(c);
  return -1;
}

}  // namespace sgl
