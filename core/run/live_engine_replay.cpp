// Replays of saved chains on the live engine's worker (a reopened session). A chain saved after
// 10^10 steps takes minutes to replay; run in the engine's constructor it froze the window that
// opened it and made closing wait for the end. Here the worker runs each replay in slices of
// about one pass budget between commands, so the window keeps drawing, shows the progress
// (EngineSnapshot::replay_steps_*), can cancel it, and a close stops it within a slice.
//
// Slicing never changes the draws: Chain::run(a) then run(b) equals run(a + b), and each saved
// change is applied at exactly its step, as the single-call replay did.
#include <algorithm>
#include <cstdio>
#include <string>

#include "core/run/live_engine_impl.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// Replays run one at a time, in the order the chains were added; a slice grows to at most
// 2^40 steps (far beyond any pass budget at the cheapest step).
constexpr std::uint64_t kLongestReplaySlice = std::uint64_t{1} << 40;

double seconds_of(LiveClock::duration duration) {
  return std::chrono::duration<double>(duration).count();
}

}  // namespace

void LiveEngine::Impl::check_history(const std::vector<ParamChange>& history, std::uint64_t steps) {
  std::uint64_t previous = 0;
  for (const ParamChange& change : history) {
    if (change.step < previous)
      throw UserError("a parameter change at step " + std::to_string(change.step) +
                      " comes before an earlier one");
    previous = change.step;
  }
  if (previous > steps)
    throw UserError("a parameter change at step " + std::to_string(previous) +
                    " comes after the saved " + std::to_string(steps) + " steps");
}

bool LiveEngine::Impl::replay_pending() const {
  return std::any_of(chains.begin(), chains.end(),
                     [](const auto& live) { return live->replay.has_value(); });
}

void LiveEngine::Impl::require_not_replaying(const LiveChain& live) const {
  if (live.replay)
    throw UserError("'" + live.label +
                    "' is still replaying its saved steps: wait for the end or cancel the replay");
}

bool LiveEngine::Impl::advance_replays(LiveClock::duration budget) {
  const auto deadline = LiveClock::now() + budget;
  bool worked = false;
  for (auto& entry : chains) {
    LiveChain& live = *entry;
    if (!live.replay) continue;
    PendingReplay& replay = *live.replay;
    Chain& chain = *live.chain;
    try {
      while (!shutdown.load(std::memory_order_relaxed)) {
        const bool change_left = replay.next_change < replay.history.size();
        const std::uint64_t goal =
            change_left ? replay.history[replay.next_change].step : replay.steps;
        const std::uint64_t at = chain.counters().steps;
        if (chain.stopped() || at >= goal) {
          // A stopped chain runs no more steps (as Chain::run), but takes its later settings.
          worked = true;
          if (!change_left) break;
          const ParamChange& change = replay.history[replay.next_change];
          if (change.resumes)
            chain.resume_from(change);
          else
            chain.set_params(change.params);
          ++replay.next_change;
          continue;
        }
        if (LiveClock::now() >= deadline) return worked;
        const std::uint64_t steps = std::min(goal - at, replay.slice);
        const auto start = LiveClock::now();
        chain.run(steps);
        worked = true;
        const double took = seconds_of(LiveClock::now() - start);
        // Fit the slice to a quarter of the budget, so one slice never overruns it by much.
        if (took < seconds_of(budget) / 8 && steps == replay.slice)
          replay.slice = std::min(replay.slice * 2, kLongestReplaySlice);
        else if (took > seconds_of(budget) / 2)
          replay.slice = std::max<std::uint64_t>(replay.slice / 2, 1);
      }
    } catch (const std::exception& error) {
      // A setting the chain now refuses (a file edited by hand): the chain stays where it got.
      report("'" + live.label + "': replay stopped at step " +
             std::to_string(chain.counters().steps) + ": " + error.what());
    }
    if (shutdown.load(std::memory_order_relaxed)) return worked;
    replay_steps_settled += replay.steps;
    live.replay.reset();
    live.stats.consume(chain);
    live.restart_pace(LiveClock::now());
    dirty = true;
  }
  return worked;
}

void LiveEngine::Impl::settle_replays() {
  if (replay_pending()) return;
  {
    std::lock_guard lock(queue_mutex);
    if (!replays_unsettled) return;
  }
  replay_steps_settled = 0;
  publish(LiveClock::now());  // the snapshot without a replay comes before the waiters wake
  {
    std::lock_guard lock(queue_mutex);
    replays_unsettled = false;
  }
  idle.notify_all();
}

void LiveEngine::Impl::cancel_replays() {
  std::uint64_t reached = 0, saved = replay_steps_settled;
  bool any = false;
  for (auto& live : chains) {
    if (!live->replay) continue;
    any = true;
    reached += live->chain->counters().steps;
    saved += live->replay->steps;
    live->replay.reset();
    live->stats.consume(*live->chain);
    live->restart_pace(LiveClock::now());
  }
  if (!any) return;
  running = false;
  char percent[32];
  std::snprintf(
      percent, sizeof percent, "%.3g%%",
      100.0 * double(replay_steps_settled + reached) / double(std::max<std::uint64_t>(saved, 1)));
  replay_outcome = std::string("replay cancelled at ") + percent +
                   " of the saved steps: the chains stay where they got to, paused";
  dirty = true;
}

void LiveEngine::Impl::fill_replay_progress(EngineSnapshot& snapshot) const {
  snapshot.replay_outcome = replay_outcome;
  std::uint64_t done = replay_steps_settled, total = replay_steps_settled;
  for (const auto& live : chains) {
    if (!live->replay) continue;
    done += std::min(live->chain->counters().steps, live->replay->steps);
    total += live->replay->steps;
  }
  if (!replay_pending()) return;  // none under way
  snapshot.replay_steps_done = done;
  snapshot.replay_steps_total = std::max<std::uint64_t>(total, 1);
}

}  // namespace sgl
