// One piece of slow work (a file export, a session save, a density grid) on its own thread, so
// the thread that draws the window never waits for it. The owner polls: running(), progress()
// in 0..1, whether the work has run long enough to deserve a progress bar, and the outcome once
// (a message, or the error's message: an exception never leaves the worker thread).
//
// Starting new work while old work runs cancels the old (its outcome is dropped) without
// waiting for it: the old thread ends at its next cancellation check and is joined later. The
// destructor cancels whatever runs and joins every thread, so an owner torn down mid-job (the
// window closed) never leaves a thread touching freed state.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace sgl {

// Thrown by JobControl::check_cancelled; the job's outcome then says "cancelled".
struct JobCancelled {};

// What the work sees of its job: a progress setter and the cancellation flag.
class JobControl {
 public:
  bool cancelled() const { return cancel_.load(std::memory_order_relaxed); }
  // Throws JobCancelled when the owner asked to stop: long loops call it now and then.
  void check_cancelled() const {
    if (cancelled()) throw JobCancelled{};
  }
  // Fraction done, clamped to 0..1.
  void set_progress(double fraction);

 private:
  friend class BackgroundJob;
  std::atomic<bool> cancel_{false};
  std::atomic<double> progress_{0.0};
};

struct JobOutcome {
  bool ok = false;
  bool cancelled = false;
  std::string message;  // the work's return value, or the error's message
};

class BackgroundJob {
 public:
  // Returns the message to show when done; throws (any std::exception) on failure.
  using Work = std::function<std::string(JobControl&)>;
  // Progress is worth showing once work has run this long: faster work never flickers a bar.
  static constexpr std::chrono::milliseconds kShowProgressAfter{100};

  BackgroundJob() = default;
  ~BackgroundJob();
  BackgroundJob(const BackgroundJob&) = delete;
  BackgroundJob& operator=(const BackgroundJob&) = delete;

  // Starts `work` on a new thread, cancelling (not waiting for) the work started before. Without
  // threads (kThreadsAvailable, the browser build) it runs `work` to completion before returning.
  // `on_finish`, if given, is called on the worker thread after the outcome is stored (e.g. to
  // wake an event loop), unless the work was cancelled; it must be thread-safe.
  void start(Work work, std::function<void()> on_finish = {});
  // Asks the current work to stop; its outcome (cancelled) can still be taken.
  void cancel();
  // Blocks until the current work has finished (for a command-line run that must not exit
  // before its export is written).
  void wait();

  bool running() const;
  double progress() const;
  // Running for longer than kShowProgressAfter.
  bool show_progress() const;
  // The finished work's outcome, once; nothing while it runs or after it was taken.
  std::optional<JobOutcome> take_outcome();

 private:
  struct Run;
  // Runs `work` and stores its outcome in `run` (on the job's thread, or on the caller's where
  // there are no threads).
  static void execute(Run& run, const Work& work, const std::function<void()>& on_finish);
  void join_finished_retired();

  std::shared_ptr<Run> current_;
  std::thread current_thread_;
  // Replaced runs still ending: joined once done, or in the destructor.
  std::vector<std::pair<std::shared_ptr<Run>, std::thread>> retired_;
};

}  // namespace sgl
