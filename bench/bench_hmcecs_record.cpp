// Record-keeping off the user's clock (issue 28, point 2): HMC-ECS (data-aware defaults, thin 1)
// on synthetic logistic regressions with d = 6 at n = 10⁵ and 10⁶, started at θ*, as `run` runs
// it. Prints, per n: the wall time of the sampling loop against algorithm_seconds (goal ≤ 1.5×),
// the exact-U spacing k, the time per draw (goal: n = 10⁶ within 1.5× of n = 10⁵), min-ESS per
// wall-clock second against 100 × Stan's 23.5 ESS/s, and what recording every draw's exact U
// would have cost (the old behaviour: one timed O(n) pass per draw). The one-off set-up (data,
// θ*, the expansion) is reported apart: the user's whole wait is best read from
// `/usr/bin/time sgmcmc-lab run ...` (docs/performance.md).
//   usage: bench_hmcecs_record [draws]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <limits>

#include "core/diagnostics/ess.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Figures {
  double per_draw = 0.0;
};

Figures measure(double n, std::uint64_t draws) {
  sgl::RunSpec spec;
  spec.target = {"logistic", {{"n", n}, {"d", 6}, {"seed", 1}}, "", "y"};
  spec.chains = {sgl::parse_chain_spec("hmcecs")};
  spec.steps = draws;
  const auto built = Clock::now();
  sgl::Session session(spec);  // data, θ*, and the chain's set-up (expansion, subsample)
  const double setup = seconds_since(built);
  const auto started = Clock::now();
  session.run_to_end();
  const double wall = seconds_since(started);
  const sgl::Chain& chain = *session.chains().front();
  const double algorithm = chain.algorithm_seconds();
  double min_ess = std::numeric_limits<double>::infinity();
  for (int c = 0; c < chain.target().dim(); ++c)
    min_ess = std::min(min_ess, sgl::effective_sample_size(chain.draws().coordinate(c)).ess);

  // The old record: one exact U per draw.
  const auto timed = Clock::now();
  double sink = 0.0;
  const int passes = 20;
  for (int i = 0; i < passes; ++i)
    sink += chain.target().potential(chain.sampler().position().data());
  const double one_pass = seconds_since(timed) / passes;

  const double stan_target = 100.0 * 23.5;
  std::printf("n = %.0e: set-up %.2f s; %llu draws, k = %llu (%llu exact U)\n", n, setup,
              static_cast<unsigned long long>(draws),
              static_cast<unsigned long long>(chain.exact_potential_every()),
              static_cast<unsigned long long>((draws + chain.exact_potential_every() - 1) /
                                              chain.exact_potential_every()));
  std::printf("  sampling wall %.3f s, algorithm %.3f s: ratio %.3f (goal <= 1.5) %s\n", wall,
              algorithm, wall / algorithm, wall <= 1.5 * algorithm ? "MET" : "not met");
  std::printf(
      "  min ESS %.0f: %.0f ESS per wall second (sampling), %.0f with the set-up; goal >= "
      "%.0f (100 x Stan's 23.5) %s\n",
      min_ess, min_ess / wall, min_ess / (wall + setup), stan_target,
      min_ess / (wall + setup) >= stan_target ? "MET" : "not met");
  std::printf(
      "  one exact U %.2f ms: every draw's would have added %.2f s (%.1fx the algorithm)"
      "%s\n",
      1e3 * one_pass, one_pass * double(draws), one_pass * double(draws) / algorithm,
      sink == 0.123 ? " " : "");
  return {wall / double(draws)};
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t draws = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 5000;
  const Figures small = measure(1e5, draws);
  const Figures large = measure(1e6, draws);
  const double ratio = large.per_draw / small.per_draw;
  std::printf("wall per draw n = 1e6 / n = 1e5: %.3f ms / %.3f ms = %.2fx (goal <= 1.5x) %s\n",
              1e3 * large.per_draw, 1e3 * small.per_draw, ratio, ratio <= 1.5 ? "MET" : "not met");
  return 0;
}
