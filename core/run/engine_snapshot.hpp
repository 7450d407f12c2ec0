// What the UI reads: the immutable snapshots the live engine (and the experiment runner)
// publish. Views include this header only, never the engine or the samplers: a view is a
// function of a snapshot, so the same view draws a live session, an SVG export and a headless
// figure (docs/architecture.md#layers).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/diagnostics/histogram.hpp"
#include "core/diagnostics/weighted_histogram.hpp"
#include "core/plot/streaming_decimator.hpp"
#include "core/run/chain_health.hpp"
#include "core/run/group_convergence.hpp"
#include "core/run/param_change.hpp"
#include "core/run/recorded_trajectory.hpp"
#include "core/run/start_point.hpp"
#include "core/samplers/sampler_counters.hpp"
#include "core/samplers/training_report.hpp"
#include "core/targets/target_registry.hpp"

namespace sgl {

// What the UI needs to draw one chain. Built by the worker; immutable once published.
struct ChainSnapshot {
  int id = 0;         // stable id (its creation position; also its seed stream)
  std::string label;  // unique among the session's chains
  std::string sampler_id;
  ParamValues params;       // user values
  ParamValues full_params;  // with defaults
  bool enabled = true;
  bool stopped = false;
  std::string stop_reason;
  bool observes_trajectories = false;  // its sampler has leapfrog paths (slow motion)
  // k: the draws carry the exact U and H on every k-th draw only (HMC-ECS, Chain::
  // exact_potential_every); 1 for all others.
  std::uint64_t exact_potential_every = 1;
  std::uint64_t seed = 0;
  SamplerCounters counters;
  double wall_seconds = 0.0;
  double recent_steps_per_second = 0.0;
  std::vector<ParamChange> param_history;
  // The values the chain (re)started with, and whether param_history holds every change since
  // (it keeps the newest few hundred): together they replay the chain's settings.
  ParamValues initial_params;
  bool param_history_complete = true;
  // Where the chain diverged (ascending): every divergent step, or on long runs with many, the
  // first of each bucket of divergence_bucket_width steps that had any (DivergenceMarks).
  std::vector<std::uint64_t> divergence_steps;
  std::uint64_t divergence_bucket_width = 1;
  std::uint64_t divergence_marks_count = 0;  // divergences marked since the last reset
  // The current settings segment (Chain::settings_counters) and what it says about the chain:
  // unstable, stuck or too slow under these settings (chain_health.hpp).
  std::uint64_t settings_start_step = 0;
  SamplerCounters settings_counters;
  // Of counters.divergences, those made while draws since forgotten were drawn (Ctrl+Z, "Forget
  // draws before this change"): the window's counts leave them out.
  std::uint64_t forgotten_divergences = 0;
  ChainHealth health;

  int dim = 0;
  std::size_t stored_draws = 0;  // draws held in the chain's ring buffer
  // The last K draws (K ≤ recent_capacity), oldest first: steps, θ and r row-major (K × dim).
  std::vector<std::uint64_t> recent_steps;
  std::vector<double> recent_theta;
  std::vector<double> recent_momentum;
  std::vector<double> recent_hamiltonian;
  // Up to ~4000 stored draws spread evenly over the ring buffer (K × dim), for sample clouds.
  std::vector<double> cloud;
  // Per coordinate: histogram over the target's view box of every draw since the last reset.
  std::vector<Histogram1D> histograms;
  // Signed samplers (a DrawSign channel: draws weighted by s = ±1): the histograms of the s = −1
  // draws alone, so a view can draw the sign-weighted density (histograms − 2·negative) / (Σs ·
  // width).
  bool signed_draws = false;
  std::vector<Histogram1D> negative_histograms;
  // Variational samplers (SamplerTraits::importance_log_weight): per coordinate, the draws
  // since the last reset weighted by their importance weights (empty for other samplers).
  std::vector<WeightedHistogram1D> importance_histograms;
  // The sampler's declared info channels (sampler_channels.hpp), and per channel (declaration
  // order) the values of the traced PerDraw ones over the whole run (HMC-ECS's σ̂², ...),
  // min/max-decimated like the traces; empty series for the others and before the first draw.
  std::vector<ChannelDescriptor> channels;
  std::vector<DecimatedSeries> channel_traces;
  // Per coordinate: min/max-decimated trace over the whole run; and the same for H and ΔH.
  std::vector<DecimatedSeries> traces;
  DecimatedSeries energy;
  DecimatedSeries energy_change;  // H_t − H_{t−1}
  // Per coordinate: autocorrelation ρ_0..ρ_maxlag, ESS and IAT over the stored draws.
  std::vector<std::vector<double>> autocorrelation;
  std::vector<double> ess;
  std::vector<double> iat;
  // Distance of the histogram to the truth (1-D: coordinate 0; 2-D: the joint histogram).
  bool has_truth = false;
  double tv = 0.0;
  double kl = 0.0;
  // Variational samplers (DAIS): training progress, ELBO curve and schedule, and particles
  // pushed through the K annealing steps with the current parameters (refreshed at most a few
  // times a second). Null for MCMC samplers.
  std::shared_ptr<const TrainingReport> training;
  std::shared_ptr<const AnnealingCloud> annealing;
};

struct EngineSnapshot {
  std::uint64_t version = 0;
  bool running = false;
  double steps_per_second = 0.0;  // the speed setting (0 = max)
  std::uint64_t seed = 0;
  std::shared_ptr<const Target> target;
  TargetSpec target_spec;
  StartChoice start;  // where the chains (re)start
  std::vector<ChainSnapshot> chains;
  // R̂ and bulk/tail ESS of every sampler with two or more running chains (refreshed about
  // once a second over the newest kLiveConvergenceWindow draws of each chain).
  std::vector<GroupConvergence> convergence;
  // The newest slow-motion recording (LiveEngine::trace_chain), null when there is none or its
  // chain was reset, rebuilt or removed since.
  std::shared_ptr<const RecordedTrajectory> trajectory;
  std::uint64_t trajectory_serial = 0;  // recordings made so far (dropped ones included)
  // A reopened session's replay (LiveEngine::cancel_replay): saved steps replayed so far and in
  // all; total 0 when no replay is under way.
  std::uint64_t replay_steps_done = 0;
  std::uint64_t replay_steps_total = 0;
  // How the last replay ended when it did not reach its saved steps (cancelled), until the
  // chains run again; empty otherwise.
  std::string replay_outcome;
  std::string last_error;          // the most recent rejected command, with why (empty if none)
  std::uint64_t error_serial = 0;  // increments with each new error
};

}  // namespace sgl
