// The live engine's thread, loop, pacing and publication (what commands do to the chains is in
// live_engine_commands.cpp). Timing rules, all on steady_clock:
//  - As fast as possible: every enabled, unstopped chain gets an equal share of an ~8 ms pass
//    and its own slice (steps per pass) fitted to its measured cost per step, so a cheap SGLD
//    chain is not held to an HMC chain's pace. Slices at most double from one pass to the next;
//    after a parameter change the next pass first times a single step, so a change that makes
//    steps 1000× dearer (leapfrog_steps 1 → 1000) cannot stretch one pass to seconds. Hence the
//    worker checks its stop flag every ~10 ms (~25 ms with a diagnostics step) and destruction
//    is prompt — unless a single step is slow (HMC with 1000 leapfrog steps on 10^5 data
//    points), which nothing outside the sampler can interrupt.
//  - A finite speed: a chain owes floor(speed · t) steps since its pace origin (restarted by
//    speed, run/pause, enable, reset and rebuild); the worker sleeps on the condition variable
//    until the next step is due, so commands wake it at once. A chain that cannot keep up
//    carries at most 0.1 s of debt rather than racing to catch up later.
//  - Snapshots: at most every 16.7 ms while sampling (stretched so that building them takes at
//    most 20% of the worker's time, which matters only with dozens of chains), and always right
//    after a batch of commands.
//  - ACF/ESS/IAT: per chain at most every 0.5 s and only when new draws arrived; one coordinate
//    of one chain per loop turn (~5–20 ms for a window of the newest 2^16 stored draws,
//    kLiveDiagnosticsWindow), and in all at most ~10% of the worker's time (after a step that
//    took c seconds the next waits 9c).
// Slicing never changes the draws: Sampler::run(a) then run(b) equals run(a + b).
#include "core/run/live_engine.hpp"

#include <algorithm>
#include <cmath>
#include <future>
#include <utility>
#include <vector>

#include "core/run/live_chain_view.hpp"
#include "core/run/live_engine_impl.hpp"
#include "core/util/error.hpp"
#include "core/util/thread_priority.hpp"

namespace sgl {
namespace {

using namespace std::chrono_literals;

constexpr LiveClock::duration kPassBudget = 8ms;
constexpr int kLiveAnnealingParticles = 256;
constexpr LiveClock::duration kPublishInterval = 16667us;
constexpr LiveClock::duration kPublishSlack = 1ms;
constexpr double kPublishShare = 0.2;
constexpr double kHeavyShare = 0.1;
constexpr double kMaxPaceDebtSeconds = 0.1;
constexpr LiveClock::duration kPaceGranularity = 1ms;
// Steps per Chain::run call between aggregations: ~8k draws of a few dozen bytes stay in L2.
constexpr std::uint64_t kCachedPiece = 8192;
// Past this many paced steps the pace restarts, so floor(speed · t) stays exact in a double.
constexpr double kPaceRestartSteps = 1e15;

double seconds(LiveClock::duration duration) {
  return std::chrono::duration<double>(duration).count();
}

// Clamped to [0, 10^7 s]: a speed of 10^-300 steps/s is valid input, but its next step's time
// would overflow the clock's integer representation.
LiveClock::duration from_seconds(double value) {
  const double bounded = std::clamp(value, 0.0, 1e7);
  return std::chrono::duration_cast<LiveClock::duration>(std::chrono::duration<double>(bounded));
}

}  // namespace

// ------------------------------------------------------------------ the public API

LiveEngine::LiveEngine(const LiveSetup& setup) : impl_(std::make_unique<Impl>(setup)) {
  impl_->publish(LiveClock::now());
  impl_->start_worker();
}

LiveEngine::LiveEngine(LiveEngine&& other) noexcept = default;

LiveEngine::~LiveEngine() {
  if (impl_) impl_->stop_worker();  // a moved-from engine has nothing to stop
}

void LiveEngine::set_running(bool running) {
  impl_->push([running](Impl& engine) {
    engine.running = running;
    if (running) engine.replay_outcome.clear();
    engine.restart_pacing();
  });
}

void LiveEngine::step_once() {
  impl_->push([](Impl& engine) { engine.step_all_once(); });
}

void LiveEngine::trace_chain(int id, std::uint64_t steps) {
  impl_->push([id, steps](Impl& engine) { engine.trace_chain(id, steps); });
}

void LiveEngine::set_speed(double steps_per_second) {
  impl_->push([steps_per_second](Impl& engine) { engine.set_speed(steps_per_second); });
}

void LiveEngine::reset_all() {
  impl_->push([](Impl& engine) {
    for (auto& live : engine.chains) engine.reset_chain(live->id);
  });
}

void LiveEngine::reset_chain(int id) {
  impl_->push([id](Impl& engine) { engine.reset_chain(id); });
}

void LiveEngine::forget_draws_before_change(int id) {
  impl_->push([id](Impl& engine) { engine.forget_draws_before_change(id); });
}

void LiveEngine::set_chain_params(int id, const ParamValues& params) {
  impl_->push([id, params](Impl& engine) { engine.set_chain_params(id, params); });
}

void LiveEngine::resume_chain(int id, const ParamValues& params) {
  impl_->push([id, params](Impl& engine) { engine.resume_chain(id, params); });
}

void LiveEngine::revert_chain_params(int id, const ParamValues& before) {
  impl_->push([id, before](Impl& engine) { engine.revert_chain_params(id, before); });
}

void LiveEngine::set_chain_sampler(int id, const std::string& sampler_id,
                                   const ParamValues& params) {
  impl_->push(
      [id, sampler_id, params](Impl& engine) { engine.set_chain_sampler(id, sampler_id, params); });
}

void LiveEngine::set_chain_enabled(int id, bool enabled) {
  impl_->push([id, enabled](Impl& engine) {
    LiveChain& live = engine.find_chain(id);
    live.enabled = enabled;
    live.restart_pace(LiveClock::now());
  });
}

void LiveEngine::set_chain_label(int id, const std::string& label) {
  impl_->push([id, label](Impl& engine) { engine.set_chain_label(id, label); });
}

void LiveEngine::add_chain(const ChainSpec& config) {
  impl_->push([config](Impl& engine) { engine.add_chain(config); });
}

void LiveEngine::duplicate_chain(int id) {
  impl_->push([id](Impl& engine) {
    const LiveChain& original = engine.find_chain(id);
    engine.require_not_replaying(original);
    ChainSpec copy{original.chain->sampler_id(), original.chain->params(), original.enabled};
    copy.label = engine.unused_label(original.label);
    engine.add_chain(copy);
  });
}

void LiveEngine::cancel_replay() {
  impl_->push([](Impl& engine) { engine.cancel_replays(); });
}

void LiveEngine::remove_chain(int id) {
  impl_->push([id](Impl& engine) { engine.remove_chain(id); });
}

void LiveEngine::set_target(const TargetSpec& target) {
  impl_->push([target](Impl& engine) { engine.set_target(target); });
}

void LiveEngine::set_seed(std::uint64_t seed) {
  impl_->push([seed](Impl& engine) { engine.set_seed(seed); });
}

void LiveEngine::set_publish_listener(std::function<void()> listener) {
  std::lock_guard lock(impl_->snapshot_mutex);
  impl_->publish_listener = std::move(listener);
}

std::shared_ptr<const EngineSnapshot> LiveEngine::snapshot() const {
  std::lock_guard lock(impl_->snapshot_mutex);
  return impl_->published;
}

void LiveEngine::run_slice() {
  if (!impl_->own_thread) impl_->turn_safely(/*may_sleep=*/false);
}

void LiveEngine::wait_until_idle() {
  if (!impl_->own_thread) {
    // No worker to wait for: this thread does the turns it would have done.
    std::uint64_t queued = 0;
    {
      std::lock_guard lock(impl_->queue_mutex);
      queued = impl_->commands_queued;
    }
    const auto idle_now = [this, queued] {
      std::lock_guard lock(impl_->queue_mutex);
      return impl_->commands_published >= queued && !impl_->replays_unsettled;
    };
    while (!idle_now()) impl_->turn_safely(/*may_sleep=*/false);
    return;
  }
  std::unique_lock lock(impl_->queue_mutex);
  const std::uint64_t queued = impl_->commands_queued;
  impl_->idle.wait(lock, [&] {
    return (impl_->commands_published >= queued && !impl_->replays_unsettled) ||
           impl_->shutdown.load();
  });
}

std::optional<DrawStore> LiveEngine::copy_draws(int id) {
  // std::function needs a copyable callable, hence the shared promise.
  auto promise = std::make_shared<std::promise<std::optional<DrawStore>>>();
  std::future<std::optional<DrawStore>> copy = promise->get_future();
  impl_->push([id, promise](Impl& engine) {
    for (const auto& live : engine.chains) {
      if (live->id == id) {
        promise->set_value(live->chain->draws());
        return;
      }
    }
    promise->set_value(std::nullopt);
  });
  if (!impl_->own_thread) impl_->turn_safely(/*may_sleep=*/false);  // runs the copy now
  return copy.get();
}

void LiveEngine::set_start(const StartChoice& start) {
  impl_->push([start](Impl& engine) { engine.set_start(start); });
}

LiveSetup LiveEngine::session_state() {
  auto promise = std::make_shared<std::promise<LiveSetup>>();
  std::future<LiveSetup> state = promise->get_future();
  impl_->push([promise](Impl& engine) {
    LiveSetup out;
    out.target = engine.target_spec;
    out.seed = engine.seed;
    out.init = engine.start_choice.values;
    out.init_at_map = engine.start_choice.at_map;
    out.steps_per_second = engine.speed;
    out.draw_capacity = engine.draw_capacity;
    out.running = engine.running;
    for (const auto& live : engine.chains) {
      const Chain& chain = *live->chain;
      ChainSpec saved{chain.sampler_id(), chain.initial_params(), live->enabled, live->label};
      saved.id = live->id;
      // A chain still under replay is saved as it was loaded, not cut at the step it reached.
      saved.history = live->replay ? live->replay->history : chain.param_history();
      saved.steps = live->replay ? live->replay->steps : chain.counters().steps;
      out.chains.push_back(std::move(saved));
    }
    promise->set_value(std::move(out));
  });
  if (!impl_->own_thread) impl_->turn_safely(/*may_sleep=*/false);  // takes the state now
  return state.get();
}

// ------------------------------------------------------------------ thread and queue

void LiveEngine::Impl::push(Command command) {
  {
    std::lock_guard lock(queue_mutex);
    queue.push_back(std::move(command));
    ++commands_queued;
  }
  wake.notify_one();
}

void LiveEngine::Impl::start_worker() {
  pool = std::make_unique<WorkerPool>(jobs, /*background=*/true);
  if (!own_thread) return;  // run_slice() turns the loop
  worker = std::thread([this] {
    lower_this_thread_priority();  // the window's frames come first (thread_priority.hpp)
    worker_main();
  });
}

void LiveEngine::Impl::stop_worker() {
  {
    // Set under the lock so the worker cannot miss it between testing its wait predicate and
    // going to sleep.
    std::lock_guard lock(queue_mutex);
    shutdown.store(true);
  }
  wake.notify_all();
  if (worker.joinable()) worker.join();
  pool.reset();  // after the worker: it may be in the middle of a pass
}

void LiveEngine::Impl::worker_main() {
  while (!shutdown.load()) turn_safely(/*may_sleep=*/true);
}

void LiveEngine::Impl::turn_safely(bool may_sleep) {
  try {
    loop_turn(may_sleep);
  } catch (const std::exception& error) {
    // Commands catch their own errors; anything else (out of memory...) pauses the session
    // and says why rather than ending the program.
    running = false;
    report(std::string("internal error, paused: ") + error.what());
    try {
      publish(LiveClock::now());
    } catch (const std::exception&) {
      // Cannot even publish (out of memory): the next turn retries; nothing may escape the
      // thread, which would end the program.
    }
  }
}

void LiveEngine::Impl::loop_turn(bool may_sleep) {
  apply_commands();
  if (shutdown.load()) return;
  const bool replayed = replay_pending() && advance_replays(kPassBudget);
  if (replayed) dirty = true;  // the snapshot's replay progress
  settle_replays();
  const bool stepped = (running && advance_chains(LiveClock::now())) || replayed;
  update_heavy_diagnostics(LiveClock::now());
  const auto now = LiveClock::now();
  // Publishing up to a millisecond early lands on every second pass at full speed (~60 Hz)
  // instead of every third.
  if (dirty && now + kPublishSlack >= last_publish + publish_gap()) publish(now);
  if (stepped || !may_sleep) return;  // sampling at full speed, or a paced chain owes more

  const std::optional<LiveClock::time_point> wake_at = next_wake_time(now);
  std::unique_lock lock(queue_mutex);
  const auto has_work = [this] { return !queue.empty() || shutdown.load(); };
  if (wake_at) {
    wake.wait_until(lock, *wake_at, has_work);
  } else {
    wake.wait(lock, has_work);  // paused with nothing left to compute: sleep until a command
  }
}

bool LiveEngine::Impl::apply_commands() {
  std::deque<Command> batch;
  std::uint64_t last_serial = 0;
  {
    std::lock_guard lock(queue_mutex);
    if (queue.empty()) return false;
    batch.swap(queue);
    last_serial = commands_queued;
  }
  for (Command& command : batch) {
    try {
      command(*this);
    } catch (const UserError& error) {
      report(error.what());
    } catch (const std::exception& error) {
      report(std::string("command rejected: ") + error.what());
    }
  }
  // wait_until_idle must be released even if publishing fails (it then waits for nothing new).
  const auto release_waiters = [this, last_serial] {
    {
      std::lock_guard lock(queue_mutex);
      commands_published = last_serial;
    }
    idle.notify_all();
  };
  try {
    publish(LiveClock::now());
  } catch (...) {
    release_waiters();
    throw;
  }
  release_waiters();
  return true;
}

void LiveEngine::Impl::report(const std::string& message) {
  last_error = message;
  ++error_serial;
  dirty = true;
}

// ------------------------------------------------------------------ sampling

bool LiveEngine::Impl::advance_chains(LiveClock::time_point now) {
  const auto active =
      std::count_if(chains.begin(), chains.end(), [](const auto& live) { return live->active(); });
  if (active == 0) return false;
  // The pool's threads share the pass: with P threads and A chains each chain gets P/A of the
  // ~8 ms (all of it when A ≤ P), so a pass still lasts about 8 ms of wall time.
  const LiveClock::duration budget = kPassBudget * std::min<long>(jobs, active) / active;
  std::vector<std::pair<LiveChain*, std::uint64_t>> due;
  for (auto& live : chains) {
    if (!live->active()) continue;
    const std::uint64_t steps = speed > 0.0 ? steps_owed(*live, now) : live->slice;
    if (steps > 0) due.emplace_back(live.get(), steps);
  }
  if (due.empty()) return false;
  // Each piece touches only its own chain (its sampler, RNG, draws and statistics), so the draws
  // are the same whichever thread runs it and however many there are.
  pool->run(due.size(), [&](std::size_t index) {
    if (shutdown.load(std::memory_order_relaxed)) return;
    run_slice(*due[index].first, due[index].second, budget);
  });
  dirty = true;
  return true;
}

std::uint64_t LiveEngine::Impl::steps_owed(LiveChain& live, LiveClock::time_point now) {
  if (double(live.paced_steps) > kPaceRestartSteps) live.restart_pace(now);
  const double due = std::floor(speed * seconds(now - live.pace_origin));
  const double max_debt = std::max(1.0, std::floor(speed * kMaxPaceDebtSeconds));
  if (due - double(live.paced_steps) > max_debt)  // fell behind: forgive what is beyond the cap
    live.paced_steps = static_cast<std::uint64_t>(due - max_debt);
  const double owed = due - double(live.paced_steps);
  if (owed < 1.0) return 0;
  return std::min(static_cast<std::uint64_t>(owed), live.slice);
}

void LiveEngine::Impl::run_slice(LiveChain& live, std::uint64_t steps, LiveClock::duration budget) {
  Chain& chain = *live.chain;
  // Runs in pieces that the ring buffer holds whole, and feeds each piece to the aggregations
  // before the next can overwrite it, so the histograms and traces see every draw. Pieces are
  // also short enough for their draws to be read back while still in cache.
  const auto run_and_consume = [&chain, &live](std::uint64_t count) {
    const std::uint64_t capacity = chain.draws().capacity();
    const std::uint64_t longest = capacity > 0 ? std::min(capacity, kCachedPiece) : kCachedPiece;
    while (count > 0 && !chain.stopped()) {
      const std::uint64_t piece = std::min(count, longest);
      chain.run(piece);
      live.stats.consume(chain);
      count -= piece;
    }
  };
  const std::uint64_t steps_before = chain.counters().steps;
  const auto start = LiveClock::now();
  if (live.probe_cost) {
    // One timed step bounds the rest of this slice by the current cost per step (a single
    // step's time overestimates it, which only errs on the short side).
    run_and_consume(1);
    live.probe_cost = false;
    const double probe_seconds = std::max(seconds(LiveClock::now() - start), 1e-9);
    const double fitting = seconds(budget) / probe_seconds;
    live.slice = std::clamp<std::uint64_t>(static_cast<std::uint64_t>(std::min(fitting, 1e12)), 1,
                                           live.slice);
    steps = std::min(steps, live.slice);
    if (steps > 1) run_and_consume(steps - 1);
  } else {
    run_and_consume(steps);
  }
  const double elapsed = seconds(LiveClock::now() - start);
  const std::uint64_t steps_run = chain.counters().steps - steps_before;
  live.paced_steps += steps;

  if (steps_run > 0 && elapsed > 0.0) {
    // Fit the slice to the budget at the measured cost; grow at most 2× and only after a full
    // slice (a paced or stopped chain's short slices say nothing about what would fit).
    const double fitting = seconds(budget) / (elapsed / double(steps_run));
    const auto target_slice =
        static_cast<std::uint64_t>(std::clamp(fitting, 1.0, 2.0 * double(live.slice)));
    if (target_slice < live.slice || steps_run >= live.slice) live.slice = target_slice;
  }
}

void LiveEngine::Impl::update_heavy_diagnostics(LiveClock::time_point now) {
  if (now < heavy_allowed_at) return;
  // The chain waiting longest goes first (one under way has its due time in the past).
  LiveChain* most_overdue = nullptr;
  for (auto& live : chains) {
    if (!live->stats.heavy_wanted() || live->stats.heavy_due_at() > now) continue;
    if (!most_overdue || live->stats.heavy_due_at() < most_overdue->stats.heavy_due_at())
      most_overdue = live.get();
  }
  // The groups' R̂/ESS share the same time budget: they go first when they have waited longer
  // than every chain (with many chains the ACFs alone would otherwise fill the budget).
  const std::vector<ConvergenceMember> members = convergence_members();
  const bool groups_first =
      group_convergence.wanted(members, now) &&
      (!most_overdue || group_convergence.due_at() <= most_overdue->stats.heavy_due_at());
  const bool stepped =
      groups_first
          ? group_convergence.update_step(members, now)
          : (most_overdue && most_overdue->stats.update_heavy_step(*most_overdue->chain, now)) ||
                group_convergence.update_step(members, now);
  if (!stepped) return;
  const auto end = LiveClock::now();
  heavy_allowed_at = end + from_seconds(seconds(end - now) * (1.0 / kHeavyShare - 1.0));
  dirty = true;
}

std::vector<ConvergenceMember> LiveEngine::Impl::convergence_members() const {
  std::vector<ConvergenceMember> members;
  members.reserve(chains.size());
  for (const auto& live : chains)
    members.push_back({live->label, live->chain->sampler_id(), live->chain.get()});
  return members;
}

std::optional<LiveClock::time_point> LiveEngine::Impl::next_wake_time(
    LiveClock::time_point now) const {
  std::optional<LiveClock::time_point> earliest;
  const auto consider = [&earliest](LiveClock::time_point when) {
    if (!earliest || when < *earliest) earliest = when;
  };
  if (dirty) consider(last_publish + publish_gap());
  for (const auto& live : chains) {
    if (running && speed > 0.0 && live->active()) {
      // Wake for at least a millisecond's worth of steps: at high speeds, waking for every
      // single step would spend the worker's time on wake-ups and tiny slices.
      const double batch = std::max(1.0, std::floor(speed * seconds(kPaceGranularity)));
      consider(live->pace_origin + from_seconds((double(live->paced_steps) + batch) / speed));
    }
    if (live->stats.heavy_wanted())
      consider(std::max(heavy_allowed_at, live->stats.heavy_due_at()));
  }
  if (group_convergence.wanted(convergence_members(), group_convergence.due_at()))
    consider(std::max(heavy_allowed_at, group_convergence.due_at()));
  if (earliest && *earliest < now) earliest = now;
  return earliest;
}

// ------------------------------------------------------------------ publication

void LiveEngine::Impl::refresh_training(LiveChain& live, LiveClock::time_point now) {
  const Sampler& sampler = live.chain->sampler();
  const std::uint64_t steps = live.chain->counters().steps;
  if (steps != live.training_steps_seen) {
    live.training = sampler.training_report();  // null for MCMC samplers
    live.training_steps_seen = steps;
  }
  if (!live.training) return;
  // The annealing picture costs K+1 gradient passes per particle (over all the data for DAIS):
  // redrawn only when training moved the parameters, and at most a fifth of the worker's time.
  const std::uint64_t trained = live.training ? live.training->completed : 0;
  if (trained == live.annealing_steps_seen || now < live.annealing_allowed_at) return;
  const auto start = LiveClock::now();
  live.annealing = sampler.annealing_cloud(kLiveAnnealingParticles, live.chain->seed());
  live.annealing_steps_seen = trained;
  const auto cost = LiveClock::now() - start;
  live.annealing_allowed_at = LiveClock::now() + std::max<LiveClock::duration>(250ms, 4 * cost);
}

LiveClock::duration LiveEngine::Impl::publish_gap() const {
  return std::max(kPublishInterval, from_seconds(seconds(publish_cost) / kPublishShare));
}

void LiveEngine::Impl::publish(LiveClock::time_point now) {
  auto snapshot = std::make_shared<EngineSnapshot>();
  snapshot->version = ++version;
  snapshot->running = running;
  snapshot->steps_per_second = speed;
  snapshot->seed = seed;
  snapshot->target = target;
  snapshot->target_spec = target_spec;
  snapshot->start = start_choice;
  fill_replay_progress(*snapshot);
  snapshot->last_error = last_error;
  snapshot->error_serial = error_serial;
  snapshot->chains.reserve(chains.size());
  for (auto& live : chains) {
    live->stats.sample_rate(live->chain->counters().steps, now);
    snapshot->chains.push_back(
        make_chain_snapshot(live->id, live->enabled, *live->chain, live->stats));
    snapshot->chains.back().label = live->label;
    refresh_training(*live, now);
    snapshot->chains.back().training = live->training;
    snapshot->chains.back().annealing = live->annealing;
  }
  snapshot->convergence = group_convergence.groups();
  snapshot->trajectory = trajectory;
  snapshot->trajectory_serial = trajectory_serial;
  std::shared_ptr<const EngineSnapshot> previous;
  std::function<void()> listener;
  {
    std::lock_guard lock(snapshot_mutex);
    previous = std::move(published);
    published = std::move(snapshot);
    listener = publish_listener;
  }
  if (listener) listener();
  // `previous` is released here, outside the lock (the UI may still hold it anyway).
  last_publish = now;
  publish_cost = LiveClock::now() - now;
  dirty = false;
}

}  // namespace sgl
