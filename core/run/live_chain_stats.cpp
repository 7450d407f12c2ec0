#include "core/run/live_chain_stats.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/diagnostics/autocorrelation.hpp"
#include "core/diagnostics/ess.hpp"
#include "core/run/importance_summary.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// The window a steps-per-second estimate spans: long enough to smooth over slices and
// publication jitter, short enough to follow a slider change within a second.
constexpr auto kRateWindow = std::chrono::seconds(1);

// Before the first computation: no lags, ESS 0 and IAT ∞ for every coordinate (as for a chain
// without information), so the UI can index by coordinate from the start.
LiveHeavyDiagnostics empty_heavy(int dim) {
  LiveHeavyDiagnostics heavy;
  heavy.autocorrelation.assign(static_cast<std::size_t>(dim), {});
  heavy.ess.assign(static_cast<std::size_t>(dim), 0.0);
  heavy.iat.assign(static_cast<std::size_t>(dim), std::numeric_limits<double>::infinity());
  return heavy;
}

// Draws aggregated per block (the scratch arrays hold one block).
constexpr std::size_t kConsumeBlock = 4096;

// One block of one series into its decimator.
void feed(StreamingDecimator& decimator, const DrawStore& draws, std::size_t begin,
          const std::vector<double>& values, bool consecutive) {
  if (consecutive) {
    add_consecutive(decimator, draws.iteration(begin), values.data(), values.size());
    return;
  }
  for (std::size_t k = 0; k < values.size(); ++k)
    decimator.add(draws.iteration(begin + k), values[k]);
}

}  // namespace

void add_consecutive(StreamingDecimator& decimator, std::uint64_t first_step, const double* values,
                     std::size_t n) {
  std::size_t i = 0;
  while (i < n) {
    const DecimatedSeries& series = decimator.series();
    const std::uint64_t step = first_step + i;
    std::size_t run = 1;  // before the first bucket exists, its step defines the grid
    if (!series.buckets.empty()) {
      const std::uint64_t origin = series.buckets.front().first_step;
      const std::uint64_t width = series.bucket_width;
      const std::uint64_t bucket_end = origin + ((step - origin) / width + 1) * width;
      run = static_cast<std::size_t>(std::min<std::uint64_t>(n - i, bucket_end - step));
    }
    if (run <= 4) {
      for (std::size_t k = 0; k < run; ++k) decimator.add(step + k, values[i + k]);
      i += run;
      continue;
    }
    double lowest = std::numeric_limits<double>::infinity(), highest = -lowest;
    std::size_t first_finite = run, last_finite = 0;
    for (std::size_t k = 0; k < run; ++k) {
      const double value = values[i + k];
      if (!std::isfinite(value)) continue;
      lowest = std::min(lowest, value);
      highest = std::max(highest, value);
      if (first_finite == run) first_finite = k;
      last_finite = k;
    }
    if (first_finite < run) {
      decimator.add(step + first_finite, values[i + first_finite]);
      decimator.add(step + first_finite, lowest);
      decimator.add(step + first_finite, highest);
      decimator.add(step + last_finite, values[i + last_finite]);
    }
    i += run;
  }
}

std::shared_ptr<const LiveTruthBins> make_live_truth_bins(const Target& target) {
  const TruthGrid* truth = target.truth();
  if (!truth || target.dim() > 2) return nullptr;
  const std::vector<Interval> box = target.view_box();
  auto bins = std::make_shared<LiveTruthBins>();
  if (target.dim() == 1) {
    bins->masses =
        true_bin_masses(Histogram1D(box[0].lo, box[0].hi, kLiveHistogramBins), *truth, 0);
  } else {
    bins->masses = true_bin_masses(
        Histogram2D(box[0].lo, box[0].hi, kLiveJointBins, box[1].lo, box[1].hi, kLiveJointBins),
        *truth);
  }
  return bins;
}

LiveChainStats::LiveChainStats(const Target& target, std::shared_ptr<const LiveTruthBins> truth)
    : dim_(target.dim()),
      truth_(std::move(truth)),
      previous_hamiltonian_(kNaN),
      heavy_(empty_heavy(dim_)) {
  const std::vector<Interval> box = target.view_box();
  for (int coord = 0; coord < dim_; ++coord) {
    const Interval& range = box[static_cast<std::size_t>(coord)];
    histograms_.emplace_back(range.lo, range.hi, kLiveHistogramBins);
    traces_.emplace_back();
  }
  if (truth_ && dim_ == 2)
    joint_.emplace(box[0].lo, box[0].hi, kLiveJointBins, box[1].lo, box[1].hi, kLiveJointBins);
}

void LiveChainStats::clear() {
  for (auto& histogram : histograms_) histogram.clear();
  negative_histograms_.clear();
  signed_ = false;
  importance_histograms_.clear();
  channel_traces_.clear();
  if (joint_) joint_->clear();
  for (auto& trace : traces_) trace.clear();
  energy_.clear();
  energy_change_.clear();
  previous_hamiltonian_ = kNaN;
  divergences_.clear();
  appended_seen_ = 0;
  divergences_seen_ = 0;
  dropped_ = 0;
  heavy_ = empty_heavy(dim_);
  heavy_appended_ = 0;
  heavy_time_ = LiveClock::time_point{};
  heavy_pending_ = LiveHeavyDiagnostics{};
  heavy_next_coord_ = 0;
  heavy_pending_appended_ = 0;
  rate_samples_.clear();
  recent_rate_ = 0.0;
}

void LiveChainStats::restart_from_store(const Chain& chain) {
  clear();
  const DrawStore& draws = chain.draws();
  std::uint64_t divergent_stored = 0;
  for (std::size_t i = 0; i < draws.size(); ++i) divergent_stored += draws.divergent(i) ? 1 : 0;
  // As if every stored draw were new, and the divergences before them already seen.
  appended_seen_ = draws.appended() - draws.size();
  divergences_seen_ = chain.counters().divergences - divergent_stored;
  consume(chain);
}

void LiveChainStats::consume(const Chain& chain) {
  const DrawStore& draws = chain.draws();
  // A store that restarted behind our back (the chain was reset) restarts the aggregations.
  if (draws.appended() < appended_seen_ || chain.counters().divergences < divergences_seen_)
    clear();
  const std::uint64_t fresh = draws.appended() - appended_seen_;
  const std::size_t available =
      static_cast<std::size_t>(std::min<std::uint64_t>(fresh, draws.size()));
  if (available < fresh) {
    dropped_ += fresh - available;
    previous_hamiltonian_ = kNaN;  // ΔH across the gap is not a one-step change
  }

  std::uint64_t divergent_draws = 0;
  // In blocks copied to contiguous scratch arrays: the histograms then take whole arrays and the
  // decimators a few values per bucket (add_consecutive), which is most of what makes
  // aggregating cheaper than sampling.
  const std::size_t end = draws.size();
  for (std::size_t begin = end - available; begin < end; begin += kConsumeBlock) {
    const std::size_t count = std::min(kConsumeBlock, end - begin);
    const std::uint64_t first_step = draws.iteration(begin);
    const bool consecutive = draws.iteration(begin + count - 1) - first_step == count - 1;
    for (int coord = 0; coord < dim_; ++coord) {
      const auto c = static_cast<std::size_t>(coord);
      block_values_.resize(count);
      for (std::size_t k = 0; k < count; ++k) block_values_[k] = draws.theta(begin + k, coord);
      histograms_[c].add(block_values_.data(), count);
      feed(traces_[c], draws, begin, block_values_, consecutive);
      if (joint_ && coord == 1)
        for (std::size_t k = 0; k < count; ++k)
          joint_->add(draws.theta(begin + k, 0), block_values_[k]);
    }
    block_values_.resize(count);
    block_changes_.resize(count);
    for (std::size_t k = 0; k < count; ++k) {
      const double hamiltonian = draws.hamiltonian(begin + k);
      block_values_[k] = hamiltonian;
      block_changes_[k] = hamiltonian - previous_hamiltonian_;  // NaN when unknown: skipped
      // A subsampling sampler's draws without an exact H (NaN by design, not a divergence):
      // ΔH is then the change since its previous exact H.
      if (!std::isnan(hamiltonian) || chain.exact_potential_every() == 1)
        previous_hamiltonian_ = hamiltonian;
      if (draws.divergent(begin + k)) {
        ++divergent_draws;
        add_divergence_marker(draws.iteration(begin + k));
      }
    }
    feed(energy_, draws, begin, block_values_, consecutive);
    feed(energy_change_, draws, begin, block_changes_, consecutive);
    if (draws.channel_count() > 0) {
      consume_channels(chain.channels(), draws, begin, count, consecutive);
      const int weight_slot = importance_weight_slot(chain.sampler_id(), chain.channels());
      if (weight_slot >= 0) consume_importance_weights(draws, begin, count, weight_slot);
    }
  }
  appended_seen_ = draws.appended();

  // Samplers without MH stop at a divergence without recording the bad step, and a ring buffer
  // may have dropped divergent draws: mark those at the chain's current step.
  const std::uint64_t divergences = chain.counters().divergences;
  if (divergences > divergences_seen_ + divergent_draws)
    add_divergence_marker(chain.counters().steps);
  divergences_seen_ = divergences;
}

void LiveChainStats::consume_channels(const std::vector<ChannelDescriptor>& channels,
                                      const DrawStore& draws, std::size_t begin, std::size_t count,
                                      bool consecutive) {
  channel_traces_.resize(channels.size());
  int sign_slot = -1;
  for (std::size_t c = 0; c < channels.size(); ++c) {
    const ChannelDescriptor& channel = channels[c];
    if (channel.kind != ChannelKind::PerDraw) continue;
    const int slot = per_draw_slot(channels, c);
    if (channel.role == ChannelRole::DrawSign) sign_slot = slot;
    if (!channel.traced) continue;
    block_values_.resize(count);
    for (std::size_t k = 0; k < count; ++k) block_values_[k] = draws.channel(begin + k, slot);
    feed(channel_traces_[c], draws, begin, block_values_, consecutive);
  }
  if (sign_slot < 0) return;
  if (!signed_) {
    signed_ = true;
    negative_histograms_ = histograms_;
    for (auto& histogram : negative_histograms_) histogram.clear();
  }
  for (std::size_t k = 0; k < count; ++k) {
    if (!(draws.channel(begin + k, sign_slot) < 0.0)) continue;
    for (int coord = 0; coord < dim_; ++coord)
      negative_histograms_[std::size_t(coord)].add(draws.theta(begin + k, coord));
  }
}

void LiveChainStats::consume_importance_weights(const DrawStore& draws, std::size_t begin,
                                                std::size_t count, int weight_slot) {
  if (importance_histograms_.empty())
    for (const Histogram1D& histogram : histograms_)
      importance_histograms_.emplace_back(histogram.lo(), histogram.hi(), histogram.bins());
  for (std::size_t k = 0; k < count; ++k) {
    const double log_weight = draws.channel(begin + k, weight_slot);
    for (int coord = 0; coord < dim_; ++coord)
      importance_histograms_[std::size_t(coord)].add(draws.theta(begin + k, coord), log_weight);
  }
}

void LiveChainStats::add_divergence_marker(std::uint64_t step) {
  divergences_.add(step);
}

LiveClock::time_point LiveChainStats::heavy_due_at() const {
  // A refresh under way goes before any other, so its coordinates' windows stay close.
  return heavy_next_coord_ > 0 ? LiveClock::time_point{} : heavy_time_ + kLiveHeavyInterval;
}

bool LiveChainStats::update_heavy_step(const Chain& chain, LiveClock::time_point now) {
  if (!heavy_wanted()) return false;
  const DrawStore& draws = chain.draws();
  if (heavy_next_coord_ == 0) {
    heavy_pending_ = empty_heavy(dim_);
    heavy_pending_appended_ = draws.appended();
  }
  // The chain moves on between coordinates, so each one's window ends at the newest draw when
  // its turn comes; they differ by a few passes' worth of draws out of 2^16.
  const std::size_t window = std::min(draws.size(), kLiveDiagnosticsWindow);
  const std::size_t first = draws.size() - window;
  const int coord = heavy_next_coord_;
  const auto c = static_cast<std::size_t>(coord);
  std::vector<double> series(window);
  for (std::size_t i = 0; i < window; ++i) series[i] = draws.theta(first + i, coord);
  // 100 lags by direct sums cost a third of the FFT route (which pads to 2n points).
  heavy_pending_.autocorrelation[c] =
      autocorrelation_direct(series.data(), series.size(), kLiveMaxLag);
  // ESS of everything stored, at the window's IAT (equal to the window's ESS when the window
  // is all there is: ess · iat = n). IAT ∞ (a stuck chain) gives 0 and NaN stays NaN.
  const EssResult ess = effective_sample_size(series);
  heavy_pending_.iat[c] = ess.iat;
  heavy_pending_.ess[c] = window == draws.size() ? ess.ess : double(draws.size()) / ess.iat;
  heavy_time_ = now;
  if (++heavy_next_coord_ == dim_) {
    heavy_ = std::move(heavy_pending_);
    heavy_appended_ = heavy_pending_appended_;
    heavy_next_coord_ = 0;
  }
  return true;
}

void LiveChainStats::sample_rate(std::uint64_t steps, LiveClock::time_point now) {
  if (!rate_samples_.empty() && steps < rate_samples_.back().steps) rate_samples_.clear();
  rate_samples_.push_back({now, steps});
  // Keep the newest sample at least a window old as the start, so the estimate spans ≥ 1 s
  // once there is that much history, and drops to 0 a second after the chain stops moving.
  while (rate_samples_.size() > 2 && rate_samples_[1].time <= now - kRateWindow)
    rate_samples_.pop_front();
  const RateSample& start = rate_samples_.front();
  const double seconds = std::chrono::duration<double>(now - start.time).count();
  recent_rate_ = seconds > 0.0 ? double(steps - start.steps) / seconds : 0.0;
}

DistanceToTruth LiveChainStats::distance() const {
  if (!truth_) return {kNaN, kNaN};
  if (joint_) return distance_to_truth(*joint_, truth_->masses);
  return distance_to_truth(histograms_[0], truth_->masses);
}

}  // namespace sgl
