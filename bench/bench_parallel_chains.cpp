// Parallel chains (issue 28, point 1): `run --chains 4` with --jobs 1 against --jobs N (the
// number of cores), on work where chains cost the same: HMC on a synthetic logistic regression
// (n = 5·10³, d = 6) and SGHMC on the correlated Gaussian. Prints the throughput ratio (steps per
// wall-clock second) beside the goal (4 chains on 2 cores ≥ 1.8×) and checks that the draws are
// the same. The ratio depends on what else the machine runs: with the kernel's autogroup
// scheduling a busy machine shares its cores between sessions, not threads, so the bench also
// prints the cores each run obtained (CPU seconds per wall second): quote it from a quiet machine.
//   usage: bench_parallel_chains [jobs] [steps]
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "core/run/session.hpp"
#include "core/util/parallel_for.hpp"

namespace {

using Clock = std::chrono::steady_clock;

// CPU time of the whole process (every thread), user + system.
double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

struct Timed {
  double seconds = 0.0;
  double cores = 0.0;  // CPU seconds per wall second: the cores the machine actually gave
  double first_coordinate_sum = 0.0;  // a fingerprint of the draws
};

Timed run(const sgl::RunSpec& spec, int jobs) {
  sgl::Session session(spec);
  const auto start = Clock::now();
  const double cpu_start = cpu_seconds();
  session.run_to_end({}, jobs);
  Timed timed;
  timed.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  timed.cores = (cpu_seconds() - cpu_start) / timed.seconds;
  for (const auto& chain : session.chains())
    for (std::size_t i = 0; i < chain->draws().size(); ++i)
      timed.first_coordinate_sum += chain->draws().theta(i, 0);
  return timed;
}

bool measure(const char* name, const sgl::RunSpec& spec, int jobs) {
  run(spec, 1);  // warm-up: page faults of the first allocations, CPU frequency
  const Timed one = run(spec, 1);
  const Timed many = run(spec, jobs);
  const double ratio = one.seconds / many.seconds;
  const bool same = one.first_coordinate_sum == many.first_coordinate_sum;
  std::printf(
      "%-34s 1 job %.3f s, %d jobs %.3f s: throughput %.2fx (goal >= 1.80x with 2 cores) "
      "%s, draws %s; cores obtained %.2f and %.2f\n",
      name, one.seconds, jobs, many.seconds, ratio, ratio >= 1.8 ? "MET" : "not met",
      same ? "identical" : "DIFFERENT", one.cores, many.cores);
  return same;
}

}  // namespace

int main(int argc, char** argv) {
  const int jobs = argc > 1 ? std::atoi(argv[1]) : sgl::default_jobs();
  const std::uint64_t steps = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 400;
  std::printf("4 chains, %d jobs (%d hardware threads)\n", jobs, sgl::default_jobs());

  sgl::RunSpec logistic;
  logistic.target = {"logistic", {{"n", 5000}, {"d", 6}, {"seed", 1}}, "", "y"};
  logistic.chains = {sgl::parse_chain_spec("hmc:step_size=0.01,leapfrog_steps=10")};
  logistic.chains_per_sampler = 4;
  logistic.steps = steps;
  logistic.init_at_map = true;

  sgl::RunSpec gaussian;
  gaussian.target = {"gauss2d", {{"rho", 0.9}}, "", "y"};
  gaussian.chains = {sgl::parse_chain_spec("sghmc:step_size=0.05,friction=1")};
  gaussian.chains_per_sampler = 4;
  gaussian.steps = steps * 5000;

  bool same = measure("HMC, logistic n=5e3 d=6", logistic, jobs);
  same = measure("SGHMC, gauss2d", gaussian, jobs) && same;
  return same ? 0 : 1;
}
