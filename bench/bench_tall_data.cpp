// HMC-ECS on tall data end to end (issue 28, point 4): a logistic regression from a .npy file
// such as bench/make_tall_npy writes (the 10.5·10⁶ × 29 set of the HMC-ECS paper's scale), as
// `run --model logistic --data FILE.npy --sampler hmcecs` runs it, timed phase by phase with CPU
// seconds beside wall seconds (the machine is shared): loading, the posterior mode (the target's
// Newton), the chain's set-up (θ*, the control variates' full pass, m, the mass matrix), and the
// sampling (time per iteration). Prints the memory the data take against their float64 size
// (goal ≤ 1.1×) and the process's peak.
//   usage: bench_tall_data FILE.npy [steps] [response]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>

#include "bench/bench_measure.hpp"
#include "core/diagnostics/ess.hpp"
#include "core/io/npy_file.hpp"
#include "core/run/chain.hpp"
#include "core/targets/logistic_regression.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: bench_tall_data FILE.npy [steps] [response]\n");
    return 2;
  }
  const std::string path = argv[1];
  const std::uint64_t steps = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 1000;
  const std::string response = argc > 3 ? argv[3] : "y";
  const sgl::NpyHeader header = sgl::read_npy_header(path);
  const double float64_mb = double(header.rows) * double(header.columns) * 8.0 / 1e6;
  std::printf("%s: %lld x %lld, float64 size %.0f MB; load average %.2f\n", path.c_str(),
              static_cast<long long>(header.rows), static_cast<long long>(header.columns),
              float64_mb, bench::load_average());

  const double rss_before = bench::peak_rss_mb();
  const bench::Stopwatch loading;
  sgl::Dataset data = sgl::load_npy_dataset(path, response, sgl::ResponseKind::Binary);
  const double data_ratio = (bench::peak_rss_mb() - rss_before) / float64_mb;
  std::printf(
      "load: %.2f s wall, %.2f CPU s (%.0f MB/s); data +%.0f MB = %.3fx the float64 size "
      "(goal <= 1.1x) %s\n",
      loading.wall(), loading.cpu(), float64_mb / loading.wall(), bench::peak_rss_mb() - rss_before,
      data_ratio, data_ratio <= 1.1 ? "MET" : "not met");

  const bench::Stopwatch mode;
  const auto target = std::make_shared<const sgl::LogisticRegressionTarget>(std::move(data), 10.0);
  std::printf(
      "posterior mode and Laplace covariance (Newton over all data): %.2f s wall, %.2f CPU s\n",
      mode.wall(), mode.cpu());

  const bench::Stopwatch setup;
  sgl::Chain chain(target, "hmcecs", {}, 1, target->map(), 0, 1);
  chain.reserve_draws(std::size_t(steps) + 1);
  std::printf(
      "HMC-ECS set-up (theta*, control variates' full pass, m, mass): %.2f s wall, %.2f CPU s\n",
      setup.wall(), setup.cpu());

  const bench::Stopwatch sampling;
  chain.run(steps);
  const double wall = sampling.wall(), cpu = sampling.cpu();
  double min_ess = std::numeric_limits<double>::infinity();
  for (int c = 0; c < target->dim(); ++c)
    min_ess = std::min(min_ess, sgl::effective_sample_size(chain.draws().coordinate(c)).ess);
  std::printf(
      "sampling %llu iterations: %.2f s wall, %.2f CPU s: %.3f ms CPU per iteration (%.3f ms "
      "wall; algorithm_seconds %.2f s); %llu exact U (every %llu-th draw); min ESS %.0f, %.0f "
      "per CPU second\n",
      static_cast<unsigned long long>(steps), wall, cpu, 1e3 * cpu / double(steps),
      1e3 * wall / double(steps), chain.algorithm_seconds(),
      static_cast<unsigned long long>((steps + chain.exact_potential_every() - 1) /
                                      chain.exact_potential_every()),
      static_cast<unsigned long long>(chain.exact_potential_every()), min_ess, min_ess / cpu);
  const double peak_ratio = (bench::peak_rss_mb() - rss_before) / float64_mb;
  std::printf("peak memory +%.0f MB = %.3fx the float64 size (data, control variates, draws)\n",
              bench::peak_rss_mb() - rss_before, peak_ratio);
  return 0;
}
