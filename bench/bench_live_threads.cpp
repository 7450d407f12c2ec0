// The live engine's chains on one thread against a pool of threads (issue 28: "4 chains on 2
// cores ≥ 1.6× the 1-job throughput in the live engine"). Four chains on Chen's double well
// (HMC with 20 leapfrog steps twice, SGHMC and SGLD with gradient noise V = 4), as fast as
// possible, a reader taking snapshots at 60 Hz as the window does; each setting runs for
// `seconds` (default 4) after 0.3 s to let the slices settle. Prints the steps per second in all,
// per chain, and the ratio with the goal beside it. The draws are the same for every job count
// (tests/core/test_live_engine_threads.cpp); only the wall clock differs.
//   bench_live_threads [seconds] [jobs]   (jobs: default, the number of hardware threads)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>
#include <vector>

#include "core/run/live_engine.hpp"
#include "core/util/parallel_for.hpp"

namespace {

using Clock = std::chrono::steady_clock;

const std::vector<sgl::ChainSpec> kChains = {
    {"hmc", {{"step_size", 0.1}, {"leapfrog_steps", 20}}, true},
    {"hmc", {{"step_size", 0.1}, {"leapfrog_steps", 20}}, true},
    {"sghmc", {{"step_size", 0.1}, {"noise_var", 4}, {"friction", 3}}, true},
    {"sgld", {{"step_size", 0.05}, {"noise_var", 4}}, true},
};

struct Throughput {
  double total = 0.0;
  std::vector<double> per_chain;
};

Throughput measure(int jobs, double seconds) {
  sgl::LiveSetup setup;
  setup.target = {"chen-doublewell", {}, "", "y"};
  setup.chains = kChains;
  setup.seed = 1;
  setup.jobs = jobs;
  sgl::LiveEngine engine(setup);
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto first = engine.snapshot();
  const auto start = Clock::now();
  while (std::chrono::duration<double>(Clock::now() - start).count() < seconds) {
    std::this_thread::sleep_for(std::chrono::microseconds(16'667));
    (void)engine.snapshot();
  }
  const auto last = engine.snapshot();
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  Throughput result;
  for (std::size_t k = 0; k < kChains.size(); ++k) {
    const double rate =
        double(last->chains[k].counters.steps - first->chains[k].counters.steps) / elapsed;
    result.per_chain.push_back(rate);
    result.total += rate;
  }
  return result;
}

}  // namespace

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? std::atof(argv[1]) : 4.0;
  const int jobs = argc > 2 ? std::atoi(argv[2]) : sgl::default_jobs();
  std::printf("Live engine, 4 chains on chen-doublewell, %.0f s each, %u hardware threads\n",
              seconds, std::thread::hardware_concurrency());
  const Throughput one = measure(1, seconds);
  const Throughput many = measure(jobs, seconds);
  std::printf("%-14s %14s %14s\n", "chain", "1 job", (std::to_string(jobs) + " jobs").c_str());
  for (std::size_t k = 0; k < kChains.size(); ++k)
    std::printf("%-14s %10.3f M/s %10.3f M/s\n", kChains[k].sampler_id.c_str(),
                one.per_chain[k] / 1e6, many.per_chain[k] / 1e6);
  const double speedup = many.total / one.total;
  std::printf("total          %10.3f M/s %10.3f M/s\n", one.total / 1e6, many.total / 1e6);
  std::printf("speed-up %.2fx with %d jobs (goal: >= 1.6x for 4 chains on 2 cores): %s\n", speedup,
              jobs, speedup >= 1.6 ? "met" : "not met");
  return 0;
}
