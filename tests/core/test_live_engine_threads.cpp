// The live engine steps its chains on a pool of threads (issue 28): the draws must not depend on
// how many threads there are or which runs which chain, since each chain owns its RNG stream.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <optional>
#include <thread>

#include "core/run/live_engine.hpp"
#include "core/util/worker_pool.hpp"

using namespace sgl;

namespace {

// Runs four chains until each has `steps` draws, then pauses.
std::vector<DrawStore> live_draws(int jobs, std::uint64_t steps) {
  LiveSetup setup;
  setup.target = {"banana", {}, "", "y"};
  setup.chains = {{"hmc", {{"step_size", 0.1}, {"leapfrog_steps", 10}}, true},
                  {"sghmc", {{"step_size", 0.05}, {"noise_var", 1}}, true},
                  {"sgld", {{"step_size", 0.01}}, true},
                  {"nuts", {}, true}};
  setup.seed = 11;
  // Paced, so that no ring buffer wraps past the iterations compared before the pause lands.
  setup.draw_capacity = std::size_t(1) << 16;
  setup.steps_per_second = 20'000;
  setup.jobs = jobs;
  LiveEngine engine(setup);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (std::chrono::steady_clock::now() < deadline) {
    bool done = true;
    for (const auto& chain : engine.snapshot()->chains) done = done && chain.stored_draws >= steps;
    if (done) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  engine.set_running(false);
  engine.wait_until_idle();
  std::vector<DrawStore> draws;
  for (int id = 0; id < 4; ++id) draws.push_back(*engine.copy_draws(id));
  return draws;
}

}  // namespace

TEST_CASE("live chains draw the same on one thread and on four", "[engine][threads]") {
  constexpr std::uint64_t kSteps = 5000;
  const std::vector<DrawStore> one = live_draws(1, kSteps);
  const std::vector<DrawStore> four = live_draws(4, kSteps);
  for (std::size_t id = 0; id < 4; ++id) {
    // The ring buffers keep each chain's newest draws: compare the iterations both kept.
    const DrawStore& a = one[id];
    const DrawStore& b = four[id];
    INFO("chain " << id << ": iterations " << a.iteration(0) << "…" << a.iteration(a.size() - 1)
                  << " on one thread, " << b.iteration(0) << "…" << b.iteration(b.size() - 1)
                  << " on four");
    const std::uint64_t first = std::max(a.iteration(0), b.iteration(0));
    const std::uint64_t last = std::min(a.iteration(a.size() - 1), b.iteration(b.size() - 1));
    REQUIRE(last >= first + 1000);
    std::size_t i = 0, j = 0;
    while (a.iteration(i) < first) ++i;
    while (b.iteration(j) < first) ++j;
    bool identical = true;
    std::size_t compared = 0;
    for (; i < a.size() && j < b.size() && a.iteration(i) <= last && identical; ++i, ++j) {
      identical = a.iteration(i) == b.iteration(j) && a.hamiltonian(i) == b.hamiltonian(j) &&
                  a.theta(i, 0) == b.theta(j, 0) && a.theta(i, 1) == b.theta(j, 1);
      ++compared;
    }
    CHECK(identical);
    CHECK(compared >= 1000);
  }
}

TEST_CASE("the worker pool runs every piece once and rethrows the first failure", "[threads]") {
  WorkerPool pool(3);
  CHECK(pool.threads() == 3);
  for (int round = 0; round < 200; ++round) {  // batches back to back, as the engine's passes
    std::vector<int> hits(17, 0);
    pool.run(hits.size(), [&](std::size_t i) { ++hits[i]; });
    for (int h : hits) REQUIRE(h == 1);
  }
  CHECK_THROWS_WITH(pool.run(8,
                             [](std::size_t i) {
                               if (i == 3) throw std::runtime_error("piece 3");
                             }),
                    "piece 3");
  std::vector<int> after(5, 0);  // the pool still works after a failure
  pool.run(after.size(), [&](std::size_t i) { after[i] = 1; });
  for (int h : after) CHECK(h == 1);
  WorkerPool alone(1);
  std::vector<std::size_t> order;
  alone.run(4, [&](std::size_t i) { order.push_back(i); });
  CHECK(order == std::vector<std::size_t>{0, 1, 2, 3});
}
