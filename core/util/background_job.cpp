#include "core/util/background_job.hpp"

#include <algorithm>
#include <exception>
#include <mutex>

#include "core/util/threads_available.hpp"

namespace sgl {

void JobControl::set_progress(double fraction) {
  progress_.store(std::clamp(fraction, 0.0, 1.0), std::memory_order_relaxed);
}

// One started piece of work: shared by the owner and the worker thread, so neither outlives
// what the other reads.
struct BackgroundJob::Run {
  JobControl control;
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  std::atomic<bool> done{false};
  std::mutex mutex;  // guards outcome
  std::optional<JobOutcome> outcome;
};

BackgroundJob::~BackgroundJob() {
  if (current_) current_->control.cancel_ = true;
  for (auto& [run, thread] : retired_) run->control.cancel_ = true;
  if (current_thread_.joinable()) current_thread_.join();
  for (auto& [run, thread] : retired_)
    if (thread.joinable()) thread.join();
}

void BackgroundJob::start(Work work, std::function<void()> on_finish) {
  join_finished_retired();
  if (current_) {
    current_->control.cancel_ = true;
    retired_.emplace_back(std::move(current_), std::move(current_thread_));
  }
  auto run = std::make_shared<Run>();
  current_ = run;
  if (!kThreadsAvailable) {
    // The browser build: the work runs now, to completion, and its outcome is ready at once.
    execute(*run, work, on_finish);
    return;
  }
  current_thread_ = std::thread([run, work = std::move(work), on_finish = std::move(on_finish)] {
    execute(*run, work, on_finish);
  });
}

void BackgroundJob::execute(Run& run, const Work& work, const std::function<void()>& on_finish) {
  JobOutcome outcome;
  try {
    outcome.message = work(run.control);
    outcome.ok = true;
  } catch (const JobCancelled&) {
    outcome.cancelled = true;
    outcome.message = "cancelled";
  } catch (const std::exception& error) {
    outcome.message = error.what();
  } catch (...) {
    outcome.message = "unknown error";
  }
  const bool cancelled = outcome.cancelled;
  {
    const std::lock_guard<std::mutex> lock(run.mutex);
    run.outcome = std::move(outcome);
  }
  run.done = true;
  // A cancelled run's owner is replacing it or going away: nobody to wake.
  if (on_finish && !cancelled) on_finish();
}

void BackgroundJob::cancel() {
  if (current_) current_->control.cancel_ = true;
}

void BackgroundJob::wait() {
  if (current_thread_.joinable()) current_thread_.join();
}

bool BackgroundJob::running() const {
  return current_ && !current_->done;
}

double BackgroundJob::progress() const {
  return current_ ? current_->control.progress_.load(std::memory_order_relaxed) : 0.0;
}

bool BackgroundJob::show_progress() const {
  return running() && std::chrono::steady_clock::now() - current_->started > kShowProgressAfter;
}

std::optional<JobOutcome> BackgroundJob::take_outcome() {
  join_finished_retired();
  if (!current_ || !current_->done) return std::nullopt;
  if (current_thread_.joinable()) current_thread_.join();  // done: returns at once
  std::optional<JobOutcome> outcome;
  {
    const std::lock_guard<std::mutex> lock(current_->mutex);
    outcome = std::move(current_->outcome);
  }
  current_.reset();
  return outcome;
}

void BackgroundJob::join_finished_retired() {
  std::erase_if(retired_, [](auto& entry) {
    if (!entry.first->done) return false;
    entry.second.join();
    return true;
  });
}

}  // namespace sgl
