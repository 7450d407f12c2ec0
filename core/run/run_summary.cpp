#include "core/run/run_summary.hpp"

#include <cmath>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>

#include "core/diagnostics/convergence.hpp"
#include "core/diagnostics/distance.hpp"
#include "core/diagnostics/ess.hpp"
#include "core/diagnostics/histogram.hpp"
#include "core/diagnostics/running_moments.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {
namespace {

// Bins per axis for the distance to the truth. Fewer bins in 2-D keep the finite-sample floor
// of the histogram TV (≈ ½√(2K/(πN)), see distance.hpp) comparable to the 1-D one.
constexpr int kTruthBins1d = 50;
constexpr int kTruthBins2d = 25;

// s = ±1 of draw i, stored as the per-draw value `slot` of the DrawSign channel (+1 if none).
double draw_sign(const DrawStore& store, int slot, std::size_t i) {
  return store.channel(i, slot) < 0.0 ? -1.0 : 1.0;
}

// Sign-weighted summary of one coordinate over the chains' recorded draws (eq. 5.3).
CoordinateSummary signed_coordinate(const std::vector<const Chain*>& chains, int coord,
                                    int sign_slot, double sign_sum, std::uint64_t draws) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  CoordinateSummary summary;
  if (!(sign_sum > 0.0)) {
    summary.mean = summary.sd = summary.ess = summary.iat = summary.mcse = kNaN;
    return summary;
  }
  double weighted = 0.0;
  for (const Chain* chain : chains)
    for (std::size_t i = 0; i < chain->draws().size(); ++i)
      weighted += chain->draws().theta(i, coord) * draw_sign(chain->draws(), sign_slot, i);
  const double mean = weighted / sign_sum;
  double squares = 0.0, ess = 0.0;
  RunningMoments products;
  for (const Chain* chain : chains) {
    const DrawStore& store = chain->draws();
    std::vector<double> series(store.size());
    for (std::size_t i = 0; i < store.size(); ++i) {
      const double centred = store.theta(i, coord) - mean;
      const double sign = draw_sign(store, sign_slot, i);
      squares += centred * centred * sign;
      series[i] = centred * sign;
    }
    products.add(series.data(), series.size());
    ess += effective_sample_size(series).ess;
  }
  const double mean_sign = sign_sum / double(draws);
  summary.mean = mean;
  summary.sd = squares > 0.0 ? std::sqrt(squares / sign_sum) : kNaN;
  summary.ess = ess;
  summary.iat = ess > 0 ? double(draws) / ess : std::numeric_limits<double>::infinity();
  summary.mcse = ess > 0 ? products.sd() / std::sqrt(ess) / mean_sign
                         : std::numeric_limits<double>::infinity();
  return summary;
}

DistanceToTruth distance_for(const Target& target, const std::vector<const Chain*>& chains) {
  const TruthGrid& truth = *target.truth();
  const auto box = target.view_box();
  if (target.dim() == 1) {
    Histogram1D histogram(box[0].lo, box[0].hi, kTruthBins1d);
    for (const Chain* chain : chains)
      for (std::size_t i = 0; i < chain->draws().size(); ++i)
        histogram.add(chain->draws().theta(i, 0));
    return distance_to_truth(histogram, truth, 0);
  }
  Histogram2D histogram(box[0].lo, box[0].hi, kTruthBins2d, box[1].lo, box[1].hi, kTruthBins2d);
  for (const Chain* chain : chains)
    for (std::size_t i = 0; i < chain->draws().size(); ++i)
      histogram.add(chain->draws().theta(i, 0), chain->draws().theta(i, 1));
  return distance_to_truth(histogram, truth);
}

void summarize_training(const std::vector<const Chain*>& chains, SamplerSummary& summary) {
  std::shared_ptr<TrainingReport> pooled;
  double weighted_sum = 0.0, variance_sum = 0.0, training_seconds = 0.0;
  std::uint64_t samples = 0;
  for (const Chain* chain : chains) {
    const auto report = chain->sampler().training_report();
    if (!report) continue;
    if (!pooled) pooled = std::make_shared<TrainingReport>(*report);
    const double n = double(report->elbo_samples);
    weighted_sum += n * report->elbo;
    variance_sum += n * n * report->elbo_se * report->elbo_se;
    samples += report->elbo_samples;
    training_seconds += report->training_seconds;
  }
  if (!pooled) return;
  pooled->elbo_samples = samples;
  pooled->elbo = samples > 0 ? weighted_sum / double(samples) : std::nan("");
  pooled->elbo_se = samples > 0 ? std::sqrt(variance_sum) / double(samples) : std::nan("");
  pooled->training_seconds = training_seconds;
  summary.training = std::move(pooled);
}

// The declared channels' pooled figures, and τ̂ from the DrawSign channel.
void summarize_channels(const std::vector<const Chain*>& chains, SamplerSummary& summary) {
  const std::vector<ChannelDescriptor>& declared = chains.front()->channels();
  for (std::size_t c = 0; c < declared.size(); ++c) {
    const ChannelDescriptor& channel = declared[c];
    double sum = 0.0, largest = 0.0;
    std::uint64_t count = 0;
    std::vector<double> per_chain;
    for (const Chain* chain : chains) {
      if (channel.kind == ChannelKind::Setting) {
        // Fixed by the parameters, for the whole run (sampling_counters() drops it).
        const ChannelTally& setting = chain->counters().channels[c];
        if (setting.count == 0) continue;
        largest = count == 0 ? setting.mean() : std::max(largest, setting.mean());
        ++count;
      } else {
        const ChannelTally tally = chain->sampling_counters().channels[c];
        sum += tally.sum;
        count += tally.count;
        per_chain.push_back(tally.count > 0 ? tally.mean() : std::nan(""));
      }
    }
    if (count == 0) continue;
    const double value =
        channel.kind == ChannelKind::Setting ? largest : sum / static_cast<double>(count);
    if (channel.role == ChannelRole::DrawSign) {
      summary.has_sign_positive_fraction = true;
      summary.sign_positive_fraction = value;
    }
    if (!channel.summary_key.empty())
      summary.channels.push_back({channel.id, channel.summary_key, value, std::move(per_chain)});
  }
}

// R̂ and bulk/tail ESS per coordinate across the chains (NaN with one chain), and the warning.
void add_convergence_diagnostics(const std::vector<const Chain*>& chains, SamplerSummary& summary) {
  std::vector<std::pair<std::string, double>> rhat;
  for (std::size_t coord = 0; coord < summary.coordinates.size(); ++coord) {
    CoordinateSummary& coordinate = summary.coordinates[coord];
    std::vector<std::vector<double>> series;
    for (const Chain* chain : chains) series.push_back(chain->draws().coordinate(int(coord)));
    const ConvergenceDiagnostics diagnostics = convergence_diagnostics(series);
    coordinate.rhat = diagnostics.rhat;
    coordinate.ess_bulk = diagnostics.ess_bulk;
    coordinate.ess_tail = diagnostics.ess_tail;
    rhat.emplace_back(coordinate.name, diagnostics.rhat);
  }
  summary.rhat_warning = rhat_warning_text(rhat);
}

// The kind of the draws and the warnings (output_kind.hpp), from the finished summary.
void add_kind_and_warnings(SamplerSummary& summary, const Target& target) {
  summary.kind = sampler_output_kind(summary.id, summary.params, target);
  OutputFacts facts;
  facts.sampler_id = summary.id;
  facts.kind = summary.kind;
  facts.chains = summary.chains;
  facts.draws = summary.draws;
  facts.has_accept_rate = summary.has_accept_rate;
  facts.accept_rate = summary.accept_rate;
  facts.divergences_after_burnin = summary.divergences_after_burnin;
  facts.stop_reasons = summary.stop_reasons;
  for (const CoordinateSummary& coordinate : summary.coordinates)
    facts.rhat.emplace_back(coordinate.name, coordinate.rhat);
  facts.sign_warning = summary.sign_warning;
  facts.no_draws = summary.no_draws;
  if (summary.importance) {
    facts.has_importance_weights = true;
    facts.importance_ess = summary.importance->ess;
  }
  for (const ChannelFigure& figure : summary.channels) {
    facts.channels.emplace_back(figure.id, figure.value);
    if (figure.id == "index_weight_ess") facts.index_weight_ess_per_chain = figure.per_chain;
  }
  std::vector<std::string> names;
  std::vector<double> sds;
  for (const CoordinateSummary& coordinate : summary.coordinates) {
    names.push_back(coordinate.name);
    sds.push_back(coordinate.sd);
  }
  if (summary.draws >= kSpreadCheckDraws) add_spread_against_reference(target, names, sds, facts);
  summary.warnings = output_warnings(facts);
}

SamplerSummary summarize_sampler(const Session& session, std::size_t position,
                                 const std::vector<const Chain*>& chains) {
  const Target& target = session.target();
  const ChainSpec& spec = session.spec().chains[position];
  const SamplerInfo& info = *find_sampler_info(spec.sampler_id);
  SamplerSummary summary;
  summary.id = spec.sampler_id;
  summary.params = chains.front()->full_params();
  summary.params_text = format_param_list(summary.params, info.params);
  summary.chains = static_cast<int>(chains.size());
  summary.names = target.coordinate_names();

  std::uint64_t steps = 0, proposals = 0, accepts = 0;
  for (const Chain* chain : chains) {
    const SamplerCounters& counters = chain->counters();
    const SamplerCounters sampling = chain->sampling_counters();  // after burn-in
    summary.steps = std::max(summary.steps, counters.steps);
    steps += counters.steps;
    summary.draws += chain->draws().size();
    proposals += sampling.mh_proposals;
    accepts += sampling.mh_accepts;
    summary.divergences += counters.divergences;
    summary.divergences_after_burnin += sampling.divergences;
    summary.gradient_evaluations += counters.gradient_evaluations;
    summary.density_evaluations += counters.density_evaluations;
    summary.wall_seconds += chain->wall_seconds();
    summary.algorithm_seconds += chain->algorithm_seconds();
    const std::uint64_t every = chain->exact_potential_every();
    summary.exact_potential_every = std::max(summary.exact_potential_every, every);
    summary.exact_potential_draws += (chain->draws().size() + every - 1) / every;
    if (chain->stopped()) summary.stop_reasons.push_back(chain->stop_reason());
  }
  summary.has_accept_rate = proposals > 0;
  summary.accept_rate = proposals > 0 ? double(accepts) / double(proposals) : 0.0;
  summarize_channels(chains, summary);
  summarize_training(chains, summary);
  summary.data_passes = double(summary.gradient_evaluations + summary.density_evaluations) /
                        double(target.evaluation_cost());
  summary.steps_per_second = summary.algorithm_seconds > 0
                                 ? double(steps) / summary.algorithm_seconds
                                 : std::numeric_limits<double>::infinity();

  const std::vector<ChannelDescriptor>& declared = chains.front()->channels();
  const int sign_channel = find_channel(declared, ChannelRole::DrawSign);
  const int sign_slot = sign_channel >= 0 ? per_draw_slot(declared, std::size_t(sign_channel)) : -1;
  summary.sign_weighted = sign_channel >= 0;
  double sign_sum = 0.0;
  if (summary.sign_weighted) {
    for (const Chain* chain : chains)
      for (std::size_t i = 0; i < chain->draws().size(); ++i)
        sign_sum += draw_sign(chain->draws(), sign_slot, i);
    summary.mean_sign = summary.draws > 0 ? sign_sum / double(summary.draws) : 0.0;
    if (summary.draws > 0 && !(sign_sum > 0.0)) {
      summary.sign_warning = "the sum of the draws' signs is " + std::to_string(long(sign_sum)) +
                             " ≤ 0: sign-weighted estimates are undefined (reported as null)";
    } else if (summary.draws > 0 && summary.mean_sign < kSmallMeanSign) {
      summary.sign_warning = "mean sign " + std::to_string(summary.mean_sign) +
                             " < 0.1: sign-weighted estimates are unstable (variance ∝ 1/s̄²); "
                             "raise lambda or lower a";
    }
    // One chain with a low mean sign spoils the pooled estimate even when the others are fine
    // (e.g. a chain trapped where L̂ changes sign): say which.
    if (summary.sign_warning.empty() && chains.size() > 1) {
      std::string low;
      for (std::size_t c = 0; c < chains.size(); ++c) {
        const DrawStore& store = chains[c]->draws();
        if (store.size() == 0) continue;
        double chain_sum = 0.0;
        for (std::size_t i = 0; i < store.size(); ++i) chain_sum += draw_sign(store, sign_slot, i);
        const double chain_mean = chain_sum / double(store.size());
        if (chain_mean < kSmallMeanSign) {
          std::ostringstream entry;
          entry << (low.empty() ? "" : ", ") << "chain " << c << " " << std::setprecision(3)
                << chain_mean;
          low += entry.str();
        }
      }
      if (!low.empty())
        summary.sign_warning = "mean sign below 0.1 in " + low +
                               ": that chain's sign-weighted estimates are unstable and it may be "
                               "trapped (compare the chains' R-hat)";
    }
  }

  for (int coord = 0; coord < target.dim(); ++coord) {
    if (summary.sign_weighted) {
      CoordinateSummary coordinate =
          signed_coordinate(chains, coord, sign_slot, sign_sum, summary.draws);
      coordinate.name = summary.names[static_cast<std::size_t>(coord)];
      summary.coordinates.push_back(coordinate);
      continue;
    }
    CoordinateSummary coordinate;
    coordinate.name = summary.names[static_cast<std::size_t>(coord)];
    RunningMoments moments;
    double ess = 0.0;
    for (const Chain* chain : chains) {
      const std::vector<double> series = chain->draws().coordinate(coord);
      moments.add(series.data(), series.size());
      ess += effective_sample_size(series).ess;
    }
    coordinate.mean = moments.mean();
    coordinate.sd = moments.sd();
    coordinate.ess = ess;
    coordinate.iat =
        ess > 0 ? double(summary.draws) / ess : std::numeric_limits<double>::infinity();
    coordinate.mcse =
        ess > 0 ? coordinate.sd / std::sqrt(ess) : std::numeric_limits<double>::infinity();
    summary.coordinates.push_back(coordinate);
  }

  add_convergence_diagnostics(chains, summary);

  if (summary.draws == 0) {
    summary.no_draws =
        summary.stop_reasons.empty() ? "no draw was recorded" : summary.stop_reasons[0];
    for (const ChannelFigure& figure : summary.channels)
      if (figure.id == "kept" && figure.value == 0.0 && summary.stop_reasons.empty())
        summary.no_draws =  // cyclical samplers (cyclical_sampler.hpp)
            "no draw was recorded: every step after burn-in was in a cycle's exploration stage, "
            "which keeps none (run more than cycle_length × exploration steps)";
    if (summary.stop_reasons.size() > 1)
      summary.no_draws +=
          " (and " + std::to_string(summary.stop_reasons.size() - 1) + " more chains)";
    for (CoordinateSummary& c : summary.coordinates)
      c.mean = c.sd = c.ess = c.iat = c.mcse = std::numeric_limits<double>::quiet_NaN();
  }
  const int weight_slot = importance_weight_slot(summary.id, declared);
  if (weight_slot >= 0 && summary.draws > 0)
    summary.importance = importance_summary(chains, weight_slot, target.dim());
  if (target.truth() && summary.draws > 0) {
    const DistanceToTruth distance = distance_for(target, chains);
    summary.has_truth = true;
    summary.tv_distance = distance.tv;
    summary.kl = distance.kl;
    summary.truth_bins = target.dim() == 1 ? kTruthBins1d : kTruthBins2d;
  }
  add_kind_and_warnings(summary, target);
  return summary;
}

}  // namespace

std::vector<SamplerSummary> summarize(const Session& session) {
  // The chains of each position gathered in one pass (not positions x chains: a scenario may
  // list thousands of chains).
  std::vector<std::vector<const Chain*>> chains_of(session.spec().chains.size());
  for (std::size_t c = 0; c < session.chains().size(); ++c)
    chains_of.at(session.chain_sampler_position()[c]).push_back(session.chains()[c].get());
  std::vector<SamplerSummary> summaries;
  for (std::size_t position = 0; position < chains_of.size(); ++position)
    summaries.push_back(summarize_sampler(session, position, chains_of[position]));
  return summaries;
}

}  // namespace sgl
