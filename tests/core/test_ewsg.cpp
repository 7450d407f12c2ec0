// EWSG (EWSG paper, Alg. 1; docs/algorithms.md#ewsg): the index chain's stationary distribution,
// the block partition, the Euler–Maruyama step, cost counting and the error on analytic targets.
#include <array>
#include <catch2/catch.hpp>
#include <cmath>
#include <set>

#include "core/gradients/ewsg_index_chain.hpp"
#include "core/run/draw_store.hpp"
#include "core/samplers/ewsg.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/ewsg_gauss.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::shared_ptr<const Target> ewsg_gauss(int n, int seed = 1) {
  return make_target({"ewsg-gauss", {{"n", n}, {"seed", seed}}, "", "y"});
}

}  // namespace

TEST_CASE("EWSG index chain: stationary distribution is p_i ∝ exp(½‖x + n a_i‖²)", "[ewsg]") {
  // n = 6 centres, frozen (θ, r). Each select() restarts from a uniform index and runs M = 100
  // Metropolis steps, so the 2·10⁵ selected indices are independent draws: a plain χ² test
  // applies (a persisted chain's draws would be autocorrelated). The chain's worst eigenvalue is
  // 1 − 1/(n p_max) ≈ 0.6 here, so after 100 steps the start's trace is below 1e-20.
  const int n = 6;
  auto target = ewsg_gauss(n, 3);
  const auto& gauss = dynamic_cast<const EwsgGaussTarget&>(*target);
  const double theta[2] = {0.4, -0.3}, r[2] = {0.8, 0.5};
  const double h = 0.05, gamma = 2.0;

  // The truth, computed independently of the chain: p_i ∝ exp(½‖x + n a_i‖²) with
  // a_i = √h ∇V_i(θ)/σ, x = √h γ r/σ, σ = √(2γ), ∇V_i = θ − c_i.
  const double sigma = std::sqrt(2.0 * gamma);
  std::vector<double> p(n);
  double total = 0.0;
  for (int i = 0; i < n; ++i) {
    double squared_norm = 0.0;
    for (int c = 0; c < 2; ++c) {
      const double a = std::sqrt(h) * (theta[c] - gauss.centres()(i, c)) / sigma;
      const double x = std::sqrt(h) * gamma * r[c] / sigma;
      squared_norm += (x + n * a) * (x + n * a);
    }
    p[i] = std::exp(0.5 * squared_norm);
    total += p[i];
  }
  for (double& value : p) value /= total;

  EwsgIndexChain chain(gauss);
  chain.set_index_steps(100);
  Rng rng(11);
  const int draws = 200000;
  std::vector<double> counts(n, 0.0);
  double gradient[2];
  for (int draw = 0; draw < draws; ++draw) {
    chain.select(theta, r, h, gamma, nullptr, gradient, rng);
    counts[chain.current_block()] += 1.0;
  }
  double chi_square = 0.0, p_min = 1.0, p_max = 0.0;
  for (int i = 0; i < n; ++i) {
    const double expected = draws * p[i];
    chi_square += (counts[i] - expected) * (counts[i] - expected) / expected;
    p_min = std::min(p_min, p[i]);
    p_max = std::max(p_max, p[i]);
  }
  INFO("χ² = " << chi_square << ", p from " << p_min << " to " << p_max);
  // Measured: χ² = 4.84 with p from 0.084 to 0.294 (clearly non-uniform).
  CHECK(p_max > 2 * p_min);  // the test would be toothless at nearly uniform weights
  // 0.999 quantile of χ² with n − 1 = 5 degrees of freedom.
  CHECK(chi_square < 20.515);
  // The selected block's gradient is the scaled one, G_i = n ∇V_i(θ).
  const int last = chain.current_block();
  CHECK(gradient[0] == Approx(n * (theta[0] - gauss.centres()(last, 0))));
  CHECK(gradient[1] == Approx(n * (theta[1] - gauss.centres()(last, 1))));
  CHECK(chain.evaluations() == std::uint64_t(draws) * 101);
}

TEST_CASE("EWSG blocks: a partition of the data whose uniform choice is unbiased", "[ewsg]") {
  const int n = 23;
  auto target = ewsg_gauss(n);
  const auto& gauss = dynamic_cast<const EwsgGaussTarget&>(*target);
  const double theta[2] = {0.3, 0.1};
  double exact[2];
  target->gradient(theta, exact);
  for (int b : {1, 2, 5, 7, 23, 50}) {
    EwsgIndexChain chain(gauss);
    chain.set_partition(b, 99);
    chain.set_uniform(true);
    const int blocks = chain.num_blocks();
    CHECK(blocks == std::max(1, n / b));
    std::set<std::int64_t> seen;
    for (int block = 0; block < blocks; ++block) {
      // n mod b leftovers go one each to the first blocks: sizes b or b + 1 (all data if b > n).
      if (b <= n) CHECK((chain.block_size(block) == b || chain.block_size(block) == b + 1));
      for (int j = 0; j < chain.block_size(block); ++j) seen.insert(chain.block_begin(block)[j]);
    }
    CHECK(seen.size() == std::size_t(n));
    // The mean over blocks of the gradient select() hands out is ∇V exactly, whatever the sizes
    // (the scale is m, the number of blocks). 100·m uniform draws see every block.
    std::vector<std::array<double, 2>> by_block(blocks, {NAN, NAN});
    Rng rng(4);
    double gradient[2];
    for (int draw = 0; draw < 100 * blocks; ++draw) {
      chain.select(theta, theta, 0.05, 10.0, nullptr, gradient, rng);
      by_block[chain.current_block()] = {gradient[0], gradient[1]};
    }
    double mean[2] = {0.0, 0.0};
    for (const auto& g : by_block)
      for (int c = 0; c < 2; ++c) mean[c] += g[c] / blocks;
    CHECK(mean[0] == Approx(exact[0]));
    CHECK(mean[1] == Approx(exact[1]));
  }
}

TEST_CASE("EWSG step: Euler–Maruyama from the old state (θ_k, r_k)", "[ewsg]") {
  // n = 1: the index is always 0 and G = ∇V_0(θ) = θ − c, so one step can be replayed by hand
  // with a copy of the RNG (uniform_index(1), then the reset-time draws are already consumed).
  auto target = ewsg_gauss(1);
  const auto& gauss = dynamic_cast<const EwsgGaussTarget&>(*target);
  auto sampler = make_sampler("ewsg", *target, {{"step_size", 0.1}, {"friction", 3}});
  Rng rng(5);
  const Vec theta0 = Vec::Constant(2, 0.7);
  sampler->reset(theta0, rng);
  const Vec r0 = sampler->momentum();
  Rng replay = rng;
  DrawStore store(2);
  sampler->run(1, rng, store);

  replay.uniform_index(1);  // the index chain's start
  replay.uniform_index(1);  // its one Metropolis proposal
  replay.uniform_open();    // and its acceptance draw
  const double h = 0.1, gamma = 3.0;
  for (int c = 0; c < 2; ++c) {
    const double grad = theta0[c] - gauss.centres()(0, c);
    const double xi = replay.normal();
    CHECK(sampler->position()[c] == Approx(theta0[c] + h * r0[c]));
    CHECK(sampler->momentum()[c] ==
          Approx(r0[c] - h * (grad + gamma * r0[c]) + std::sqrt(2 * gamma * h) * xi));
  }
}

TEST_CASE("EWSG counts (M+1)·b per-datum gradients and the index chain's acceptances", "[ewsg]") {
  auto target = ewsg_gauss(20);
  Rng rng(8);
  DrawStore store(2);
  {
    auto sampler = make_sampler("ewsg", *target, {{"index_steps", 3}, {"batch_size", 2}});
    sampler->reset(target->default_init(), rng);
    sampler->run(100, rng, store);
    const SamplerCounters& counters = sampler->counters();
    CHECK(counters.gradient_evaluations == 100u * 4 * 2);
    const ChannelTally& index = counters.channels[0];  // EWSG's only channel
    CHECK(index.count == 300u);
    CHECK(index.sum > 0.0);
    CHECK(index.sum < 300.0);
  }
  {
    auto sampler = make_sampler("ewsg", *target, {{"index", 1}, {"index_steps", 3}});
    sampler->reset(target->default_init(), rng);
    sampler->run(100, rng, store);
    CHECK(sampler->counters().gradient_evaluations == 100u);  // uniform: one datum, no chain
    CHECK(sampler->counters().channels[0].count == 0u);
  }
  {
    // persist_index changes where the chain starts, not what a step costs.
    auto sampler = make_sampler("ewsg", *target, {{"persist_index", 1}});
    sampler->reset(target->default_init(), rng);
    sampler->run(100, rng, store);
    CHECK(sampler->counters().gradient_evaluations == 200u);
    CHECK(!sampler->stopped());
  }
}

TEST_CASE("EWSG on an analytic target is a clear error", "[ewsg]") {
  auto target = make_target({"gauss2d", {}, "", "y"});
  try {
    make_sampler("ewsg", *target, {});
    FAIL("expected a UserError");
  } catch (const UserError& error) {
    CHECK(std::string(error.what())
              .find("ewsg needs a data target with per-datum terms: "
                    "ewsg-gauss, linear, logistic or --data") == 0);
  }
  CHECK_THROWS_AS(make_sampler("sgld-cv", *target, {}), UserError);
  CHECK_THROWS_AS(make_sampler("sghmc-cv", *target, {}), UserError);
}

TEST_CASE("EWSG index chain: the weights include the prior gradient (non-flat prior)", "[ewsg]") {
  // Linear regression, n = 6 data, a tight N(0, 0.2²) prior and θ away from 0, so −∇log p = θ/0.04
  // is as large as the data terms. Truth, independently of the chain:
  //   p_i ∝ exp((h/4γ)‖γr + G_i − ∇log p‖²),  G_i = −n∇ℓ_i.
  // Weights without the prior term give a clearly different distribution (χ² in the thousands).
  const int n = 6;
  const auto target =
      make_target({"linear", {{"n", n}, {"d", 1}, {"seed", 5}, {"prior_sd", 0.2}}, "", "y"});
  const DataTarget& data = *target->as_data_target();
  const int dim = target->dim();
  REQUIRE(dim == 2);
  const double theta[2] = {0.5, -0.4}, r[2] = {0.3, -0.2};
  const double h = 0.02, gamma = 1.0;
  double prior[2] = {0.0, 0.0};
  data.add_log_prior_gradient(theta, -1.0, prior);
  std::vector<double> p(n);
  double total = 0.0;
  for (int i = 0; i < n; ++i) {
    double g[2] = {0.0, 0.0};
    const std::int64_t index = i;
    data.add_log_likelihood_gradient(&index, 1, -double(n), theta, g);
    double squared = 0.0;
    for (int c = 0; c < dim; ++c) {
      const double component = gamma * r[c] + g[c] + prior[c];
      squared += component * component;
    }
    p[i] = std::exp(h / (4 * gamma) * squared);
    total += p[i];
  }
  for (double& value : p) value /= total;

  EwsgIndexChain chain(data);
  chain.set_index_steps(100);
  Rng rng(12);
  const int draws = 100000;
  std::vector<double> counts(n, 0.0);
  double gradient[2];
  for (int draw = 0; draw < draws; ++draw) {
    chain.select(theta, r, h, gamma, prior, gradient, rng);
    counts[chain.current_block()] += 1.0;
  }
  double chi_square = 0.0, p_min = 1.0, p_max = 0.0;
  for (int i = 0; i < n; ++i) {
    const double expected = draws * p[i];
    chi_square += (counts[i] - expected) * (counts[i] - expected) / expected;
    p_min = std::min(p_min, p[i]);
    p_max = std::max(p_max, p[i]);
  }
  INFO("χ² = " << chi_square << ", p from " << p_min << " to " << p_max);
  CHECK(p_max > 2 * p_min);
  CHECK(chi_square < 20.515);  // 0.999 quantile of χ² with 5 degrees of freedom
  // The gradient handed out is the whole potential's: the block's G plus −∇log p.
  double expected_gradient[2] = {prior[0], prior[1]};
  const std::int64_t chosen = chain.block_begin(chain.current_block())[0];
  data.add_log_likelihood_gradient(&chosen, 1, -double(n), theta, expected_gradient);
  CHECK(gradient[0] == Approx(expected_gradient[0]));
  CHECK(gradient[1] == Approx(expected_gradient[1]));
}
