// HMC-ECS benchmarks (issue 4), synthetic logistic regression, single thread:
//  1. cost per HMC-ECS leapfrog step at n = 10⁴, 10⁵, 10⁶ (m = 100, d = 6 + intercept), excluding
//     the one-off O(n) set-up. Goal: the 10⁴ → 10⁶ ratio ≤ 1.5×.
//  2. ESS per second of HMC-ECS (mass=hessian) against full-data HMC at n = 10⁶, d = 6, both
//     started at the MAP, with posterior means compared in posterior sds. Goal: ≥ 10×, means
//     within 0.1 sd.
//  3. cost per signed HMC-ECS leapfrog step at n = 10⁴, 10⁵, 10⁶ (m = 30, λ = 10, κ = 1: about
//     λm = 300 points per gradient), with the λ that lambda=auto would pick at each n and τ̂.
// Draws are read from the sampler's position after each iteration rather than recorded, because
// recording computes the exact U (an O(n) diagnostic) that is not part of either algorithm's cost
// for HMC-ECS; HMC evaluates U for its MH test anyway.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <string>
#include <vector>

#include "core/diagnostics/ess.hpp"
#include "core/diagnostics/running_moments.hpp"
#include "core/run/draw_store.hpp"
#include "core/samplers/hmcecs_signed.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/targets/target_registry.hpp"

namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::shared_ptr<const sgl::Target> logistic(std::int64_t n) {
  return sgl::make_target({"logistic", {{"n", double(n)}, {"d", 6}, {"seed", 1}}, "", "y"});
}

// Never due: nothing is recorded, so no exact-U diagnostic runs.
sgl::DrawStore silent_store(int dim) {
  return sgl::DrawStore(dim, std::numeric_limits<std::uint64_t>::max() / 2, 1);
}

const sgl::ParamValues kEcsParams = {
    {"step_size", 0.1}, {"leapfrog_steps", 12}, {"batch_size", 100}, {"blocks", 100}, {"mass", 1}};

struct Trace {
  std::vector<std::vector<double>> series;  // one per coordinate
  double seconds = 0.0;
  double accept = 0.0;
};

Trace sample(const sgl::Target& target, const std::string& id, const sgl::ParamValues& params,
             int iterations, std::uint64_t seed) {
  const auto& model = dynamic_cast<const sgl::LogisticRegressionTarget&>(target);
  auto sampler = sgl::make_sampler(id, target, params);
  sgl::Rng rng(seed);
  sampler->reset(model.map(), rng);  // set-up (HMC-ECS: θ*, A, B) is outside the timing
  sgl::DrawStore store = silent_store(target.dim());
  Trace trace;
  trace.series.assign(std::size_t(target.dim()), {});
  const auto start = Clock::now();
  for (int i = 0; i < iterations; ++i) {
    sampler->run(1, rng, store);
    for (int c = 0; c < target.dim(); ++c)
      trace.series[std::size_t(c)].push_back(sampler->position()[c]);
  }
  trace.seconds = seconds_since(start);
  trace.accept = double(sampler->counters().mh_accepts) / double(sampler->counters().mh_proposals);
  return trace;
}

void signed_cost() {
  std::printf(
      "\n3. Signed HMC-ECS cost per leapfrog step (m = 30, λ = 10, κ = 1, L = 12, mass=hessian)\n");
  double first = 0.0;
  for (std::int64_t n : {10'000LL, 100'000LL, 1'000'000LL}) {
    const auto target = logistic(n);
    const auto& model = dynamic_cast<const sgl::LogisticRegressionTarget&>(*target);
    sgl::ParamValues params = {{"step_size", 0.1}, {"leapfrog_steps", 12}, {"batch_size", 30},
                               {"lambda", 10},     {"kappa", 1},           {"mass", 1}};
    auto sampler = sgl::make_sampler("hmcecs-signed", *target, params);
    sgl::Rng rng(2);
    sampler->reset(model.map(), rng);
    sgl::DrawStore store = silent_store(target->dim());
    sampler->run(200, rng, store);  // warm up
    const int iterations = 4000;
    const auto& signed_ecs = dynamic_cast<const sgl::HmcEcsSignedSampler&>(*sampler);
    double batches = 0.0;
    const auto start = Clock::now();
    for (int i = 0; i < iterations; ++i) {
      sampler->run(1, rng, store);
      batches += signed_ecs.estimator()->total_batches();
    }
    const double per_step = seconds_since(start) / (iterations * 12.0);
    if (first == 0.0) first = per_step;
    const auto& counters = sampler->counters();
    const double tau = counters.channels[sgl::HmcEcsSignedSampler::kSign].mean();
    // The λ lambda=auto picks here (a separate sampler: its set-up is not timed).
    params.erase("lambda");
    auto automatic = sgl::make_sampler("hmcecs-signed", *target, params);
    sgl::Rng auto_rng(5);
    automatic->reset(model.map(), auto_rng);
    std::printf(
        "  n = %8lld: %7.3f µs per leapfrog step (%.2f× n = 10⁴), %.1f minibatches "
        "(%.0f points) per gradient, α_θ %.3f, τ̂ %.4f; lambda=auto → λ = %d\n",
        static_cast<long long>(n), per_step * 1e6, per_step / first, batches / iterations,
        30.0 * batches / iterations, double(counters.mh_accepts) / double(counters.mh_proposals),
        tau, dynamic_cast<const sgl::HmcEcsSignedSampler&>(*automatic).products());
  }
}

}  // namespace

int main(int argc, char** argv) {
  // `bench_hmcecs signed` runs part 3 alone (a quick rerun when the machine is busy).
  if (argc > 1 && std::string(argv[1]) == "signed") {
    signed_cost();
    return 0;
  }
  std::printf("1. HMC-ECS cost per leapfrog step (m = 100, G = 100, L = 12, d = 6 + intercept)\n");
  double first = 0.0;
  for (std::int64_t n : {10'000LL, 100'000LL, 1'000'000LL}) {
    const auto target = logistic(n);
    const auto& model = dynamic_cast<const sgl::LogisticRegressionTarget&>(*target);
    auto sampler = sgl::make_sampler("hmcecs", *target, kEcsParams);
    sgl::Rng rng(2);
    const auto setup_start = Clock::now();
    sampler->reset(model.map(), rng);
    const double setup = seconds_since(setup_start);
    sgl::DrawStore store = silent_store(target->dim());
    sampler->run(200, rng, store);  // warm up
    const int iterations = 4000;
    const auto start = Clock::now();
    sampler->run(std::uint64_t(iterations), rng, store);
    const double per_step = seconds_since(start) / (iterations * 12.0);
    if (first == 0.0) first = per_step;
    std::printf("  n = %8lld: %7.3f µs per leapfrog step (%.2f× n = 10⁴); set-up %.3f s\n",
                static_cast<long long>(n), per_step * 1e6, per_step / first, setup);
  }

  std::printf("\n2. ESS/s on logistic n = 10⁶, d = 6: HMC-ECS (mass=hessian) vs full-data HMC\n");
  const auto target = logistic(1'000'000);
  const auto& model = dynamic_cast<const sgl::LogisticRegressionTarget&>(*target);
  const Trace ecs = sample(*target, "hmcecs", kEcsParams, 20000, 3);
  // Full-data HMC with M = I: ε ≈ ⅓ of the smallest posterior sd, εL ≈ 2.5 sd.
  const double min_sd = std::sqrt(model.laplace_covariance().diagonal().minCoeff());
  const Trace hmc =
      sample(*target, "hmc", {{"step_size", min_sd / 3}, {"leapfrog_steps", 8}}, 300, 4);
  double ecs_min = std::numeric_limits<double>::infinity(), hmc_min = ecs_min, worst_gap = 0.0;
  std::printf("  coord   ESS ECS    ESS HMC   (ECS−HMC)/sd\n");
  for (int c = 0; c < target->dim(); ++c) {
    const auto& a = ecs.series[std::size_t(c)];
    const auto& b = hmc.series[std::size_t(c)];
    const double ess_a = sgl::effective_sample_size(a).ess,
                 ess_b = sgl::effective_sample_size(b).ess;
    sgl::RunningMoments ma, mb;
    ma.add(a.data(), a.size());
    mb.add(b.data(), b.size());
    const double gap = (ma.mean() - mb.mean()) / std::sqrt(model.laplace_covariance()(c, c));
    worst_gap = std::max(worst_gap, std::abs(gap));
    ecs_min = std::min(ecs_min, ess_a);
    hmc_min = std::min(hmc_min, ess_b);
    std::printf("  %5d %9.0f %10.0f %+10.3f\n", c, ess_a, ess_b, gap);
  }
  const double ecs_rate = ecs_min / ecs.seconds, hmc_rate = hmc_min / hmc.seconds;
  std::printf("  HMC-ECS: %d iterations in %.2f s, α_θ %.3f, min ESS/s %.1f\n",
              int(ecs.series[0].size()), ecs.seconds, ecs.accept, ecs_rate);
  std::printf("  HMC:     %d iterations in %.2f s, α %.3f, min ESS/s %.2f\n",
              int(hmc.series[0].size()), hmc.seconds, hmc.accept, hmc_rate);
  std::printf(
      "  ratio (goal ≥ 10×): %.1f×; worst |mean gap| %.3f sd (goal ≤ 0.1; the HMC run's "
      "own MCSE is ≈ 1/√ESS sd)\n",
      ecs_rate / hmc_rate, worst_gap);
  signed_cost();
  return 0;
}
