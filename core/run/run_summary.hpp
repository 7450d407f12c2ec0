// Per-sampler summaries of a session (pooled over that sampler's chains): what summary.json
// holds and what the GUI's metrics table shows.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/run/importance_summary.hpp"
#include "core/run/output_kind.hpp"
#include "core/run/session.hpp"

namespace sgl {

// Below this s̄ = 2τ̂ − 1 (τ̂ < 0.55) the sign-weighted estimates get a warning (here and in
// the GUI's metrics): their variance grows as 1/s̄² (the CT of eq. 5.4 has the factor
// 1/(2τ − 1)²).
constexpr double kSmallMeanSign = 0.1;

// For signed samplers (a channel with role DrawSign, sampler_channels.hpp) every statistic is
// sign-weighted (Dang et al.
// 2019, eq. 5.3): mean = Σθs / Σs, sd² = Σ(θ − mean)²s / Σs, and the ratio's MCSE by the delta
// method, sd(y) / √ESS(y) / |s̄| with y = (θ − mean)s, ess and iat being those of y.
struct CoordinateSummary {
  std::string name;
  double mean = 0.0;
  double sd = 0.0;
  double ess = 0.0;   // summed over chains (Geyer initial positive + monotone sequence per chain)
  double iat = 0.0;   // draws / ess (per chain, averaged as a ratio of sums)
  double mcse = 0.0;  // sd / sqrt(ess)
  // With ≥ 2 chains (NaN otherwise): rank-normalised split R̂, bulk and tail ESS of the
  // unweighted draws (convergence.hpp; for signed samplers, those of the |L̂| chain).
  double rhat = 0.0;
  double ess_bulk = 0.0;
  double ess_tail = 0.0;
};

// One declared info channel's pooled figure: Σ sums / Σ counts of the chains' tallies (Rate and
// PerDraw channels, over the steps after burn-in), or the largest value (Setting channels).
struct ChannelFigure {
  std::string id;   // the channel's id
  std::string key;  // its summary.json key
  double value = 0.0;
  // Each chain's own figure, in chain order (NaN where a chain has none; empty for settings): a
  // pooled mean can hide one chain whose EWSG index weights degenerated.
  std::vector<double> per_chain;
};

struct SamplerSummary {
  std::string id;
  ParamValues params;       // full set, defaults filled in
  std::string params_text;  // "step_size=0.1,friction=1,..."
  int chains = 0;
  std::uint64_t steps = 0;  // per chain, including burn-in
  std::uint64_t draws = 0;  // recorded draws over all chains
  std::vector<std::string> names;
  std::vector<CoordinateSummary> coordinates;
  // Rates (accept_rate, the channels' rates and means) count the steps after burn-in only,
  // as the coordinates do; evaluations, divergences and timing count every step.
  bool has_accept_rate = false;
  double accept_rate = 0.0;  // MH acceptances / proposals
  std::uint64_t divergences = 0;
  std::uint64_t divergences_after_burnin = 0;
  std::uint64_t gradient_evaluations = 0;  // per datum
  std::uint64_t density_evaluations = 0;   // per datum (MH energies)
  double data_passes = 0.0;                // (gradient + density evaluations) / n
  double wall_seconds = 0.0;               // summed over chains
  double algorithm_seconds = 0.0;          // wall less exact-U evaluations made only for the record
  double steps_per_second = 0.0;           // steps / algorithm_seconds
  // Subsampling samplers record the exact U (and H) on every k-th draw only (Chain::
  // exact_potential_every; the largest k of the chains) and NaN on the others: how many draws
  // carry it. k = 1 and every draw for all other samplers.
  std::uint64_t exact_potential_every = 1;
  std::uint64_t exact_potential_draws = 0;
  bool has_truth = false;
  double tv_distance = 0.0;  // histogram vs true density over the same bins
  double kl = 0.0;
  int truth_bins = 0;                     // bins per axis used for tv/kl
  std::vector<std::string> stop_reasons;  // chains that stopped early, with why
  // Why no chain recorded a draw ("diverged at step 1: ..."); empty when there are draws. The
  // coordinate statistics are then NaN (null in summary.json), never "nan ± inf" in a table.
  std::string no_draws;

  // The sampler's declared channels that have a summary key and a value, in declaration order
  // (EWSG's index acceptance, HMC-ECS's α_u, mean σ̂² and m/n, ...).
  std::vector<ChannelFigure> channels;
  // The figure of the channel with this id, if reported.
  std::optional<double> channel(const std::string& id) const {
    for (const ChannelFigure& figure : channels)
      if (figure.id == id) return figure.value;
    return std::nullopt;
  }
  // Signed samplers: τ̂, the fraction of positive likelihood estimates (the DrawSign channel).
  bool has_sign_positive_fraction = false;
  double sign_positive_fraction = 0.0;

  // Variational samplers (DAIS): the first chain's training report, with the ELBO pooled over
  // every chain's draws (elbo, elbo_se, elbo_samples) and the training time summed.
  std::shared_ptr<const TrainingReport> training;
  // Signed samplers: whether the statistics are sign-weighted, s̄ = Σs / draws over the recorded
  // draws, and a warning when the weighting is unreliable (Σs ≤ 0: statistics are NaN; s̄ small:
  // the ratio's variance grows as 1/s̄²). Empty when all is well.
  bool sign_weighted = false;
  double mean_sign = 1.0;
  std::string sign_warning;
  // With ≥ 2 chains: a warning naming the coordinates whose R̂ > 1.01 (empty when all is well).
  std::string rhat_warning;
  // Samplers whose draws carry a log importance weight (DAIS): the self-normalised weighted
  // moments and the weights' Kish ESS beside the plain moments of q's draws.
  std::optional<ImportanceSummary> importance;

  // What the draws are and what is known to be off with them (output_kind.hpp): every output
  // shows these.
  OutputKind kind = OutputKind::Exact;
  std::vector<std::string> warnings;
};

std::vector<SamplerSummary> summarize(const Session& session);

}  // namespace sgl
