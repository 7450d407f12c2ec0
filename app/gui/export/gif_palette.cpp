#include "app/gui/export/gif_palette.hpp"

#include <algorithm>
#include <cstddef>
#include <limits>
#include <unordered_map>
#include <utility>

#include "app/gui/plot/chain_colours.hpp"

namespace sgl {
namespace {

// Entries for the most frequent colours; the last 32 go to small but distinct areas (below).
constexpr std::size_t kDistinctColours = 32;
// A colour drawn on fewer pixels than this is taken for an antialiasing tone, not a feature.
constexpr std::size_t kMinFeaturePixels = 16;
// default_chain_colour cycles through this many colours.
constexpr int kChainColourCount = 8;

}  // namespace

int squared_colour_distance(PackedRgb a, PackedRgb b) {
  int sum = 0;
  for (int shift : {16, 8, 0}) {
    const int d = static_cast<int>((a >> shift) & 0xFF) - static_cast<int>((b >> shift) & 0xFF);
    sum += d * d;
  }
  return sum;
}

std::uint8_t nearest_entry(const std::vector<PackedRgb>& palette, PackedRgb colour) {
  std::size_t best = 0;
  int best_distance = std::numeric_limits<int>::max();
  for (std::size_t entry = 0; entry < palette.size(); ++entry) {
    const int distance = squared_colour_distance(palette[entry], colour);
    if (distance < best_distance) {
      best_distance = distance;
      best = entry;
    }
  }
  return static_cast<std::uint8_t>(best);
}

std::vector<PackedRgb> reserved_chain_colours() {
  std::vector<PackedRgb> colours;
  for (int chain = 0; chain < kChainColourCount; ++chain) {
    const std::uint32_t abgr = default_chain_colour(chain);  // IM_COL32 order: 0xAABBGGRR
    const PackedRgb rgb = ((abgr & 0xFF) << 16) | (abgr & 0xFF00) | ((abgr >> 16) & 0xFF);
    if (std::find(colours.begin(), colours.end(), rgb) == colours.end()) colours.push_back(rgb);
  }
  return colours;
}

IndexedFrame index_frame(const RgbImage& image, std::size_t max_colours) {
  const std::size_t frequent_colours = max_colours - std::min(kDistinctColours, max_colours / 8);
  const std::size_t pixel_count =
      static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height);
  std::unordered_map<PackedRgb, std::size_t> counts;
  for (std::size_t pixel = 0; pixel < pixel_count; ++pixel) ++counts[pixel_colour(image, pixel)];

  IndexedFrame frame;
  frame.palette = reserved_chain_colours();
  std::vector<std::pair<std::size_t, PackedRgb>> by_frequency;
  by_frequency.reserve(counts.size());
  for (const auto& [colour, count] : counts) by_frequency.emplace_back(count, colour);
  // Ties broken by colour, so equal frames get equal palettes.
  std::sort(by_frequency.begin(), by_frequency.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  for (const auto& [count, colour] : by_frequency) {
    if (frame.palette.size() >= frequent_colours) break;
    if (std::find(frame.palette.begin(), frame.palette.end(), colour) == frame.palette.end())
      frame.palette.push_back(colour);
  }
  // The last entries go, one by one, to the colour farthest from every entry so far among those
  // on enough pixels: a small red "REC" or a warning text keeps its colour instead of sliding to
  // a frequent neighbour.
  std::vector<std::pair<PackedRgb, int>> candidates;  // colour, distance to the palette
  for (const auto& [count, colour] : by_frequency) {
    if (count < kMinFeaturePixels) break;
    const int distance =
        squared_colour_distance(colour, frame.palette[nearest_entry(frame.palette, colour)]);
    if (distance > 0) candidates.emplace_back(colour, distance);
  }
  while (frame.palette.size() < max_colours && !candidates.empty()) {
    const auto farthest =
        std::max_element(candidates.begin(), candidates.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    if (farthest->second == 0) break;
    const PackedRgb added = farthest->first;
    frame.palette.push_back(added);
    for (auto& [colour, distance] : candidates)
      distance = std::min(distance, squared_colour_distance(colour, added));
  }
  // Fewer distinct features than entries: fill up with the next most frequent colours.
  for (const auto& [count, colour] : by_frequency) {
    if (frame.palette.size() >= max_colours) break;
    if (std::find(frame.palette.begin(), frame.palette.end(), colour) == frame.palette.end())
      frame.palette.push_back(colour);
  }

  // Each distinct colour is matched once, however many pixels share it.
  std::unordered_map<PackedRgb, std::uint8_t> entry_of;
  entry_of.reserve(counts.size());
  for (const auto& [colour, count] : counts)
    entry_of[colour] = nearest_entry(frame.palette, colour);
  frame.indices.resize(pixel_count);
  for (std::size_t pixel = 0; pixel < pixel_count; ++pixel)
    frame.indices[pixel] = entry_of[pixel_colour(image, pixel)];
  return frame;
}

}  // namespace sgl
