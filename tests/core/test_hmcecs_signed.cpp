// Signed HMC-ECS building blocks: the block-Poisson estimator (unbiasedness, κ-of-λ refresh,
// gradient) and the sampler's determinism and parameter checks. Small sizes: these also run
// under ASan/UBSan Debug.
#include <catch2/catch.hpp>

#include <cmath>
#include <optional>
#include <set>

#include "core/gradients/block_poisson_estimator.hpp"
#include "core/gradients/taylor_control_variates.hpp"
#include "core/run/chain.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "core/samplers/hmcecs_signed.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::shared_ptr<const Target> logistic(std::int64_t n, int d, std::uint64_t seed) {
  return make_target(
      {"logistic", {{"n", double(n)}, {"d", double(d)}, {"seed", double(seed)}}, "", "y"});
}

Vec off_centre(const TaylorControlVariates& cv, double scale) {
  Vec theta = cv.centre();
  for (int j = 0; j < theta.size(); ++j) theta[j] += scale * (j % 2 == 0 ? 1.0 : -1.0);
  return theta;
}

}  // namespace

TEST_CASE("block-Poisson L̂ / exp(Σq) is unbiased for exp(d), negative values included",
          "[hmcecs-signed]") {
  const auto target = logistic(400, 2, 5);
  const DataTarget& data = *target->as_data_target();
  Rng rng(17);
  const TaylorControlVariates cv(data, TaylorOrder::Second, 0, rng);
  const Vec theta = off_centre(cv, 0.3);
  double d = 0.0;  // d = Σ_k d_k(θ) over all data
  std::vector<double> all(400);
  std::vector<std::int64_t> every(400);
  for (int k = 0; k < 400; ++k) every[std::size_t(k)] = k;
  cv.differences(every.data(), 400, theta.data(), all.data());
  for (double value : all) d += value;
  // a close to d̂'s range so that a fair share of the products are negative.
  BlockPoissonEstimator estimator(cv, 2, 4, d - 1.5);
  const double proxy = cv.proxy_sum(theta.data());
  const int reps = 40000;
  double sum = 0.0, squares = 0.0;
  int negative = 0;
  for (int rep = 0; rep < reps; ++rep) {
    estimator.redraw_all(theta.data(), rng);
    const BlockPoissonValue value = estimator.combine(theta.data());
    const double ratio = value.sign * std::exp(value.log_abs - proxy);  // Π_l ξ_l
    sum += ratio;
    squares += ratio * ratio;
    negative += value.sign < 0 ? 1 : 0;
  }
  const double mean = sum / reps;
  const double standard_error = std::sqrt((squares / reps - mean * mean) / reps);
  INFO("E[Πξ] " << mean << " ± " << standard_error << ", exp(d) " << std::exp(d) << " (d = " << d
                << "), negative " << negative << " of " << reps);
  CHECK(negative > reps / 50);  // the sign matters in this test
  CHECK(standard_error > 0.0);
  CHECK(std::abs(mean - std::exp(d)) < 4.0 * standard_error);  // 4 s.e.
}

TEST_CASE("a refresh redraws exactly κ distinct products and restores them exactly",
          "[hmcecs-signed]") {
  const auto target = logistic(5000, 2, 3);
  Rng rng(4);
  const TaylorControlVariates cv(*target->as_data_target(), TaylorOrder::Second, 0, rng);
  const Vec theta = off_centre(cv, 0.05);
  BlockPoissonEstimator estimator(cv, 20, 12, -12.0);
  estimator.redraw_all(theta.data(), rng);
  for (int kappa : {1, 3, 12}) {
    for (int trial = 0; trial < 20; ++trial) {
      std::vector<std::vector<std::int64_t>> before;
      for (int l = 0; l < 12; ++l) before.push_back(estimator.product_indices(l));
      estimator.refresh(kappa, theta.data(), rng);
      const std::set<int> refreshed(estimator.refreshed().begin(), estimator.refreshed().end());
      REQUIRE(int(refreshed.size()) == kappa);
      for (int l = 0; l < 12; ++l) {
        const bool changed = estimator.product_indices(l) != before[std::size_t(l)];
        if (!refreshed.count(l)) CHECK(!changed);
        // A redrawn product is new unless X_l = 0 before and after (m = 20 indices out of
        // 5000 repeating has probability ≈ 0).
        if (refreshed.count(l) &&
            !(before[std::size_t(l)].empty() && estimator.product_indices(l).empty()))
          CHECK(changed);
        CHECK(estimator.product_estimates(l).size() == std::size_t(estimator.product_count(l)));
      }
      if (trial % 2 == 0) {
        estimator.restore_refreshed();
        for (int l = 0; l < 12; ++l) CHECK(estimator.product_indices(l) == before[std::size_t(l)]);
      }
    }
  }
}

TEST_CASE("∇Û of the block-Poisson estimator matches finite differences", "[hmcecs-signed]") {
  const auto target = logistic(800, 3, 8);
  Rng rng(6);
  const TaylorControlVariates cv(*target->as_data_target(), TaylorOrder::Second, 0, rng);
  BlockPoissonEstimator estimator(cv, 10, 6, -6.0);
  const Vec theta = off_centre(cv, 0.2);
  estimator.redraw_all(theta.data(), rng);
  REQUIRE(estimator.total_batches() > 0);
  Vec grad(theta.size());
  estimator.evaluate_with_gradient(theta.data(), grad.data());
  for (int j = 0; j < theta.size(); ++j) {
    const double h = 1e-5;
    Vec plus = theta, minus = theta;
    plus[j] += h;
    minus[j] -= h;
    const double up = estimator.potential(plus.data(), estimator.evaluate(plus.data()));
    const double down = estimator.potential(minus.data(), estimator.evaluate(minus.data()));
    const double numeric = (up - down) / (2 * h);
    INFO("coordinate " << j << ": analytic " << grad[j] << ", numeric " << numeric);
    CHECK(std::abs(grad[j] - numeric) < 1e-5 * (1.0 + std::abs(numeric)));
  }
}

TEST_CASE("hmcecs-signed is deterministic and records a sign per draw", "[hmcecs-signed]") {
  const auto target = logistic(300, 2, 2);
  const ParamValues params = {{"batch_size", 1},    {"lambda", 10}, {"a", -0.5},
                              {"kappa", 2},         {"mass", 1},    {"step_size", 0.2},
                              {"leapfrog_steps", 5}};
  const Vec start = dynamic_cast<const LogisticRegressionTarget&>(*target).map();
  Chain first(target, "hmcecs-signed", params, 11, start, 0, 1);
  Chain second(target, "hmcecs-signed", params, 11, start, 0, 1);
  first.run(400);
  second.run(400);
  REQUIRE(first.draws().size() == 400);
  const int sign = per_draw_slot(HmcEcsSignedSampler::channels(), HmcEcsSignedSampler::kSign);
  const int variance =
      per_draw_slot(HmcEcsSignedSampler::channels(), HmcEcsSignedSampler::kLoglikVariance);
  REQUIRE(first.draws().channel_count() == 2);
  int negative = 0;
  for (std::size_t i = 0; i < 400; ++i) {
    for (int c = 0; c < 3; ++c) CHECK(first.draws().theta(i, c) == second.draws().theta(i, c));
    CHECK(first.draws().channel(i, sign) == second.draws().channel(i, sign));
    CHECK(std::abs(first.draws().channel(i, sign)) == 1.0);
    CHECK(std::isfinite(first.draws().channel(i, variance)));
    negative += first.draws().channel(i, sign) < 0 ? 1 : 0;
  }
  const SamplerCounters& counters = first.counters();
  const ChannelTally& signs = counters.channels[HmcEcsSignedSampler::kSign];
  CHECK(signs.count == 400);
  CHECK(signs.sum == double(400 - negative));
  CHECK(counters.channels[HmcEcsSignedSampler::kSubsampleAcceptance].count == 400);
  CHECK(find_channel(first.channels(), ChannelRole::DrawSign) == HmcEcsSignedSampler::kSign);
  INFO("negative signs " << negative);
  CHECK(counters.mh_accepts > 300);
}

TEST_CASE("hmcecs-signed's lambda=auto and a=auto give a = −λ with λ ≥ 10", "[hmcecs-signed]") {
  const auto target = logistic(1000, 2, 1);
  auto sampler = make_sampler("hmcecs-signed", *target, {});
  Rng rng(3);
  sampler->reset(target->default_init(), rng);
  const auto& signed_ecs = dynamic_cast<const HmcEcsSignedSampler&>(*sampler);
  CHECK(signed_ecs.products() >= 10);
  CHECK(signed_ecs.lower_bound() == -double(signed_ecs.products()));
  CHECK(signed_ecs.refreshed_per_iteration() == 1);
  CHECK(sampler->counters().channels[HmcEcsSignedSampler::kSubsampleFraction].mean() ==
        double(30 * signed_ecs.products()) / 1000.0);
}

TEST_CASE("hmcecs-signed rejects analytic targets and κ > λ", "[hmcecs-signed]") {
  const auto gauss = make_target({"gauss2d", {}, "", "y"});
  CHECK_THROWS_AS(make_sampler("hmcecs-signed", *gauss, {}), UserError);
  const auto target = logistic(200, 2, 1);
  CHECK_THROWS_AS(make_sampler("hmcecs-signed", *target, {{"lambda", 4}, {"kappa", 5}}), UserError);
  CHECK_THROWS_AS(make_sampler("hmcecs-signed", *target, {{"blocks", 5}}), UserError);
  CHECK_NOTHROW(make_sampler("hmcecs-signed", *target, {{"lambda", 5}, {"kappa", 5}}));
}

TEST_CASE("a signed run whose signs cancel is reported, not divided blindly", "[hmcecs-signed]") {
  // a = λ (d̂ ≈ 0 here) makes every factor (d̂ − a)/λ ≈ −1: |L̂| barely depends on u but
  // s = (−1)^{Σ X_l} with Σ X_l ~ Poisson(λ), redrawn whole each iteration (κ = λ), so τ ≈ ½ and
  // s̄ ≈ 0 (sd ≈ 1/√2000).
  RunSpec spec;
  spec.target = {"logistic", {{"n", 100}, {"d", 1}, {"seed", 2}}, "", "y"};
  spec.chains = {{"hmcecs-signed",
                  {{"batch_size", 1},
                   {"lambda", 10},
                   {"a", 10},
                   {"kappa", 10},
                   {"step_size", 0.1},
                   {"leapfrog_steps", 3}}}};
  spec.steps = 2000;
  Session session(spec);
  session.run_to_end();
  const SamplerSummary summary = summarize(session).front();
  INFO("τ̂ " << summary.sign_positive_fraction << ", s̄ " << summary.mean_sign << ": "
            << summary.sign_warning);
  REQUIRE(summary.sign_weighted);
  CHECK(summary.mean_sign < 0.1);
  CHECK(!summary.sign_warning.empty());
  for (const CoordinateSummary& coordinate : summary.coordinates)
    CHECK(std::isnan(coordinate.mean) == !(summary.mean_sign > 0.0));
}

TEST_CASE("the live engine gives a signed chain its negative-sign histograms and variance trace",
          "[hmcecs-signed]") {
  LiveSetup setup;
  setup.target = {"logistic", {{"n", 100}, {"d", 1}, {"seed", 2}}, "", "y"};
  // a = λ: s = (−1)^{Σ X_l}, so about half the draws are negative (see the test above).
  setup.chains = {{"hmcecs-signed",
                   {{"batch_size", 1},
                    {"lambda", 10},
                    {"a", 10},
                    {"kappa", 10},
                    {"step_size", 0.1},
                    {"leapfrog_steps", 3}},
                   true},
                  {"hmcecs", {{"batch_size", 10}, {"blocks", 2}}, true},
                  {"hmc", {}, true}};
  setup.draw_capacity = 1u << 12;
  setup.running = false;
  LiveEngine engine(setup);
  for (int step = 0; step < 300; ++step) engine.step_once();
  engine.wait_until_idle();
  const auto snapshot = engine.snapshot();
  const ChainSnapshot& signed_chain = snapshot->chains[0];
  REQUIRE(signed_chain.counters.steps == 300);
  const std::optional<DrawStore> draws = engine.copy_draws(0);
  REQUIRE(draws.has_value());
  std::uint64_t negative = 0;
  const int sign = per_draw_slot(HmcEcsSignedSampler::channels(), HmcEcsSignedSampler::kSign);
  for (std::size_t i = 0; i < draws->size(); ++i) negative += draws->channel(i, sign) < 0 ? 1 : 0;
  INFO("negative draws " << negative);
  CHECK(negative > 50);
  REQUIRE(signed_chain.signed_draws);
  REQUIRE(signed_chain.negative_histograms.size() == 2);
  for (const Histogram1D& histogram : signed_chain.negative_histograms)
    CHECK(histogram.total() == negative);
  const auto variance_trace = [](const ChainSnapshot& chain) -> const DecimatedSeries* {
    for (std::size_t c = 0; c < chain.channels.size(); ++c)
      if (chain.channels[c].id == "loglik_variance") return &chain.channel_traces.at(c);
    return nullptr;
  };
  REQUIRE(variance_trace(signed_chain) != nullptr);
  CHECK(!variance_trace(signed_chain)->buckets.empty());
  CHECK(signed_chain.counters.channels[HmcEcsSignedSampler::kSign].count == 300);
  // hmcecs records σ̂² but no sign; hmc neither.
  REQUIRE(variance_trace(snapshot->chains[1]) != nullptr);
  CHECK(!variance_trace(snapshot->chains[1])->buckets.empty());
  CHECK(!snapshot->chains[1].signed_draws);
  CHECK(variance_trace(snapshot->chains[2]) == nullptr);
  CHECK(!snapshot->chains[2].signed_draws);
  CHECK(snapshot->chains[2].negative_histograms.empty());
}
