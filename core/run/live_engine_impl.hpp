// Private to the live engine: the worker's per-chain record and the engine's state, shared by
// live_engine.cpp (thread, loop, pacing, publication) and live_engine_commands.cpp (what each
// command does to the chains).
#pragma once

#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "core/run/live_chain_stats.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/live_group_convergence.hpp"
#include "core/run/recorded_trajectory.hpp"
#include "core/util/worker_pool.hpp"

namespace sgl {

// Steps a chain runs in its first pass (it then adapts to the measured cost per step).
constexpr std::uint64_t kLiveFirstSlice = 16;

// What a saved chain still has to replay (a reopened session): the worker runs it in slices
// between commands (live_engine_replay.cpp), so a session saved after 10^10 steps neither
// freezes the window nor delays its closing.
struct PendingReplay {
  std::vector<ParamChange> history;  // every saved change (session_state saves them all)
  std::size_t next_change = 0;       // the first change not yet applied
  std::uint64_t steps = 0;           // the saved step count the replay ends at
  std::uint64_t slice = 16;          // steps per Chain::run, fitted to the pass budget
};

// One chain of the live session with everything the worker keeps about it.
struct LiveChain {
  LiveChain(int id_, std::string label_, bool enabled_, std::unique_ptr<Chain> chain_,
            std::shared_ptr<const LiveTruthBins> truth)
      : id(id_),
        label(std::move(label_)),
        enabled(enabled_),
        chain(std::move(chain_)),
        stats(chain->target(), std::move(truth)) {}

  int id;
  std::string label;
  bool enabled;
  std::unique_ptr<Chain> chain;
  LiveChainStats stats;
  std::uint64_t slice = kLiveFirstSlice;  // steps per pass at full speed
  bool probe_cost = true;  // time a single step first: the cost per step may have changed
  LiveClock::time_point pace_origin = LiveClock::now();
  std::uint64_t paced_steps = 0;  // steps run since pace_origin
  // DAIS: the newest training report and annealing cloud, and when they were made.
  std::shared_ptr<const TrainingReport> training;
  std::shared_ptr<const AnnealingCloud> annealing;
  std::uint64_t training_steps_seen = ~std::uint64_t{0};
  std::uint64_t annealing_steps_seen = ~std::uint64_t{0};
  LiveClock::time_point annealing_allowed_at{};
  std::optional<PendingReplay> replay;  // set while its saved steps are being replayed

  // A chain under replay does not sample live: its steps belong to the saved session.
  bool active() const { return enabled && !chain->stopped() && !replay; }
  void restart_pace(LiveClock::time_point now) {
    pace_origin = now;
    paced_steps = 0;
  }
};

struct LiveEngine::Impl {
  using Command = std::function<void(Impl&)>;

  explicit Impl(const LiveSetup& setup);  // builds target and chains; does not start the worker

  // ---- any thread
  void push(Command command);
  void start_worker();
  void stop_worker();

  // ---- worker thread (live_engine.cpp)
  void worker_main();
  // One turn of the loop, its errors reported in the snapshot; `may_sleep`: wait for the next
  // due step or command when nothing was stepped (the worker thread; run_slice never sleeps).
  void turn_safely(bool may_sleep);
  void loop_turn(bool may_sleep);
  bool apply_commands();
  bool advance_chains(LiveClock::time_point now);
  std::uint64_t steps_owed(LiveChain& live, LiveClock::time_point now);
  void run_slice(LiveChain& live, std::uint64_t steps, LiveClock::duration budget);
  void update_heavy_diagnostics(LiveClock::time_point now);
  std::vector<ConvergenceMember> convergence_members() const;
  std::optional<LiveClock::time_point> next_wake_time(LiveClock::time_point now) const;
  void publish(LiveClock::time_point now);
  void refresh_training(LiveChain& live, LiveClock::time_point now);
  LiveClock::duration publish_gap() const;
  void report(const std::string& message);

  // ---- what commands do (live_engine_commands.cpp; also used by the constructor)
  std::unique_ptr<Chain> build_chain(const std::string& sampler_id, const ParamValues& params,
                                     int id) const;
  LiveChain& find_chain(int id);  // throws UserError for an unknown id
  // `stem` if no chain has it, else "stem 2", "stem 3", ...
  std::string unused_label(const std::string& stem) const;
  void forget_label(const std::string& label);  // label_uses when a chain drops its label
  void set_chain_label(int id, const std::string& label);
  void add_chain(const ChainSpec& config);
  // ---- replays of saved chains (live_engine_replay.cpp)
  // Throws UserError for a history out of order or past `steps`, before anything runs.
  static void check_history(const std::vector<ParamChange>& history, std::uint64_t steps);
  bool replay_pending() const;
  // Runs pending replays for about `budget`; true if it ran any step or change.
  bool advance_replays(LiveClock::duration budget);
  // Once no replay is left: publishes and releases wait_until_idle.
  void settle_replays();
  void cancel_replays();
  void require_not_replaying(const LiveChain& live) const;  // throws UserError
  void fill_replay_progress(EngineSnapshot& snapshot) const;
  void step_all_once();
  void trace_chain(int id, std::uint64_t steps);
  void restart_chain(LiveChain& live);  // after a reset or rebuild: aggregations, pace, slice
  void restart_pacing();
  void reset_chain(int id);
  void forget_draws_before_change(int id);
  void set_chain_params(int id, const ParamValues& params);
  void resume_chain(int id, const ParamValues& params);
  void revert_chain_params(int id, const ParamValues& before);
  void set_chain_sampler(int id, const std::string& sampler_id, const ParamValues& params);
  void remove_chain(int id);
  void set_speed(double steps_per_second);
  void set_target(const TargetSpec& spec);
  void set_seed(std::uint64_t new_seed);
  void set_start(const StartChoice& choice);

  // ---- shared between the UI thread and the worker
  mutable std::mutex queue_mutex;
  std::condition_variable wake;  // the worker sleeps on it
  std::condition_variable idle;  // wait_until_idle sleeps on it
  std::deque<Command> queue;
  std::uint64_t commands_queued = 0;     // guarded by queue_mutex
  std::uint64_t commands_published = 0;  // guarded by queue_mutex
  std::atomic<bool> shutdown{false};
  bool replays_unsettled = false;  // guarded by queue_mutex: wait_until_idle waits for replays
  mutable std::mutex snapshot_mutex;
  std::shared_ptr<const EngineSnapshot> published;  // guarded by snapshot_mutex
  std::function<void()> publish_listener;           // guarded by snapshot_mutex

  // ---- worker-owned (set up by the constructor before the worker starts)
  TargetSpec target_spec;
  std::shared_ptr<const Target> target;
  std::shared_ptr<const LiveTruthBins> truth;
  StartChoice start_choice;  // the setup's or the user's start (start_point.hpp)
  Vec init;                  // the common start; HMC-ECS may start elsewhere (sampler_start)
  std::uint64_t seed = 1;
  std::size_t draw_capacity = 0;
  double speed = 0.0;
  bool running = true;
  std::vector<std::unique_ptr<LiveChain>> chains;
  // Indexes over `chains` (kept by add_chain, set_chain_label and remove_chain), so that adding
  // n chains costs O(n log n), not a search through every chain per label and id.
  std::map<std::string, int> label_uses;
  std::set<int> ids_in_use;
  // Per stem, the smallest k whose "stem k" may still be free; cleared when a label is freed.
  mutable std::map<std::string, int> next_label_suffix;
  int next_id = 0;
  std::string last_error;
  std::uint64_t error_serial = 0;
  std::uint64_t version = 0;
  bool dirty = false;  // something changed since the last snapshot
  LiveClock::time_point last_publish{};
  LiveClock::duration publish_cost{};
  LiveClock::time_point heavy_allowed_at{};
  LiveGroupConvergence group_convergence;  // R̂ and bulk/tail ESS per sampler group
  // The newest slow-motion recording (trace_chain); dropped when its chain restarts or goes.
  std::shared_ptr<const RecordedTrajectory> trajectory;
  std::uint64_t trajectory_serial = 0;
  // Saved steps of replays already finished, for the progress of those still under way.
  std::uint64_t replay_steps_settled = 0;
  std::string replay_outcome;  // EngineSnapshot::replay_outcome

  bool own_thread = true;  // LiveSetup::own_thread: false leaves `worker` unstarted
  std::thread worker;
  // Steps the chains of one pass side by side; the worker is one of its threads.
  std::unique_ptr<WorkerPool> pool;
  int jobs = 1;
};

}  // namespace sgl
