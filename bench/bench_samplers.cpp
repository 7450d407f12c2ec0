// Steps per second of every sampler through the engine's real code path (Chain::run →
// Sampler::run with recording of every draw (thin = 1) or every 100th), single thread. gauss2d with
// noise_var = 1 (Chen Fig. 3 setting). Goal (issue 2): SGHMC ≥ 20 M steps/s. Also times one full
// logistic-regression gradient at n = 10⁵, d = 6 (goal ≤ 1.2 ms).
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include "core/run/chain.hpp"
#include "core/targets/target_registry.hpp"

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void bench_sampler(const std::shared_ptr<const sgl::Target>& target, const std::string& id,
                   const sgl::ParamValues& params, std::uint64_t steps, std::uint64_t thin) {
  // Draws go to a ring buffer of 10⁶, as a live session keeps them: the figure is the cost of
  // stepping and recording, not of the kernel handing out fresh pages for an ever-growing store.
  sgl::Chain chain(target, id, params, 1, target->default_init(), 0, thin, 1'000'000);
  chain.run(steps / 10);  // warm up
  const auto start = std::chrono::steady_clock::now();
  chain.run(steps);
  const double elapsed = seconds_since(start);
  std::printf("  %-14s thin=%-5llu %8.2f M steps/s  (%llu steps in %.3f s)%s\n", id.c_str(),
              static_cast<unsigned long long>(thin), steps / elapsed / 1e6,
              static_cast<unsigned long long>(steps), elapsed, chain.stopped() ? "  STOPPED" : "");
}

}  // namespace

int main() {
  std::printf("Sampler throughput on gauss2d (rho = 0.9), noise_var = 1, single thread\n");
  auto gauss2d = sgl::make_target({"gauss2d", {}, "", "y"});
  for (std::uint64_t thin : {1ULL, 100ULL}) {
    bench_sampler(gauss2d, "sghmc", {{"noise_var", 1}, {"step_size", 0.05}, {"friction", 1}},
                  20'000'000, thin);
    bench_sampler(gauss2d, "naive-sghmc", {{"noise_var", 1}, {"step_size", 0.05}}, 20'000'000,
                  thin);
    bench_sampler(gauss2d, "sgld", {{"noise_var", 1}, {"step_size", 0.01}}, 20'000'000, thin);
    bench_sampler(gauss2d, "sgd-momentum", {{"noise_var", 1}}, 20'000'000, thin);
    bench_sampler(gauss2d, "hmc", {{"step_size", 0.2}, {"leapfrog_steps", 10}}, 2'000'000, thin);
  }

  std::printf("\nFull logistic-regression gradient, n = 1e5, d = 6 (+ intercept)\n");
  auto logistic = sgl::make_target({"logistic", {{"n", 100000}, {"d", 6}}, "", "y"});
  sgl::Vec theta = sgl::Vec::Constant(logistic->dim(), 0.1);
  sgl::Vec grad(logistic->dim());
  for (int i = 0; i < 20; ++i) logistic->gradient(theta.data(), grad.data());
  const int repeats = 500;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < repeats; ++i) {
    theta[0] += 1e-9;
    logistic->gradient(theta.data(), grad.data());
  }
  std::printf("  %.3f ms per full gradient (mean of %d)\n", seconds_since(start) / repeats * 1e3,
              repeats);
  return 0;
}
