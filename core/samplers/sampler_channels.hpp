// Info channels: what a sampler reports beside θ, declared the way parameters are (params.hpp).
// Each sampler lists its channels in a static `channels()`; the registry keeps the list, and the
// summary (summary.json, the table), draws.csv, the live statistics and the GUI's trace and
// metrics views show whatever is declared, without knowing which sampler declared it.
//
// A channel has up to two parts:
//   - a value per recorded draw (kind PerDraw): passed with the draw to the DrawSink, stored by
//     the DrawStore, traced over the run in the GUI and optionally written as a draws.csv column;
//   - a tally (sum, count) in SamplerCounters::channels, indexed by the channel's position in
//     the declaration: its mean sum/count is the per-chain figure (an acceptance rate, a mean
//     σ̂²), pooled over a sampler's chains by adding sums and counts.
// Rate tallies count the steps after burn-in only (Chain::sampling_counters); a Setting is a
// value the sampler fixes from its parameters (e.g. the subsample fraction m/n), stored as
// (value, 1) and reported for the whole run, the largest over chains.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace sgl {

enum class ChannelKind {
  PerDraw,  // a value per recorded draw, and a tally (its mean over the sampling steps)
  Rate,     // a tally only: events / trials over the sampling steps
  Setting,  // a tally set once to (value, 1): a figure fixed by the parameters
};

// What the rest of the code must do with a channel beyond showing it.
enum class ChannelRole {
  Plain,
  // The per-draw value is the draw's sign s = ±1: every expectation is weighted,
  // E[ψ] = Σψs / Σs (signed pseudo-marginal samplers); the tally counts positive signs.
  DrawSign,
};

struct ChannelDescriptor {
  std::string id = {};           // stable name, e.g. "loglik_variance"; equal ids share a GUI plot
  std::string label = {};        // short, for plot axes and table headers, e.g. "σ̂²"
  std::string description = {};  // one line for tooltips: what the value is and how to read it
  ChannelKind kind = ChannelKind::Rate;
  ChannelRole role = ChannelRole::Plain;
  // summary.json key of the tally's mean (absent for chains that never tallied); empty: none.
  std::string summary_key = {};
  // PerDraw only: the draws.csv column (empty: not written) and its value in the rows of chains
  // whose sampler does not declare it, so the column stays numeric.
  std::string csv_column = {};
  double csv_absent = 0.0;
  // PerDraw only: the GUI traces it over the run (on a log₁₀ scale if log_scale, values below
  // log_floor clamped to it), with a guide line at `guide` (NaN: none).
  bool traced = false;
  bool log_scale = false;
  double log_floor = 1e-6;
  double guide = std::numeric_limits<double>::quiet_NaN();
  // The metrics table shows the tally's mean per chain in a column headed `label`.
  bool metric_column = false;
};

// Tallies a sampler keeps, one per declared channel, in declaration order. A fixed array keeps
// SamplerCounters a plain value (copied into every snapshot) with no allocation.
constexpr std::size_t kMaxChannels = 6;

struct ChannelTally {
  double sum = 0.0;
  std::uint64_t count = 0;

  void add(double value) {
    sum += value;
    ++count;
  }
  // NaN before the first value.
  double mean() const {
    return count > 0 ? sum / double(count) : std::numeric_limits<double>::quiet_NaN();
  }
};

using ChannelTallies = std::array<ChannelTally, kMaxChannels>;

// Position of a channel's value among the per-draw values of one recorded draw (the
// DrawStore's channel index): the number of PerDraw channels declared before it.
int per_draw_slot(const std::vector<ChannelDescriptor>& channels, std::size_t channel);
// How many per-draw values each recorded draw carries.
int per_draw_count(const std::vector<ChannelDescriptor>& channels);
// The declaration position of the channel with this role, or −1.
int find_channel(const std::vector<ChannelDescriptor>& channels, ChannelRole role);

}  // namespace sgl
