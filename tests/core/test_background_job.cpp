// BackgroundJob: progress, outcome taken once, an exception turned into a message, cancellation
// (explicit, on replacement, on destruction) and the 100 ms threshold for showing progress.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "core/util/background_job.hpp"
#include "core/util/error.hpp"

using namespace sgl;
using namespace std::chrono_literals;

namespace {

// Spins until `condition` holds (at most 10 s, which only ends a hung test).
template <class Condition>
bool eventually(Condition condition) {
  const auto limit = std::chrono::steady_clock::now() + 10s;
  while (!condition()) {
    if (std::chrono::steady_clock::now() > limit) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

// Work that reports half done, then waits for `release` (or cancellation) before finishing.
BackgroundJob::Work gated_work(std::atomic<bool>& release, std::atomic<int>& finished) {
  return [&release, &finished](JobControl& control) {
    control.set_progress(0.5);
    while (!release) {
      control.check_cancelled();
      std::this_thread::sleep_for(1ms);
    }
    control.set_progress(1.0);
    ++finished;
    return std::string("written");
  };
}

}  // namespace

TEST_CASE("background job reports progress and its outcome once") {
  std::atomic<bool> release{false};
  std::atomic<int> finished{0};
  BackgroundJob job;  // after what its work uses: joined before that goes
  CHECK_FALSE(job.running());
  CHECK_FALSE(job.take_outcome());
  job.start(gated_work(release, finished));
  REQUIRE(eventually([&] { return job.progress() == 0.5; }));
  CHECK(job.running());
  CHECK_FALSE(job.take_outcome());  // nothing while it runs
  release = true;
  REQUIRE(eventually([&] { return !job.running(); }));
  CHECK(job.progress() == 1.0);
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  CHECK(outcome->ok);
  CHECK_FALSE(outcome->cancelled);
  CHECK(outcome->message == "written");
  CHECK_FALSE(job.take_outcome());  // taken once
  CHECK(finished == 1);
}

TEST_CASE("background job clamps progress to 0..1") {
  BackgroundJob job;
  job.start([](JobControl& control) {
    control.set_progress(7.0);
    return std::string();
  });
  job.wait();
  CHECK(job.progress() == 1.0);
}

TEST_CASE("background job turns an exception into the outcome's message") {
  BackgroundJob job;
  job.start([](JobControl&) -> std::string { throw UserError("cannot write /nope/draws.csv"); });
  job.wait();
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  CHECK_FALSE(outcome->ok);
  CHECK_FALSE(outcome->cancelled);
  CHECK(outcome->message == "cannot write /nope/draws.csv");
}

TEST_CASE("background job cancel stops the work at its next check") {
  std::atomic<bool> release{false};
  std::atomic<int> finished{0};
  BackgroundJob job;  // after what its work uses: joined before that goes
  job.start(gated_work(release, finished));
  REQUIRE(eventually([&] { return job.progress() == 0.5; }));
  job.cancel();
  REQUIRE(eventually([&] { return !job.running(); }));
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  CHECK(outcome->cancelled);
  CHECK_FALSE(outcome->ok);
  CHECK(finished == 0);
}

TEST_CASE(
    "starting new work on a background job cancels the old without waiting and drops its outcome") {
  std::atomic<bool> never{false};
  std::atomic<int> old_finished{0};
  BackgroundJob job;  // after what its work uses: joined before that goes
  job.start(gated_work(never, old_finished));
  REQUIRE(eventually([&] { return job.progress() == 0.5; }));
  const auto before = std::chrono::steady_clock::now();
  job.start([](JobControl&) { return std::string("new grid"); });
  CHECK(std::chrono::steady_clock::now() - before < 1s);  // start() did not join the old
  job.wait();
  const std::optional<JobOutcome> outcome = job.take_outcome();
  REQUIRE(outcome);
  CHECK(outcome->message == "new grid");
  CHECK_FALSE(job.take_outcome());  // the replaced run's outcome is never delivered
  CHECK(old_finished == 0);
}

TEST_CASE("destroying a background job mid-work cancels and joins it") {
  std::atomic<bool> never{false};
  std::atomic<int> finished{0};
  auto state = std::make_shared<std::atomic<int>>(0);
  {
    BackgroundJob job;
    job.start([&never, state](JobControl& control) -> std::string {
      while (!never) {
        control.check_cancelled();
        std::this_thread::sleep_for(1ms);
      }
      return {};
    });
    job.start(gated_work(never, finished));  // one retired, one current
    REQUIRE(eventually([&] { return job.progress() == 0.5; }));
  }  // would hang or std::terminate (joinable thread) if not cancelled and joined
  CHECK(state.use_count() == 1);  // the worker's copy of the work is gone: the thread ended
  CHECK(finished == 0);
}

TEST_CASE("background job shows progress only after 100 ms") {
  std::atomic<bool> release{false};
  std::atomic<int> finished{0};
  BackgroundJob job;  // after what its work uses: joined before that goes
  job.start(gated_work(release, finished));
  CHECK_FALSE(job.show_progress());  // just started
  std::this_thread::sleep_for(BackgroundJob::kShowProgressAfter + 20ms);
  CHECK(job.show_progress());
  release = true;
  job.wait();
  CHECK_FALSE(job.show_progress());  // done
}

TEST_CASE("background job calls on_finish after the outcome is ready") {
  std::atomic<bool> called{false};
  BackgroundJob job;  // after what its work uses: joined before that goes
  job.start([](JobControl&) { return std::string("ok"); }, [&called] { called = true; });
  job.wait();
  CHECK(called);
  CHECK(job.take_outcome());
}
