// Cancel and close latency of long work (issue 26): how long the window waits for the engine's
// replay of a reopened session and for a sweep or ensemble of any size when the user cancels
// or closes the window. Goals: a cancel is seen within 100 ms, a close waits at most 1 s.
//  1. LiveEngine with a saved session of 10^12 steps (SGLD on gauss2d): the constructor's time
//     (the window's UI thread runs it), cancel_replay() until the replay has ended, and the
//     destructor mid-replay (what closing the window waits for).
//  2. ExperimentRunner (the window's Experiment panel) on an ensemble of 10^15 steps, one of
//     10^13 data passes and a sweep with a burn-in of 10^15 steps: cancel() until the snapshot
//     says finished, and ~ExperimentRunner while it runs (what closing the window waits for).
//  3. A gradient-noise measurement (the window's Gradient noise job) on 10^6 data points: from
//     the stop request to its end.
// Each measurement after 300 ms of work, repeated; the median and the worst are printed.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <functional>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "app/gui/shell/experiment_runner.hpp"
#include "app/scenario/scenario.hpp"
#include "core/diagnostics/gradient_noise.hpp"
#include "core/run/live_engine.hpp"
#include "core/targets/target_registry.hpp"

namespace {

using Clock = std::chrono::steady_clock;
using namespace std::chrono_literals;

double ms_since(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void print(const char* what, std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  std::printf("  %-52s median %8.2f ms   max %8.2f ms   (n = %zu)\n", what, ms[ms.size() / 2],
              ms.back(), ms.size());
}

sgl::LiveSetup endless_session() {
  sgl::LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.running = false;
  sgl::ChainSpec chain{"sgld", {{"step_size", 0.05}}, true, "saved"};
  chain.id = 0;
  chain.steps = 1'000'000'000'000;
  chain.history = {sgl::ParamChange{1000, {{"step_size", 0.02}}}};
  setup.chains.push_back(chain);
  return setup;
}

void bench_replay(int repeats) {
  std::vector<double> construct, cancel, destroy;
  for (int i = 0; i < repeats; ++i) {
    auto start = Clock::now();
    auto engine = std::make_unique<sgl::LiveEngine>(endless_session());
    construct.push_back(ms_since(start));
    std::this_thread::sleep_for(300ms);
    start = Clock::now();
    engine->cancel_replay();
    engine->wait_until_idle();
    cancel.push_back(ms_since(start));
    engine = std::make_unique<sgl::LiveEngine>(endless_session());
    std::this_thread::sleep_for(300ms);
    start = Clock::now();
    engine.reset();
    destroy.push_back(ms_since(start));
  }
  std::printf("replay of a session saved after 10^12 steps (LiveEngine):\n");
  print("constructor (on the UI thread)", construct);
  print("cancel_replay() until the replay has ended", cancel);
  print("~LiveEngine mid-replay (window close)", destroy);
}

void bench_experiment(const char* name, const std::string& json, sgl::ExperimentRunner::Kind kind,
                      int repeats) {
  const sgl::Scenario scenario = sgl::parse_scenario(json, name);
  std::vector<double> cancel, destroy;
  for (int i = 0; i < repeats; ++i) {
    auto runner = std::make_unique<sgl::ExperimentRunner>(scenario, kind);
    std::this_thread::sleep_for(300ms);
    if (runner->snapshot()->finished) {
      std::printf("  %s: finished or failed before the cancel: %s\n", name,
                  runner->snapshot()->error.c_str());
      return;
    }
    auto start = Clock::now();
    runner->cancel();
    while (!runner->snapshot()->finished) std::this_thread::sleep_for(100us);
    cancel.push_back(ms_since(start));
    runner = std::make_unique<sgl::ExperimentRunner>(scenario, kind);
    std::this_thread::sleep_for(300ms);
    start = Clock::now();
    runner.reset();
    destroy.push_back(ms_since(start));
  }
  std::printf("%s (ExperimentRunner):\n", name);
  print("cancel() until finished", cancel);
  print("~ExperimentRunner while running (window close)", destroy);
}

// The window's gradient-noise job on a large data set (10^6 points, 51 coordinates, K = 20 000,
// b = 1000): from the stop request to the measurement's end.
void bench_gradient_noise(int repeats) {
  const auto target =
      sgl::make_target({"logistic", {{"n", 1000000}, {"d", 50}, {"seed", 3}}, "", "y"});
  std::vector<double> cancel;
  for (int i = 0; i < repeats; ++i) {
    sgl::GradientNoiseRequest request;
    request.theta = sgl::Vec::Zero(target->dim());
    request.samples = 20000;
    request.batch_size = 1000;
    std::atomic<bool> stop{false};
    struct Stopped {};
    request.check_cancelled = [&stop] {
      if (stop.load()) throw Stopped{};
    };
    auto work = std::async(std::launch::async, [&] {
      try {
        sgl::measure_gradient_noise(*target, request);
      } catch (const Stopped&) {
      }
    });
    std::this_thread::sleep_for(300ms);
    const auto start = Clock::now();
    stop.store(true);
    work.get();
    cancel.push_back(ms_since(start));
  }
  std::printf("gradient-noise measurement, n = 10^6, d = 51, K = 20 000, b = 1000:\n");
  print("stop request until it has ended", cancel);
}

}  // namespace

int main(int argc, char** argv) {
  const int repeats = argc > 1 ? std::max(1, std::atoi(argv[1])) : 10;
  bench_replay(repeats);
  const std::string gauss = R"({"name": "b", "target": {"id": "gauss2d"}, "chains": [
      {"label": "SGLD", "sampler": "sgld", "params": {"step_size": 0.05}}], )";
  bench_experiment(
      "ensemble, steps 10^15",
      gauss + R"("ensemble": {"chains": 1, "steps": 1000000000000000, "checkpoints": 2}})",
      sgl::ExperimentRunner::Kind::Ensemble, repeats);
  bench_experiment("ensemble, data_passes 10^13 (ewsg-gauss)",
                   R"({"name": "b", "target": {"id": "ewsg-gauss", "params": {"n": 20, "seed": 1}},
          "chains": [{"label": "SGLD", "sampler": "sgld",
                      "params": {"step_size": 0.001, "batch_size": 1}}],
          "ensemble": {"chains": 2, "data_passes": 1e13, "checkpoints": 2}})",
                   sgl::ExperimentRunner::Kind::Ensemble, repeats);
  bench_experiment("sweep, burn-in 10^15",
                   gauss + R"("sweep": {"param": "step_size", "values": [0.05, 0.1],
                                        "steps": 1000, "burnin": 1000000000000000, "keep_first": 10}})",
                   sgl::ExperimentRunner::Kind::Sweep, repeats);
  bench_gradient_noise(repeats);
  return 0;
}
