// The browser build steps the live engine on the UI thread (LiveSetup::own_thread = false,
// LiveEngine::run_slice once per frame): the same seed must give the same draws as the desktop's
// worker thread, whatever the slices (issue 30).
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <thread>

#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "core/run/live_engine.hpp"

using namespace sgl;

namespace {

constexpr std::uint64_t kDraws = 1000;

bool every_chain_has(const LiveEngine& engine, std::uint64_t steps) {
  const auto snapshot = engine.snapshot();
  return std::all_of(snapshot->chains.begin(), snapshot->chains.end(),
                     [steps](const ChainSnapshot& chain) { return chain.counters.steps >= steps; });
}

}  // namespace

TEST_CASE("a live engine without a thread of its own draws what the threaded one draws",
          "[engine][web]") {
  LiveSetup threaded_setup = live_setup_from_scenario(load_scenario("default"));
  REQUIRE(threaded_setup.own_thread);
  // Faster than the preset's 2000 steps/s, and a store that keeps every draw the test can make
  // (a ring buffer drops the first draws once full, and SGLD runs 10^5 steps in a fraction of a
  // second at full speed).
  threaded_setup.steps_per_second = 20'000;
  threaded_setup.draw_capacity = 2'000'000;
  LiveSetup sliced_setup = threaded_setup;
  sliced_setup.own_thread = false;

  LiveEngine threaded(threaded_setup);
  LiveEngine sliced(sliced_setup);
  // Nothing runs in the sliced engine until it is given slices.
  REQUIRE(sliced.snapshot()->chains.size() == threaded_setup.chains.size());
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!every_chain_has(sliced, kDraws) && std::chrono::steady_clock::now() < deadline)
    sliced.run_slice();
  REQUIRE(every_chain_has(sliced, kDraws));
  while (!every_chain_has(threaded, kDraws))
    std::this_thread::sleep_for(std::chrono::milliseconds(10));

  const auto snapshot = sliced.snapshot();  // held: the loop must not outlive it
  for (const ChainSnapshot& chain : snapshot->chains) {
    INFO("chain " << chain.id << " (" << chain.sampler_id << ")");
    const auto from_slices = sliced.copy_draws(chain.id);
    const auto from_thread = threaded.copy_draws(chain.id);
    REQUIRE(from_slices);
    REQUIRE(from_thread);
    REQUIRE(from_slices->size() >= kDraws);
    REQUIRE(from_thread->size() >= kDraws);
    for (std::size_t i = 0; i < kDraws; ++i)
      for (int c = 0; c < from_thread->dim(); ++c)
        REQUIRE(from_slices->theta(i, c) == from_thread->theta(i, c));
  }
}
