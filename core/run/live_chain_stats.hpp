// What the live engine's worker keeps about one chain besides the chain itself: aggregations
// fed incrementally from the draws each slice appends (so they cover every draw since the last
// reset in bounded memory, however long the run), the heavier diagnostics recomputed now and
// then over a window of stored draws, and a steps-per-second estimate. Worker thread only.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <vector>

#include "core/diagnostics/distance.hpp"
#include "core/diagnostics/divergence_marks.hpp"
#include "core/diagnostics/histogram.hpp"
#include "core/diagnostics/weighted_histogram.hpp"
#include "core/plot/streaming_decimator.hpp"
#include "core/run/chain.hpp"

namespace sgl {

using LiveClock = std::chrono::steady_clock;

// Bins of the per-coordinate histograms over the target's view box.
constexpr int kLiveHistogramBins = 80;
// Cells per axis of the joint histogram that TV/KL use on 2-D targets (as run_summary.cpp).
constexpr int kLiveJointBins = 25;
// ACF lags shown, and the newest draws ACF and IAT are computed over: 2^16 draws cost ~5–20 ms
// per coordinate (ESS's FFTs of 2^17 points dominate; the worker checks its stop flag between
// coordinates) and still cover 650 × an IAT of 100. The ESS reported is that of all stored
// draws at this IAT, stored / IAT, as ChainSnapshot defines it.
constexpr std::size_t kLiveMaxLag = 100;
constexpr std::size_t kLiveDiagnosticsWindow = std::size_t{1} << 16;
// Least time between two refreshes of one chain's ACF/ESS/IAT.
constexpr std::chrono::milliseconds kLiveHeavyInterval{500};
// Divergence marks kept per chain before they merge into wider buckets (DivergenceMarks).
constexpr std::size_t kLiveDivergenceMarks = 2048;

// The truth a chain's histograms are compared with: true masses of the TV/KL bins (plus the
// outside bin), shared by all chains on one target. Empty when the target has no truth grid.
struct LiveTruthBins {
  std::vector<double> masses;
};
// Builds them for a 1-D target (coordinate-0 histogram) or a 2-D one (joint histogram).
std::shared_ptr<const LiveTruthBins> make_live_truth_bins(const Target& target);

// Adds values[0..n) taken at the consecutive steps first_step, first_step + 1, ... with the
// same result as adding each, at a fraction of the cost: within one bucket only the first value,
// the extremes and the last value matter, so only those are added (adding every value costs
// about as much as a sampler step). The bucket grid is read from the series.
void add_consecutive(StreamingDecimator& decimator, std::uint64_t first_step, const double* values,
                     std::size_t n);

// ACF, ESS and IAT per coordinate over the newest stored draws.
struct LiveHeavyDiagnostics {
  std::vector<std::vector<double>> autocorrelation;
  std::vector<double> ess;
  std::vector<double> iat;
};

class LiveChainStats {
 public:
  LiveChainStats(const Target& target, std::shared_ptr<const LiveTruthBins> truth);

  // Forgets everything (after the chain was reset or rebuilt).
  void clear();
  // Forgets everything and aggregates the draws the chain's store holds now afresh (after it
  // dropped its older draws: "forget draws before this change").
  void restart_from_store(const Chain& chain);
  // Feeds the draws the chain appended since the last call. If the ring buffer overwrote some
  // before they were read, they are counted in dropped_draws() and skipped.
  void consume(const Chain& chain);

  // ACF/ESS/IAT are refreshed one coordinate per call (each takes a few FFTs of the window),
  // so the worker never spends long away from its stop flag and its commands.
  // Whether a refresh is wanted: one is under way, or new draws arrived since the last one.
  bool heavy_wanted() const { return heavy_next_coord_ > 0 || heavy_appended_ != appended_seen_; }
  // When the next refresh step may run: at once (the clock's epoch) while one is under way,
  // else kLiveHeavyInterval after the last refresh finished.
  LiveClock::time_point heavy_due_at() const;
  // Computes ACF and IAT of the next coordinate over the newest kLiveDiagnosticsWindow stored
  // draws, and ESS = stored draws / IAT; after the last coordinate the new values replace
  // heavy(). Returns whether it did (false: nothing wanted).
  bool update_heavy_step(const Chain& chain, LiveClock::time_point now);

  // Records the chain's step count at `now`, for recent_steps_per_second().
  void sample_rate(std::uint64_t steps, LiveClock::time_point now);
  double recent_steps_per_second() const { return recent_rate_; }

  const std::vector<Histogram1D>& histograms() const { return histograms_; }
  // Signed samplers: per coordinate, the histogram of the draws with s = −1 alone (empty
  // otherwise), so that sign-weighted densities are (all − 2·negative) / (Σs · width).
  const std::vector<Histogram1D>& negative_histograms() const { return negative_histograms_; }
  bool signed_draws() const { return signed_; }
  // Samplers whose draws carry a log importance weight (DAIS): per coordinate, the histogram
  // of the draws weighted by w (empty otherwise), for the importance-weighted densities.
  const std::vector<WeightedHistogram1D>& importance_histograms() const {
    return importance_histograms_;
  }
  // Per declared info channel (sampler_channels.hpp, declaration order): the traced PerDraw
  // channels' values over the run (σ̂² of HMC-ECS, ...); empty series for the others, and no
  // entries before the first draw.
  const std::vector<StreamingDecimator>& channel_traces() const { return channel_traces_; }
  const std::vector<StreamingDecimator>& traces() const { return traces_; }
  const StreamingDecimator& energy() const { return energy_; }
  const StreamingDecimator& energy_change() const { return energy_change_; }
  const DivergenceMarks& divergences() const { return divergences_; }
  const LiveHeavyDiagnostics& heavy() const { return heavy_; }
  std::uint64_t dropped_draws() const { return dropped_; }
  bool has_truth() const { return truth_ != nullptr; }
  // TV and KL of every draw since the last reset against the truth (has_truth() only);
  // NaN before the first draw.
  DistanceToTruth distance() const;

 private:
  struct RateSample {
    LiveClock::time_point time;
    std::uint64_t steps;
  };
  void add_divergence_marker(std::uint64_t step);
  // The traced channels' series and the negative-sign histograms of one block of draws.
  void consume_channels(const std::vector<ChannelDescriptor>& channels, const DrawStore& draws,
                        std::size_t begin, std::size_t count, bool consecutive);
  void consume_importance_weights(const DrawStore& draws, std::size_t begin, std::size_t count,
                                  int weight_slot);

  int dim_;
  std::shared_ptr<const LiveTruthBins> truth_;  // null: no truth
  std::vector<Histogram1D> histograms_;
  std::vector<Histogram1D> negative_histograms_;
  bool signed_ = false;
  std::vector<WeightedHistogram1D> importance_histograms_;
  std::vector<StreamingDecimator> channel_traces_;
  std::optional<Histogram2D> joint_;  // 2-D targets with a truth
  std::vector<StreamingDecimator> traces_;
  StreamingDecimator energy_;
  StreamingDecimator energy_change_;
  double previous_hamiltonian_;  // NaN when the previous step's draw is unknown
  DivergenceMarks divergences_{kLiveDivergenceMarks};
  std::uint64_t appended_seen_ = 0;
  std::uint64_t divergences_seen_ = 0;
  std::uint64_t dropped_ = 0;

  LiveHeavyDiagnostics heavy_;
  std::uint64_t heavy_appended_ = 0;  // appended() when the published refresh started
  LiveClock::time_point heavy_time_{};
  LiveHeavyDiagnostics heavy_pending_;  // the refresh under way
  int heavy_next_coord_ = 0;            // its next coordinate (0: none under way)
  std::uint64_t heavy_pending_appended_ = 0;

  std::vector<double> block_values_;  // scratch for consume()
  std::vector<double> block_changes_;

  std::deque<RateSample> rate_samples_;
  double recent_rate_ = 0.0;
};

}  // namespace sgl
