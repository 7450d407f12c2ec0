// DAIS benchmark (issue 6): time per optimisation (Adam) step of DAIS, NS-DAIS and SL-DAIS on a
// synthetic logistic regression (d = 6 covariates + intercept, K = 8, one ELBO sample per step,
// B = N_surr = 256) at n = 10⁴ and 10⁵, single thread. DAIS costs O(nK) per step; SL-DAIS and
// NS-DAIS cost O((N_surr or B) K), so their time should not grow with n. The set-up (sampler
// construction and reset, O(n) once) is outside the timing. The per-datum gradient count per step
// shows the algorithmic cost; what the time adds at 10⁵ for the subsampled variants is memory:
// their random rows come from a 5.6 MB design matrix instead of one that fits in cache.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <limits>

#include "core/run/draw_store.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"

namespace {

using Clock = std::chrono::steady_clock;

struct StepCost {
  double seconds = 0.0;
  double evaluations = 0.0;  // per-datum gradient evaluations per step
};

StepCost time_per_step(const sgl::Target& target, const std::string& id, int steps) {
  const sgl::ParamValues params =
      id == "dais" ? sgl::ParamValues{{"K", 8}, {"iterations", 1e6}}
                   : sgl::ParamValues{{"K", 8}, {"iterations", 1e6}, {"batch_size", 256}};
  sgl::ParamValues full = params;
  if (id == "sl-dais") full["surrogate_points"] = 256;
  auto sampler = sgl::make_sampler(id, target, full);
  sgl::Rng rng(1);
  sampler->reset(target.default_init(), rng);
  sgl::DrawStore store(target.dim(), std::numeric_limits<std::uint64_t>::max() / 2, 1);
  sampler->run(5, rng, store);  // warm-up
  const std::uint64_t evaluations_before = sampler->counters().gradient_evaluations;
  const auto start = Clock::now();
  sampler->run(std::uint64_t(steps), rng, store);
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  return {seconds / steps,
          double(sampler->counters().gradient_evaluations - evaluations_before) / steps};
}

}  // namespace

int main() {
  std::printf("time per Adam step (logistic, d = 6 + intercept, K = 8, B = N_surr = 256)\n");
  std::printf("%-8s  %14s  %14s  %8s  %22s\n", "sampler", "n = 1e4 [ms]", "n = 1e5 [ms]", "ratio",
              "per-datum grads/step");
  for (const char* id : {"dais", "ns-dais", "sl-dais"}) {
    StepCost times[2];
    int column = 0;
    for (std::int64_t n : {10000, 100000}) {
      const auto target =
          sgl::make_target({"logistic", {{"n", double(n)}, {"d", 6}, {"seed", 1}}, "", "y"});
      // About a second per measurement.
      const int steps = std::string(id) == "dais" ? std::max(5, int(2e6 / double(n))) : 2000;
      times[column++] = time_per_step(*target, id, steps);
    }
    std::printf("%-8s  %14.4f  %14.4f  %8.2f  %10.0f -> %9.0f\n", id, 1e3 * times[0].seconds,
                1e3 * times[1].seconds, times[1].seconds / times[0].seconds, times[0].evaluations,
                times[1].evaluations);
  }
  return 0;
}
