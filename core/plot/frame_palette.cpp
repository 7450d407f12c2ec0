#include "core/plot/frame_palette.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <utility>

namespace sgl {
namespace {

// Entries for colours far from the flat ones: small but distinct marks (below).
constexpr std::size_t kDistinctColours = 32;
// A colour drawn on fewer pixels than this is taken for an antialiasing tone, not a feature.
constexpr std::size_t kMinFeaturePixels = 16;

int channel(PackedRgb colour, int shift) {
  return static_cast<int>((colour >> shift) & 0xFF);
}

// Closer than this (squared RGB distance: about 2 per channel) to its nearest entry, a colour is
// drawn with that entry alone: antialiasing tones of text stay clean instead of speckled.
constexpr int kUnditheredDistance = 3 * 2 * 2;
// How much a mix's own noise counts against it (the variance of a dither between two entries,
// share s of the second: s (1 - s) |e2 - e1|^2): a grey is mixed from two near greys, not from
// black and white.
constexpr double kDitherNoiseWeight = 0.25;
// Entries farther apart than this (squared: about 16 per channel) are never mixed: a shade beyond
// the palette's range takes its nearest entry rather than a speckle of a chain colour or the text.
constexpr double kMaxMixLength2 = 3.0 * 16 * 16;
// A mix is sought among this many entries nearest to the colour.
constexpr std::size_t kMixCandidates = 4;

// The 8×8 Bayer threshold matrix (levels 0..63): each level's pixels spread evenly over the tile.
constexpr std::array<std::array<std::uint8_t, 8>, 8> kBayer8 = {{
    {0, 32, 8, 40, 2, 34, 10, 42},
    {48, 16, 56, 24, 50, 18, 58, 26},
    {12, 44, 4, 36, 14, 46, 6, 38},
    {60, 28, 52, 20, 62, 30, 54, 22},
    {3, 35, 11, 43, 1, 33, 9, 41},
    {51, 19, 59, 27, 49, 17, 57, 25},
    {15, 47, 7, 39, 13, 45, 5, 37},
    {63, 31, 55, 23, 61, 29, 53, 21},
}};

}  // namespace

int squared_colour_distance(PackedRgb a, PackedRgb b) {
  int sum = 0;
  for (int shift : {16, 8, 0}) {
    const int d = channel(a, shift) - channel(b, shift);
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

std::vector<PackedRgb> fit_frame_palette(const RgbPixels& image,
                                         const std::vector<PackedRgb>& reserved,
                                         std::size_t max_colours) {
  const std::size_t frequent_colours = max_colours - std::min(kDistinctColours, max_colours / 8);
  std::unordered_map<PackedRgb, std::size_t> counts;
  for (std::size_t pixel = 0; pixel < image.pixel_count(); ++pixel) ++counts[image.at(pixel)];
  std::vector<PackedRgb> palette = reserved;
  std::vector<std::pair<std::size_t, PackedRgb>> by_frequency;
  for (const auto& [colour, count] : counts) by_frequency.emplace_back(count, colour);
  std::sort(by_frequency.begin(), by_frequency.end(), [](const auto& a, const auto& b) {
    return a.first != b.first ? a.first > b.first : a.second < b.second;
  });
  for (const auto& [count, colour] : by_frequency) {
    if (palette.size() >= frequent_colours) break;
    if (std::find(palette.begin(), palette.end(), colour) == palette.end())
      palette.push_back(colour);
  }
  std::vector<std::pair<PackedRgb, int>> candidates;
  for (const auto& [count, colour] : by_frequency) {
    if (count < kMinFeaturePixels) break;
    const int distance = squared_colour_distance(colour, palette[nearest_entry(palette, colour)]);
    if (distance > 0) candidates.emplace_back(colour, distance);
  }
  while (palette.size() < max_colours && !candidates.empty()) {
    const auto farthest =
        std::max_element(candidates.begin(), candidates.end(),
                         [](const auto& a, const auto& b) { return a.second < b.second; });
    if (farthest->second == 0) break;
    const PackedRgb added = farthest->first;
    palette.push_back(added);
    for (auto& [colour, distance] : candidates)
      distance = std::min(distance, squared_colour_distance(colour, added));
  }
  for (const auto& [count, colour] : by_frequency) {
    if (palette.size() >= max_colours) break;
    if (std::find(palette.begin(), palette.end(), colour) == palette.end())
      palette.push_back(colour);
  }
  return palette;
}

PaletteMapper::PaletteMapper(std::vector<PackedRgb> palette) : palette_(std::move(palette)) {}

const PaletteMapper::Mix& PaletteMapper::mix_of(PackedRgb colour) {
  auto [found, inserted] = mixes_.try_emplace(colour);
  if (!inserted) return found->second;
  Mix& mix = found->second;
  mix.first = mix.second = nearest_entry(palette_, colour);
  double best_cost = squared_colour_distance(palette_[mix.first], colour);
  if (best_cost <= kUnditheredDistance) return mix;
  // The pair among the few nearest entries whose segment passes closest to the colour, its dither
  // noise counted against it; the share is the colour's projection onto the segment.
  std::array<std::pair<int, std::uint8_t>, kMixCandidates> nearest{};
  nearest.fill({std::numeric_limits<int>::max(), 0});
  for (std::size_t entry = 0; entry < palette_.size(); ++entry) {
    const std::pair<int, std::uint8_t> candidate{squared_colour_distance(palette_[entry], colour),
                                                 static_cast<std::uint8_t>(entry)};
    if (candidate.first >= nearest.back().first) continue;
    nearest.back() = candidate;
    std::sort(nearest.begin(), nearest.end());
  }
  for (std::size_t a = 0; a < nearest.size(); ++a)
    for (std::size_t b = 0; b < nearest.size(); ++b) {
      if (a == b || nearest[a].first == std::numeric_limits<int>::max() ||
          nearest[b].first == std::numeric_limits<int>::max())
        continue;
      const PackedRgb from = palette_[nearest[a].second], to = palette_[nearest[b].second];
      double along[3], offset[3], length2 = 0.0, dot = 0.0;
      for (int c = 0; c < 3; ++c) {
        const int shift = 16 - 8 * c;
        along[c] = channel(to, shift) - channel(from, shift);
        offset[c] = channel(colour, shift) - channel(from, shift);
        length2 += along[c] * along[c];
        dot += along[c] * offset[c];
      }
      if (length2 <= 0.0 || length2 > kMaxMixLength2 || dot <= 0.0 || dot > 0.5 * length2)
        continue;  // the share of `to` stays at most a half: each pair is tried both ways
      const double share = dot / length2;
      double residual = 0.0;
      for (int c = 0; c < 3; ++c) {
        const double off = offset[c] - share * along[c];
        residual += off * off;
      }
      const double cost = residual + kDitherNoiseWeight * share * (1.0 - share) * length2;
      if (cost < best_cost) {
        best_cost = cost;
        mix.first = nearest[a].second;
        mix.second = nearest[b].second;
        mix.second_share = static_cast<std::uint8_t>(std::lround(share * 64.0));
      }
    }
  return mix;
}

std::uint8_t PaletteMapper::nearest(PackedRgb colour) {
  return mix_of(colour).first;
}

std::uint8_t PaletteMapper::entry(PackedRgb colour, int x, int y) {
  const Mix& mix = mix_of(colour);
  return kBayer8[static_cast<std::size_t>(y & 7)][static_cast<std::size_t>(x & 7)] <
                 mix.second_share
             ? mix.second
             : mix.first;
}

}  // namespace sgl
