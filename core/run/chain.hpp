// One chain: a sampler on a shared target with its own RNG stream and draw store. Parameter
// changes take effect at the next step and are logged with the step index, so a run can be
// replayed exactly and plots can mark the change.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/run/draw_store.hpp"
#include "core/run/param_change.hpp"
#include "core/samplers/sampler.hpp"

namespace sgl {

class Chain {
 public:
  // draw_capacity 0 keeps every draw; otherwise the newest draw_capacity (a ring buffer).
  Chain(std::shared_ptr<const Target> target, std::string sampler_id, const ParamValues& params,
        std::uint64_t seed, Vec init, std::uint64_t burnin, std::uint64_t thin,
        std::size_t draw_capacity = 0);

  // Runs `steps` more steps (fewer if the chain stops). Accumulates wall time.
  void run(std::uint64_t steps);
  // Validates and applies new user parameters without resetting; throws UserError.
  void set_params(const ParamValues& params);
  // A chain stopped by a divergence takes `params` (set_params) and goes on from its last good
  // draw, keeping its draws and counters, instead of restarting from its start; logged in the
  // history (ParamChange::resumes) so that a replay does the same. On a running chain it is
  // set_params.
  void resume(const ParamValues& params);
  // The same from a logged change (a replay): its settings, from its θ, its later draws dropped.
  void resume_from(const ParamChange& change);
  // Every recorded draw carries the exact U, also for subsampling samplers that otherwise record
  // it on every k-th draw (an ensemble reads each member's H at its checkpoints).
  void record_exact_potential_on_every_draw() { draws_.set_exact_potential_on_every_draw(true); }
  // k: the recorded draws carry the exact U (and H) on the 1st, (k+1)-th, ... draw after burn-in
  // and NaN on the others (DrawSink::exact_potential_due); 1 for all but subsampling samplers.
  std::uint64_t exact_potential_every() const { return sampler_->exact_potential_every(); }
  // Pre-allocates room for this many draws (avoids regrowing large stores while sampling).
  void reserve_draws(std::size_t draws) { draws_.reserve(draws); }
  // Restarts from the initial point with the initial seed, keeping the current parameters.
  void reset();
  // Drops the stored draws made before the current settings took effect (the chain goes on).
  void forget_draws_before_settings() {
    draws_.drop_through(settings_start_step_);
    forgotten_divergences_ = settings_base_.divergences;
  }
  // Divergences made while the draws forgotten by revert_params or forget_draws_before_settings
  // were drawn: the window's count leaves them out, as the histogram leaves out their draws.
  std::uint64_t forgotten_divergences() const { return forgotten_divergences_; }

  // Undo: returns to `before` and forgets the draws made since the parameters last were
  // `before` (a slider drag logs many changes; all of them are undone), so a histogram damaged by
  // the undone setting is as if it had never been. Returns how many draws were forgotten.
  std::size_t revert_params(const ParamValues& before);

  const std::string& sampler_id() const { return sampler_id_; }
  const ParamValues& params() const { return params_; }  // user values as given
  // The user values the chain (re)started with: with param_history() they replay the chain.
  const ParamValues& initial_params() const { return initial_params_; }
  ParamValues full_params() const;  // with defaults filled in
  std::uint64_t seed() const { return seed_; }
  const Vec& init() const { return init_; }
  const Target& target() const { return *target_; }
  const Sampler& sampler() const { return *sampler_; }
  const DrawStore& draws() const { return draws_; }
  const SamplerCounters& counters() const { return sampler_->counters(); }
  // The counters of the steps after burn-in (and after training): steps, MH acceptances and the
  // info channels' tallies, which the summary reports as rates of the recorded part of the run.
  // Work (evaluations, divergences, timing) stays as in counters(): burn-in costs too.
  SamplerCounters sampling_counters() const;
  // The sampler's declared info channels (its registry entry).
  const std::vector<ChannelDescriptor>& channels() const;
  bool stopped() const { return sampler_->stopped(); }
  const std::string& stop_reason() const { return sampler_->stop_reason(); }
  double wall_seconds() const { return wall_seconds_; }
  // Wall time less the exact-U evaluations made only for the record (sampler.hpp).
  double algorithm_seconds() const;
  const std::vector<ParamChange>& param_history() const { return history_; }
  // The current settings segment: the step after which the current parameters apply (0 from a
  // (re)start) and the counters of the steps since, so that "N divergent trajectories" and
  // the acceptance describe the settings in force rather than the whole run.
  std::uint64_t settings_start_step() const { return settings_start_step_; }
  SamplerCounters settings_counters() const;
  // Attaches a watcher of the sampler's paths (null detaches); see trajectory_observer.hpp.
  void set_trajectory_observer(TrajectoryObserver* observer) {
    sampler_->set_trajectory_observer(observer);
  }

 private:
  std::shared_ptr<const Target> target_;
  std::string sampler_id_;
  ParamValues params_;
  ParamValues initial_params_;
  std::uint64_t seed_;
  Vec init_;
  Rng rng_;
  std::unique_ptr<Sampler> sampler_;
  DrawStore draws_;
  std::uint64_t burnin_;
  // The counters when burn-in ended (unset until then; a chain stopped in burn-in never has it).
  bool burnin_done_ = false;
  SamplerCounters burnin_counters_;
  double wall_seconds_ = 0.0;
  std::vector<ParamChange> history_;
  std::vector<std::uint64_t> divergences_at_change_;  // counters().divergences per history_ entry
  std::uint64_t forgotten_divergences_ = 0;
  std::uint64_t settings_start_step_ = 0;
  SamplerCounters settings_base_;  // counters when the current settings took effect
};

}  // namespace sgl
