// Headless throughput and memory of the live engine: six chains (hmc, naive-sghmc, sghmc, sgld,
// sgd-momentum, sghmc) on Chen's double well with gradient noise V = 4, as fast as possible.
//  1. Each chain alone through Chain::run (ring buffer of 2^20 draws, no aggregation): its
//     steps per second. The engine gives every chain an equal share of the worker's time, so the
//     ideal engine figure per chain is a sixth of that.
//  2. The same chains through the LiveEngine for ~5 s (aggregations, diagnostics, snapshots at
//     60 Hz, a reader taking snapshots like a UI would).
//  3. The engine keeps running until 3·10^8 steps in all (or 60 s): resident memory over time
//     (the goal: ≤ 1 GB after 10^8).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "core/run/chain.hpp"
#include "core/run/live_chain_stats.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/run_spec.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// "VmRSS:  123456 kB" → MB; 0 if unavailable.
double status_megabytes(const std::string& key) {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(key + ":", 0) == 0) return std::stod(line.substr(key.size() + 1)) / 1024.0;
  }
  return 0.0;
}

const std::vector<sgl::ChainSpec> kChains = {
    {"hmc", {{"step_size", 0.1}, {"leapfrog_steps", 20}}, true},
    {"naive-sghmc", {{"step_size", 0.1}, {"noise_var", 4}}, true},
    {"sghmc", {{"step_size", 0.1}, {"noise_var", 4}, {"friction", 3}}, true},
    {"sgld", {{"step_size", 0.05}, {"noise_var", 4}}, true},
    {"sgd-momentum", {{"noise_var", 4}}, true},
    {"sghmc", {{"step_size", 0.05}, {"noise_var", 4}, {"friction", 1}}, true},
};
constexpr std::size_t kCapacity = std::size_t{1} << 20;

std::uint64_t total_steps(const sgl::EngineSnapshot& snapshot) {
  std::uint64_t total = 0;
  for (const auto& chain : snapshot.chains) total += chain.counters.steps;
  return total;
}

}  // namespace

int main() {
  const sgl::TargetSpec target_spec{"chen-doublewell", {}, "", "y"};
  const auto target = sgl::make_target(target_spec);

  std::printf("Live engine bench: 6 chains on chen-doublewell, noise_var 4, 2 cores shared\n\n");
  std::printf("1. Each chain alone, Chain::run into a 2^20 ring buffer, no aggregation (~0.8 s)\n");
  std::vector<double> direct_rate;
  for (std::size_t k = 0; k < kChains.size(); ++k) {
    sgl::Chain chain(target, kChains[k].sampler_id, kChains[k].params, sgl::chain_seed(1, k, 0),
                     target->default_init(), 0, 1, kCapacity);
    chain.run(10'000);  // warm up
    std::uint64_t steps = 0, piece = 10'000;
    const auto start = Clock::now();
    while (seconds_since(start) < 0.8 && !chain.stopped()) {
      chain.run(piece);
      steps += piece;
      if (seconds_since(start) < 0.1) piece *= 2;
    }
    direct_rate.push_back(double(steps) / seconds_since(start));
    std::printf("   %-13s %8.2f M steps/s%s\n", kChains[k].sampler_id.c_str(),
                direct_rate.back() / 1e6, chain.stopped() ? "  (stopped)" : "");
  }
  {
    // What one ACF/ESS refresh costs the worker (it allows itself ≤ 10% of its time for them).
    sgl::Chain chain(target, "sghmc", kChains[2].params, 1, target->default_init(), 0, 1,
                     kCapacity);
    chain.run(kCapacity);
    sgl::LiveChainStats stats(*target, nullptr);
    const auto heavy_start = Clock::now();
    stats.consume(chain);
    stats.update_heavy_step(chain, Clock::now());  // 1-D: the whole refresh
    std::printf("   ACF (%zu lags) + ESS over the newest %zu draws, one coordinate: %.1f ms\n",
                sgl::kLiveMaxLag, sgl::kLiveDiagnosticsWindow, seconds_since(heavy_start) * 1e3);
  }
  double mean_direct = 0.0;
  for (double rate : direct_rate) mean_direct += rate / double(direct_rate.size());
  std::printf("   equal time share of one core: %.2f M steps/s in all\n\n", mean_direct / 1e6);

  std::printf("2. LiveEngine, as fast as possible, ~5 s (a reader takes snapshots at 60 Hz)\n");
  const double rss_before = status_megabytes("VmRSS");
  sgl::LiveSetup setup;
  setup.target = target_spec;
  setup.chains = kChains;
  setup.seed = 1;
  setup.draw_capacity = kCapacity;
  auto engine_owner = std::make_unique<sgl::LiveEngine>(setup);
  sgl::LiveEngine& engine = *engine_owner;
  std::this_thread::sleep_for(std::chrono::milliseconds(300));  // slices settle
  auto first = engine.snapshot();
  const auto start = Clock::now();
  std::uint64_t snapshots_read = 0;
  while (seconds_since(start) < 5.0) {
    std::this_thread::sleep_for(std::chrono::microseconds(16'667));
    if (engine.snapshot()) ++snapshots_read;
  }
  auto last = engine.snapshot();
  const double elapsed = seconds_since(start);
  for (std::size_t k = 0; k < kChains.size(); ++k) {
    const double rate =
        double(last->chains[k].counters.steps - first->chains[k].counters.steps) / elapsed;
    std::printf("   %-13s %8.2f M steps/s  (%5.1f%% of a sixth of alone)%s\n",
                kChains[k].sampler_id.c_str(), rate / 1e6, 100.0 * rate / (direct_rate[k] / 6.0),
                last->chains[k].stopped ? "  (stopped)" : "");
  }
  const double engine_total = double(total_steps(*last) - total_steps(*first)) / elapsed;
  std::printf("   total         %8.2f M steps/s  (%5.1f%% of the equal-share direct figure)\n",
              engine_total / 1e6, 100.0 * engine_total / mean_direct);
  std::printf("   snapshots published: %.1f per s\n\n",
              double(last->version - first->version) / elapsed);

  std::printf("3. Memory until 3e8 steps in all (or 60 s); RSS before the engine: %.0f MB\n",
              rss_before);
  const auto memory_start = Clock::now();
  double next_report = 0.0;
  while (total_steps(*engine.snapshot()) < 300'000'000 && seconds_since(memory_start) < 60.0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    if (seconds_since(memory_start) >= next_report) {
      std::printf("   t = %5.1f s  steps %11llu  RSS %7.1f MB\n", seconds_since(memory_start),
                  static_cast<unsigned long long>(total_steps(*engine.snapshot())),
                  status_megabytes("VmRSS"));
      next_report += 2.0;
    }
  }
  const auto final_snapshot = engine.snapshot();
  std::printf("   final: %llu steps in all after %.1f s; RSS %.1f MB, peak RSS %.1f MB\n",
              static_cast<unsigned long long>(total_steps(*final_snapshot)),
              seconds_since(memory_start), status_megabytes("VmRSS"), status_megabytes("VmHWM"));
  const auto destruct_start = Clock::now();
  engine_owner.reset();  // stops the worker mid-run
  std::printf("   destruction while running: %.1f ms\n", seconds_since(destruct_start) * 1e3);
  return snapshots_read > 0 ? 0 : 1;
}
