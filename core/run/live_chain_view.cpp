#include "core/run/live_chain_view.hpp"

#include <algorithm>

namespace sgl {

ChainSnapshot make_chain_snapshot(int id, bool enabled, const Chain& chain,
                                  const LiveChainStats& stats) {
  ChainSnapshot view;
  view.id = id;
  view.sampler_id = chain.sampler_id();
  view.params = chain.params();
  view.full_params = chain.full_params();
  view.enabled = enabled;
  view.stopped = chain.stopped();
  view.observes_trajectories = chain.sampler().observes_trajectories();
  view.exact_potential_every = chain.exact_potential_every();
  view.stop_reason = chain.stop_reason();
  view.seed = chain.seed();
  view.counters = chain.counters();
  view.wall_seconds = chain.wall_seconds();
  view.recent_steps_per_second = stats.recent_steps_per_second();
  const auto& history = chain.param_history();
  const std::size_t history_kept = std::min(history.size(), kLiveParamHistory);
  view.param_history.assign(history.end() - static_cast<std::ptrdiff_t>(history_kept),
                            history.end());
  view.initial_params = chain.initial_params();
  view.param_history_complete = history_kept == history.size();
  view.divergence_steps = stats.divergences().steps();
  view.divergence_bucket_width = stats.divergences().bucket_width();
  view.divergence_marks_count = stats.divergences().count();
  view.settings_start_step = chain.settings_start_step();
  view.settings_counters = chain.settings_counters();
  view.forgotten_divergences = chain.forgotten_divergences();
  if (!chain.stopped()) {
    std::vector<double> widths;
    for (const Interval& range : chain.target().view_box()) widths.push_back(range.hi - range.lo);
    const RecentMotion motion =
        recent_motion(chain.draws(), chain.settings_start_step(), widths, kLiveRecentDraws);
    view.health = assess_chain_health(view.settings_counters,
                                      view.settings_counters.mh_proposals > 0, motion);
    // "Too slow" judges a change the user made: a preset's own chains may move little on
    // purpose (Chen Fig. 2's exact dynamics stay on one small orbit).
    if (view.health.state == ChainHealthState::TooSlow && chain.settings_start_step() == 0)
      view.health = ChainHealth{};
  }

  const DrawStore& draws = chain.draws();
  const int dim = draws.dim();
  const auto width = static_cast<std::size_t>(dim);
  view.dim = dim;
  view.stored_draws = draws.size();

  const std::size_t recent = std::min(draws.size(), kLiveRecentDraws);
  const std::size_t first_recent = draws.size() - recent;
  view.recent_steps.resize(recent);
  view.recent_theta.resize(recent * width);
  view.recent_momentum.resize(recent * width);
  view.recent_hamiltonian.resize(recent);
  for (std::size_t k = 0; k < recent; ++k) {
    const std::size_t i = first_recent + k;
    view.recent_steps[k] = draws.iteration(i);
    for (int coord = 0; coord < dim; ++coord) {
      view.recent_theta[k * width + std::size_t(coord)] = draws.theta(i, coord);
      view.recent_momentum[k * width + std::size_t(coord)] = draws.momentum(i, coord);
    }
    view.recent_hamiltonian[k] = draws.hamiltonian(i);
  }

  // Evenly spread over everything stored (k · size / count, oldest first), so the cloud shows
  // the whole ring buffer rather than the newest stretch of a slowly mixing chain.
  const std::size_t cloud = std::min(draws.size(), kLiveCloudDraws);
  view.cloud.resize(cloud * width);
  for (std::size_t k = 0; k < cloud; ++k) {
    const std::size_t i = k * draws.size() / cloud;
    for (int coord = 0; coord < dim; ++coord)
      view.cloud[k * width + std::size_t(coord)] = draws.theta(i, coord);
  }

  view.histograms = stats.histograms();
  view.signed_draws = stats.signed_draws();
  if (view.signed_draws) view.negative_histograms = stats.negative_histograms();
  view.importance_histograms = stats.importance_histograms();
  view.channels = chain.channels();
  view.channel_traces.resize(view.channels.size());
  for (std::size_t c = 0; c < stats.channel_traces().size() && c < view.channels.size(); ++c)
    if (view.channels[c].traced) view.channel_traces[c] = stats.channel_traces()[c].series();
  view.traces.reserve(width);
  for (const auto& trace : stats.traces()) view.traces.push_back(trace.series());
  view.energy = stats.energy().series();
  view.energy_change = stats.energy_change().series();

  const LiveHeavyDiagnostics& heavy = stats.heavy();
  view.autocorrelation = heavy.autocorrelation;
  view.ess = heavy.ess;
  view.iat = heavy.iat;

  view.has_truth = stats.has_truth();
  if (view.has_truth) {
    const DistanceToTruth distance = stats.distance();
    view.tv = distance.tv;
    view.kl = distance.kl;
  }
  return view;
}

}  // namespace sgl
