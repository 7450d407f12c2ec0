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
#include "core/run/engine_snapshot.hpp"
#include "core/run/start_point.hpp"
#include "core/targets/target_registry.hpp"

namespace sgl {

struct LiveChainConfig {
  std::string sampler_id;
  ParamValues params;  // user values (defaults filled in by the sampler registry)
  bool enabled = true;
  // A saved session's chain (scenario files): its id (= seed stream; -1: the next free id), and
  // the replay that brings it back to where it was: run to each change's step, apply the
  // change, ..., then run to replay_steps. Same seed, same changes at the same steps: the same
  // draws follow.
  int id = -1;
  std::vector<ParamChange> replay_history{};
  std::uint64_t replay_steps = 0;
  // The chain's name in every panel, the metrics, exports and sessions (a scenario's `label`).
  // Empty: a readable default from the sampler's short name ("SGHMC", then "SGHMC 2", ...).
  std::string label{};
};

// Everything needed to save a live session exactly (LiveEngine::session_state).
struct LiveSessionState {
  TargetSpec target;
  std::uint64_t seed = 1;
  std::vector<double> init;  // the custom start point (empty: the target's default)
  bool init_at_map = false;  // every chain at the posterior mode (regressions; init empty)
  double steps_per_second = 0.0;
  struct ChainState {
    int id = 0;
    std::string sampler_id;
    ParamValues initial_params;
    std::vector<ParamChange> history;  // complete, unlike the snapshot's recent changes
    std::uint64_t steps = 0;
    bool enabled = true;
    std::string label;
  };
  std::vector<ChainState> chains;
};

struct LiveSetup {
  TargetSpec target;
  std::vector<LiveChainConfig> chains;
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
  std::size_t draw_capacity = 1u << 20;  // draws kept per chain (ring buffer)
  double steps_per_second = 0.0;         // per chain; 0 = as fast as possible
  bool running = true;
};

class LiveEngine {
 public:
  // Builds the target and chains (throws UserError) and starts the worker.
  explicit LiveEngine(const LiveSetup& setup);
  ~LiveEngine();  // stops and joins the worker
  LiveEngine(const LiveEngine&) = delete;
  LiveEngine& operator=(const LiveEngine&) = delete;

  // Commands: queued, applied by the worker between slices, never blocking on sampling.
  // A command that fails (bad parameters, invalid combination) leaves everything as it was
  // and reports its reason in the next snapshot's last_error.
  void set_running(bool running);
  void step_once();                         // every enabled chain advances one step (when paused)
  void set_speed(double steps_per_second);  // per chain; 0 = as fast as possible
  void reset_all();
  void reset_chain(int id);
  void set_chain_params(int id, const ParamValues& params);
  void set_chain_sampler(int id, const std::string& sampler_id, const ParamValues& params);
  void set_chain_enabled(int id, bool enabled);
  // Renames a chain; refused when empty or taken by another chain.
  void set_chain_label(int id, const std::string& label);
  void add_chain(const LiveChainConfig& config);
  void duplicate_chain(int id);
  void remove_chain(int id);
  // Replaces the target (and its parameters); chains keep their samplers and restart. Sampler
  // parameters that do not apply to the new kind of target (batch_size ↔ noise_var) are dropped.
  void set_target(const TargetSpec& target);
  void set_seed(std::uint64_t seed);  // restarts every chain with seeds from the new run seed
  // Where chains start (as `run --init`); restarts every chain there. A refused choice (map on
  // a target without a mode, values of the wrong length) changes nothing.
  void set_start(const StartChoice& start);

  // The newest published snapshot (never null after construction).
  std::shared_ptr<const EngineSnapshot> snapshot() const;

  // Blocks until every queued command has been applied and a snapshot reflecting them is
  // published (tests and --frames runs; the interactive UI never calls it).
  void wait_until_idle();

  // A copy of chain `id`'s stored draws, taken by the worker between slices after the commands
  // queued so far (nullopt for an unknown id). Blocks until then: for tests and exports, never
  // for the UI's frame loop.
  std::optional<DrawStore> copy_draws(int id);

  // The state a session file needs, taken by the worker between slices (blocks like copy_draws).
  LiveSessionState session_state();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace sgl
