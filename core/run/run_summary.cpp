#include "run/run_summary.hpp"

#include <cmath>
#include <limits>

#include "diagnostics/distance.hpp"
#include "diagnostics/ess.hpp"
#include "diagnostics/histogram.hpp"
#include "diagnostics/running_moments.hpp"
#include "samplers/sampler_registry.hpp"
#include "targets/truth_grid.hpp"

namespace sgl {
namespace {

// Bins per axis for the distance to the truth. Fewer bins in 2-D keep the finite-sample floor
// of the histogram TV (≈ ½√(2K/(πN)), see distance.hpp) comparable to the 1-D one.
constexpr int kTruthBins1d = 50;
constexpr int kTruthBins2d = 25;

DistanceToTruth distance_for(const Target& target, const std::vector<const Chain*>& chains) {
  const TruthGrid& truth = *target.truth();
  const auto box = target.view_box();
  if (target.dim() == 1) {
    Histogram1D histogram(box[0].lo, box[0].hi, kTruthBins1d);
    for (const Chain* chain : chains)
      for (std::size_t i = 0; i < chain->draws().size(); ++i) histogram.add(chain->draws().theta(i, 0));
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

SamplerSummary summarize_sampler(const Session& session, std::size_t position,
                                 const std::vector<const Chain*>& chains) {
  const Target& target = session.target();
  const SamplerSpec& spec = session.spec().samplers[position];
  const SamplerInfo& info = *find_sampler_info(spec.id);
  SamplerSummary summary;
  summary.id = spec.id;
  summary.params = chains.front()->full_params();
  summary.params_text = format_param_list(summary.params, info.params);
  summary.chains = static_cast<int>(chains.size());
  summary.names = target.coordinate_names();

  std::uint64_t steps = 0, proposals = 0, accepts = 0;
  SamplerCounters auxiliary;  // sums of the subsampling samplers' extra counters
  for (const Chain* chain : chains) {
    const SamplerCounters& counters = chain->counters();
    summary.steps = std::max(summary.steps, counters.steps);
    steps += counters.steps;
    summary.draws += chain->draws().size();
    proposals += counters.mh_proposals;
    accepts += counters.mh_accepts;
    summary.divergences += counters.divergences;
    summary.gradient_evaluations += counters.gradient_evaluations;
    summary.density_evaluations += counters.density_evaluations;
    summary.wall_seconds += chain->wall_seconds();
    auxiliary.aux_proposals += counters.aux_proposals;
    auxiliary.aux_accepts += counters.aux_accepts;
    auxiliary.loglik_variance_sum += counters.loglik_variance_sum;
    auxiliary.loglik_variance_count += counters.loglik_variance_count;
    auxiliary.sign_positive += counters.sign_positive;
    auxiliary.sign_total += counters.sign_total;
    auxiliary.subsample_size = std::max(auxiliary.subsample_size, counters.subsample_size);
    if (chain->stopped()) summary.stop_reasons.push_back(chain->stop_reason());
  }
  summary.has_accept_rate = proposals > 0;
  summary.accept_rate = proposals > 0 ? double(accepts) / double(proposals) : 0.0;
  if (auxiliary.aux_proposals > 0) {
    // The auxiliary chain is EWSG's index chain or HMC-ECS's subsample update.
    const double rate = double(auxiliary.aux_accepts) / double(auxiliary.aux_proposals);
    const bool ewsg = spec.id.rfind("ewsg", 0) == 0;
    (ewsg ? summary.has_index_accept_rate : summary.has_subsample_accept_rate) = true;
    (ewsg ? summary.index_accept_rate : summary.subsample_accept_rate) = rate;
  }
  if (auxiliary.loglik_variance_count > 0) {
    summary.has_loglik_var_mean = true;
    summary.loglik_var_mean = auxiliary.loglik_variance_sum / double(auxiliary.loglik_variance_count);
  }
  if (auxiliary.sign_total > 0) {
    summary.has_sign_positive_fraction = true;
    summary.sign_positive_fraction = double(auxiliary.sign_positive) / double(auxiliary.sign_total);
  }
  if (auxiliary.subsample_size > 0) {
    summary.has_subsample_fraction = true;
    summary.subsample_fraction =
        double(auxiliary.subsample_size) / double(target.evaluation_cost());
  }
  summarize_training(chains, summary);
  summary.data_passes = double(summary.gradient_evaluations + summary.density_evaluations) /
                        double(target.evaluation_cost());
  summary.steps_per_second = summary.wall_seconds > 0 ? double(steps) / summary.wall_seconds
                                                      : std::numeric_limits<double>::infinity();

  for (int coord = 0; coord < target.dim(); ++coord) {
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
    coordinate.iat = ess > 0 ? double(summary.draws) / ess : std::numeric_limits<double>::infinity();
    coordinate.mcse = ess > 0 ? coordinate.sd / std::sqrt(ess) : std::numeric_limits<double>::infinity();
    summary.coordinates.push_back(coordinate);
  }

  if (target.truth() && summary.draws > 0) {
    const DistanceToTruth distance = distance_for(target, chains);
    summary.has_truth = true;
    summary.tv_distance = distance.tv;
    summary.kl = distance.kl;
    summary.truth_bins = target.dim() == 1 ? kTruthBins1d : kTruthBins2d;
  }
  return summary;
}

}  // namespace

std::vector<SamplerSummary> summarize(const Session& session) {
  std::vector<SamplerSummary> summaries;
  for (std::size_t position = 0; position < session.spec().samplers.size(); ++position) {
    std::vector<const Chain*> chains;
    for (std::size_t c = 0; c < session.chains().size(); ++c)
      if (session.chain_sampler_position()[c] == position) chains.push_back(session.chains()[c].get());
    summaries.push_back(summarize_sampler(session, position, chains));
  }
  return summaries;
}

}  // namespace sgl
