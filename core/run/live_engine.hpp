// The live engine behind the GUI: a worker thread that owns every chain, applies commands
// between slices of steps, and publishes read-only snapshots for the UI
// (docs/architecture.md#from-a-slider-to-a-picture; after Tracy's Worker). The UI never waits on
// sampling: commands go through a short mutex-guarded queue, and the newest snapshot is swapped
// in atomically; draw code reads only the snapshot it holds.
//
// Chains use the same Chain/Sampler code and the same seeds as `sgmcmc-lab run`: chain k of a
// live session (k = its position when created) gets chain_seed(seed, k, 0), so the GUI's default
// scenario draws exactly what `run --sampler A --sampler B ... --seed S` draws.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/run/chain.hpp"
#include "core/run/chain_spec.hpp"
#include "core/run/engine_snapshot.hpp"
#include "core/run/start_point.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/threads_available.hpp"

namespace sgl {

// What the engine starts from; also what LiveEngine::session_state() returns, since a session
// saved exactly is a setup that replays it: each chain as a ChainSpec with its id, the
// parameters of its last (re)start, its complete change history (unlike the snapshot's recent
// changes) and its steps.
// Draws a live chain keeps by default: its newest 100 000, at most 8 MB for a 2-D target (the
// statistics on screen are streamed over every draw; the store serves the draws export, slow
// motion's history and the convergence window). A scenario's "keep_draws" changes it.
inline constexpr std::size_t kLiveDrawsPerChain = 100'000;

struct LiveSetup {
  TargetSpec target;
  // The chains, in order. A chain with an id >= 0 takes that id (a saved session's chain, which
  // is then replayed through its history to its steps); -1 takes the next free id. A chain with
  // an empty label gets a readable default from its sampler's short name.
  std::vector<ChainSpec> chains;
  std::uint64_t seed = 1;
  // Where chains start, as `run --init` (start_point.hpp): values, map, or neither (the
  // target's default, HMC-ECS at θ* on regressions).
  std::vector<double> init;  // empty: the target's default start
  bool init_at_map = false;
  // The target already built from `built_from` by whoever made this setup (opening a scenario
  // with start values builds it to check them), so that a large data file is read once. The
  // engine uses it only if `built_from` equals `target`, and builds the target itself otherwise.
  std::shared_ptr<const Target> built_target;
  TargetSpec built_from;
  std::size_t draw_capacity = kLiveDrawsPerChain;  // draws kept per chain (ring buffer)
  double steps_per_second = 0.0;                   // per chain; 0 = as fast as possible
  bool running = true;
  // Threads that step the chains side by side (the engine's worker included); 0 = one per
  // hardware thread. The draws are the same for every value: each chain owns its RNG stream.
  int jobs = 0;
  // Whether the engine steps on a worker thread of its own (wherever threads exist). Without
  // one (the browser build) nothing runs until the owner calls run_slice(), once per frame,
  // and the calls below that wait for the worker do its work themselves. The draws are the same.
  bool own_thread = kThreadsAvailable;
};

class LiveEngine {
 public:
  // Builds the target and chains (throws UserError) and starts the worker, which replays the
  // saved chains' steps (the constructor runs none).
  explicit LiveEngine(const LiveSetup& setup);
  ~LiveEngine();  // stops and joins the worker
  LiveEngine(const LiveEngine&) = delete;
  LiveEngine& operator=(const LiveEngine&) = delete;
  // The worker works on the engine's state, never on this handle: an engine built on another
  // thread (the window opens a preset off its UI thread) moves to its owner running.
  LiveEngine(LiveEngine&& other) noexcept;
  LiveEngine& operator=(LiveEngine&&) = delete;

  // Commands: queued, applied by the worker between slices, never blocking on sampling.
  // A command that fails (bad parameters, invalid combination) leaves everything as it was
  // and reports its reason in the next snapshot's last_error.
  void set_running(bool running);
  void step_once();  // every enabled chain advances one step (when paused)
  // Slow motion: chain `id` runs its next `steps` real steps (the draws it would make anyway)
  // with a TrajectoryRecorder attached, and the snapshot's `trajectory` then holds every
  // leapfrog point and decision. Refused for samplers without leapfrog paths and stopped chains.
  // Other chains do not move (the UI pauses the engine while it plays a path back).
  void trace_chain(int id, std::uint64_t steps);
  void set_speed(double steps_per_second);  // per chain; 0 = as fast as possible
  void reset_all();
  void reset_chain(int id);
  // "Forget draws before this change": chain `id` keeps running, but its histograms, traces and
  // diagnostics restart from the draws made under its current settings (since its last
  // parameter change), so a histogram damaged by a bad setting recovers.
  void forget_draws_before_change(int id);
  void set_chain_params(int id, const ParamValues& params);
  // A chain stopped by a divergence goes on under `params` from its last good draw, keeping its
  // draws (Chain::resume); the window does this when a drag ends on stable settings.
  void resume_chain(int id, const ParamValues& params);
  // Undo (Ctrl+Z): chain `id` returns to `before` and forgets the draws made under the settings
  // undone (Chain::revert_params); its statistics restart from the draws it keeps.
  void revert_chain_params(int id, const ParamValues& before);
  void set_chain_sampler(int id, const std::string& sampler_id, const ParamValues& params);
  void set_chain_enabled(int id, bool enabled);
  // Renames a chain; refused when empty or taken by another chain.
  void set_chain_label(int id, const std::string& label);
  // A chain with saved steps or history (a reopened session's) is replayed on the worker in
  // slices: it does not sample live until then, the snapshot shows the replay's progress, and
  // parameter changes, slow motion and duplication of it are refused until the replay ends.
  void add_chain(const ChainSpec& config);
  // Stops every replay under way: its chains stay at the steps they reached, with the changes
  // of their history applied up to there; the window says so.
  void cancel_replay();
  void duplicate_chain(int id);
  void remove_chain(int id);
  // Replaces the target (and its parameters); chains keep their samplers and restart. Sampler
  // parameters that do not apply to the new kind of target (batch_size ↔ noise_var) are dropped.
  void set_target(const TargetSpec& target);
  void set_seed(std::uint64_t seed);  // restarts every chain with seeds from the new run seed
  // Where chains start (as `run --init`); restarts every chain there. A refused choice (map on
  // a target without a mode, values of the wrong length) changes nothing.
  void set_start(const StartChoice& start);

  // Without a thread of its own (LiveSetup::own_thread false): one turn of the worker's loop on
  // the caller's thread (queued commands, about 8 ms of steps or replay, diagnostics, a snapshot
  // when one is due), never sleeping. Does nothing when the engine has its thread.
  void run_slice();

  // The newest published snapshot (never null after construction).
  std::shared_ptr<const EngineSnapshot> snapshot() const;
  // Called on the worker thread after each new snapshot is published (the window uses it to end
  // its idle wait); keep it short and thread-safe. An empty function removes it.
  void set_publish_listener(std::function<void()> listener);

  // Blocks until every queued command has been applied, every replay has ended and a snapshot
  // reflecting them is published (tests and --frames runs; the interactive UI never calls it).
  void wait_until_idle();

  // A copy of chain `id`'s stored draws, taken by the worker between slices after the commands
  // queued so far (nullopt for an unknown id). Blocks until then: for tests and exports, never
  // for the UI's frame loop.
  std::optional<DrawStore> copy_draws(int id);

  // The state a session file needs, taken by the worker between slices (blocks like copy_draws):
  // a setup whose chains replay to where they are now, so LiveEngine(session_state()) continues
  // with the same draws.
  LiveSetup session_state();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sgl
