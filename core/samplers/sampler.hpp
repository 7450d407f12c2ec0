// The sampler interface (BlackJAX/Stan shape): explicit state (θ, r), parameters read once into
// plain fields, and a `run` that advances many steps per call so the hot loop pays no virtual
// call or queue push per step. The RNG is passed by reference; there is no hidden global RNG.
//
// Bookkeeping shared by all samplers lives here: counters (steps, MH proposals/accepts,
// divergences, per-datum evaluations, info-channel tallies), recording into a DrawSink (the
// samplers layer's own interface, draw_sink.hpp; the run layer's DrawStore implements it), and the
// divergence rule.
//
// Divergence (Stan's rule): a transition is divergent when H is not finite or H − H₀ > 1000.
// For MH samplers H₀ is the trajectory's start; the proposal is rejected, counted, and the chain
// goes on. Samplers without MH have no trajectory start, so H₀ is the energy at the previous
// check point: every recorded draw, and during burn-in a few evenly spaced steps ending with the
// last burn-in step (DrawSink::burnin_checkpoint), so the first recorded draw is compared with
// the state `thin` steps before it, never with the far-away start. Any non-finite θ or r is
// divergent too; the state reverts to the last good check point and the chain stops with a reason.
//
// Timing: the exact U that only the record needs (H of a recorded draw, the divergence check
// points) is timed apart into counters().diagnostic_seconds, so the summary can report the
// sampler's own work (algorithm_seconds = wall − diagnostic) beside the wall time. Cheap calls
// are timed one in 16, each timed call counting for the untimed ones before it (two clock reads
// per step cost a third of a cheap 1-D step); expensive ones (over 2 µs) are all timed.
#pragma once

#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>

#include "core/integrators/metric.hpp"  // kinetic_energy: ½‖r‖², the unit metric
#include "core/samplers/draw_sink.hpp"
#include "core/samplers/sampler_counters.hpp"
#include "core/samplers/training_report.hpp"
#include "core/samplers/trajectory_observer.hpp"
#include "core/targets/target.hpp"
#include "core/util/params.hpp"
#include "core/util/rng.hpp"

namespace sgl {

struct SamplerInfo;  // sampler_registry.hpp: each sampler declares its own

constexpr double kDivergenceThreshold = 1000.0;
// U and H of a recorded draw that carries no exact U (Sampler::exact_potential_every).
constexpr double kNoExactPotential = std::numeric_limits<double>::quiet_NaN();

class Sampler {
 public:
  explicit Sampler(const Target& target);
  virtual ~Sampler() = default;
  Sampler(const Sampler&) = delete;
  Sampler& operator=(const Sampler&) = delete;

  // Reads a full, validated parameter set (defaults filled in). Takes effect at the next step;
  // the chain is not reset. Throws UserError for invalid combinations.
  virtual void set_params(const ParamValues& params) = 0;

  // Starts afresh at θ₀ with momentum r ~ N(0, M); clears counters and the stop flag.
  virtual void reset(const Vec& theta0, Rng& rng);

  // Advances up to `steps` steps, recording due draws. Returns early only if the chain stopped.
  virtual void run(std::uint64_t steps, Rng& rng, DrawSink& store) = 0;

  // What a divergence's stop reason suggests: only settings this sampler has (a sampler without
  // friction must not be told to add some).
  virtual const char* divergence_hint() const { return "try a smaller step size"; }
  // The likely cause of a divergence under the current parameters, in this sampler's own terms
  // (e.g. "εC too large (εC = 5.4 > 2): ..."), or empty when it has no specific explanation.
  // It leads the stop reason (the hint above is the fallback), so the user learns which setting
  // to change.
  virtual std::string divergence_cause() const { return {}; }
  // Whether this sampler's steps are MH-corrected (used for acceptance reporting).
  virtual bool uses_metropolis() const { return false; }

  // Variational samplers (DAIS) first train: this many steps are optimisation steps that record
  // no draw, and front ends run them on top of burn-in and sampling steps. 0 for MCMC samplers.
  virtual std::uint64_t training_steps() const { return 0; }
  // Training progress and results; null for samplers without a training phase.
  virtual std::shared_ptr<const TrainingReport> training_report() const { return nullptr; }
  // Up to `particles` trajectories through the annealing transitions with the current parameters
  // from their own RNG seeded with `seed` (the chain's draws are unaffected); null if none.
  virtual std::shared_ptr<const AnnealingCloud> annealing_cloud(int /*particles*/,
                                                                std::uint64_t /*seed*/) const {
    return nullptr;
  }

  // Whether this sampler reports its paths to a TrajectoryObserver (the Hamiltonian samplers and
  // SGHMC); set_trajectory_observer is ignored by the others. Null detaches; the observer must
  // outlive its attachment.
  virtual bool observes_trajectories() const { return false; }
  void set_trajectory_observer(TrajectoryObserver* observer) { observer_ = observer; }

  const Vec& position() const { return theta_; }
  const Vec& momentum() const { return r_; }
  const SamplerCounters& counters() const { return counters_; }
  bool stopped() const { return stopped_; }
  const std::string& stop_reason() const { return stop_reason_; }
  // Goes on after a divergence from θ (a draw made before the trouble began): starts there as
  // reset() does (fresh momentum, the sampler's own state afresh: the blown-up state is no use),
  // but the counters go on, so steps and draws continue where they were.
  void resume_at(const Vec& theta, Rng& rng) {
    const SamplerCounters kept = counters_;
    reset(theta, rng);
    counters_ = kept;
  }
  const Target& target() const { return target_; }

  double kinetic_energy(const Vec& r) const { return sgl::kinetic_energy(r); }

  // Subsampling samplers record the exact U (O(n), needed by no step of theirs) on every k-th
  // recorded draw only (DrawSink::exact_potential_due); 1 for every other sampler.
  std::uint64_t exact_potential_every() const { return exact_potential_every_; }

 protected:
  // After one step of a sampler without MH: checks finiteness, records if due, applies the
  // divergence rule. Returns false when the chain has stopped. `channel_values` as for
  // finish_metropolis_step (the values of the sampler's PerDraw channels, e.g. SGNHT's ξ).
  bool finish_free_step(DrawSink& store, const double* channel_values = nullptr,
                        int channel_count = 0) {
    ++counters_.steps;
    double sum = 0.0;  // NaN or ±inf anywhere makes the sum non-finite
    for (Eigen::Index i = 0; i < theta_.size(); ++i) sum += theta_[i] + r_[i];
    if (!std::isfinite(sum)) return diverge("position or momentum became non-finite");
    if (store.due(counters_.steps)) {
      // On data the O(n) exact U only on every k-th recorded draw (space_exact_potential): SGLD
      // on 10⁴ rows spent 99% of `run`'s wall clock on it. The divergence rule reads those.
      return record_free_step(store,
                              store.exact_potential_due(counters_.steps, exact_potential_every_),
                              channel_values, channel_count);
    }
    if (store.burnin_checkpoint(counters_.steps)) return check_free_step();
    return true;
  }

  // After one MH-corrected iteration whose exact U at the current state is `potential`.
  void finish_metropolis_step(DrawSink& store, bool accepted, double accept_prob, bool divergent,
                              double potential) {
    finish_metropolis_step(store, accepted, accept_prob, divergent, potential,
                           potential + kinetic_energy(r_));
  }

  // As above with the recorded H given explicitly, for samplers whose kinetic energy is not
  // ½‖r‖² (a mass matrix M ≠ I: H = U + ½ rᵀM⁻¹r).
  // `channel_values` (the values of the sampler's PerDraw channels, in declaration order) go
  // with the draw if it is recorded.
  void finish_metropolis_step(DrawSink& store, bool accepted, double accept_prob, bool divergent,
                              double potential, double hamiltonian,
                              const double* channel_values = nullptr, int channel_count = 0) {
    ++counters_.steps;
    ++counters_.mh_proposals;
    if (accepted) ++counters_.mh_accepts;
    counters_.accept_prob_sum += accept_prob;
    if (divergent) ++counters_.divergences;
    if (store.due(counters_.steps))
      store.record({.step = counters_.steps,
                    .theta = theta_.data(),
                    .momentum = r_.data(),
                    .potential = potential,
                    .hamiltonian = hamiltonian,
                    .accepted = accepted,
                    .divergent = divergent,
                    .channel_values = channel_values,
                    .channel_count = channel_count});
  }

  // Samplers without MH observe one step as an iteration: the state before the step (point 0)
  // and after it (point 1), with the exact H, then "accepted, p = 1". A momentum refresh that
  // ends the step comes after point 1, so the next iteration's point 0 shows it.
  // Returns whether the step about to run is observed.
  bool observe_free_step_start() {
    if (observer_ == nullptr || !observer_->wants(counters_.steps + 1)) return false;
    report_free_point(0);
    return true;
  }
  void observe_free_step_end() {
    report_free_point(1);
    observer_->on_decision(counters_.steps + 1, true, 1.0, false);
  }

  // The tally of the info channel declared at position `channel` (sampler_channels.hpp).
  ChannelTally& channel_tally(std::size_t channel) { return counters_.channels[channel]; }

  // Records the draw; with `exact_potential` its exact U and H, after the divergence rule
  // (else NaN: the draws between those that carry an exact U).
  bool record_free_step(DrawSink& store, bool exact_potential, const double* channel_values,
                        int channel_count);
  // A burn-in check point: the divergence rule without recording.
  bool check_free_step();
  // The exact U at θ for the record only (not needed by the algorithm): timed apart.
  double recorded_potential(const Vec& theta);
  // For samplers whose steps touch `evaluations_per_step` data points of n: records the exact U
  // on every k-th draw with k = ⌈5n / evaluations_per_step⌉, so that it costs at most about 20%
  // of sampling (a point of the exact U costs no more than a point of a subsampled gradient:
  // about a third of one for HMC-ECS's second-order estimator at d = 6, bench_hmcecs_record).
  void space_exact_potential(double num_data, double evaluations_per_step);
  std::uint64_t exact_potential_every_ = 1;
  bool diverge(const std::string& why);
  void remember_good_state(double hamiltonian);

  const Target& target_;
  Vec theta_;
  Vec r_;
  SamplerCounters counters_;
  TrajectoryObserver* observer_ = nullptr;  // see set_trajectory_observer

 private:
  bool stopped_ = false;
  std::string stop_reason_;
  Vec good_theta_;
  Vec good_r_;
  double reference_energy_ = 0.0;  // H₀ for the divergence rule of samplers without MH
  // recorded_potential's calls, the last one it timed, and whether it times every call.
  std::uint64_t potential_calls_ = 0;
  std::uint64_t timed_potential_calls_ = 0;
  bool time_every_potential_ = false;

  void report_free_point(int index) {
    observer_->on_point(counters_.steps + 1, index, theta_, r_,
                        target_.potential(theta_.data()) + kinetic_energy(r_));
  }

  // The divergence rule at a check point with exact U `potential`; false if the chain stopped.
  // On data the exact U, and with it this check, comes on every k-th draw only: the rise is then
  // counted over k steps. A stationary chain's energy varies as much between any two draws, so
  // the threshold stays; a steady drift (naive SGHMC's energy) is stopped sooner.
  bool check_energy(double potential, const char* since);
};

}  // namespace sgl
