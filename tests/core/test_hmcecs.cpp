// HMC-ECS building blocks: Taylor control variates, the subsample estimator and block refresh.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/gradients/ecs_subsample.hpp"
#include "core/gradients/taylor_control_variates.hpp"
#include "core/run/draw_store.hpp"
#include "core/samplers/hmcecs.hpp"
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

const DataTarget& data_of(const Target& target) {
  return *target.as_data_target();
}

// A point a few posterior sds away from θ*, where the d_k are far from zero.
Vec off_centre(const TaylorControlVariates& cv, double scale) {
  Vec theta = cv.centre();
  for (int j = 0; j < theta.size(); ++j) theta[j] += scale * (j % 2 == 0 ? 1.0 : -1.0);
  return theta;
}

}  // namespace

TEST_CASE("Taylor proxy sum in O(d²) equals the direct sum of q_k", "[hmcecs]") {
  const auto target = logistic(3000, 4, 11);
  Rng rng(1);
  for (TaylorOrder order : {TaylorOrder::Second, TaylorOrder::First}) {
    const TaylorControlVariates cv(data_of(*target), order, 0, rng);
    const Vec theta = off_centre(cv, 0.05);
    double direct = 0.0;
    for (std::int64_t k = 0; k < 3000; ++k) direct += cv.proxy(k, theta.data());
    const double fast = cv.proxy_sum(theta.data());
    INFO("direct " << direct << ", O(d²) " << fast);
    CHECK(std::abs(fast - direct) <= 1e-8 * std::abs(direct));  // rtol 1e-8
  }
}

TEST_CASE("Newton's θ* is the logistic MAP, a subset expansion lands close", "[hmcecs]") {
  const auto target = logistic(5000, 3, 2);
  const auto& model = dynamic_cast<const LogisticRegressionTarget&>(*target);
  Rng rng(3);
  const TaylorControlVariates all(data_of(*target), TaylorOrder::Second, 0, rng);
  CHECK((all.centre() - model.map()).lpNorm<Eigen::Infinity>() < 1e-8);
  // A = Σ∇ℓ_k(θ*) = −∇log p(θ*) at the MAP.
  Vec prior_gradient = Vec::Zero(target->dim());
  model.add_log_prior_gradient(all.centre().data(), 1.0, prior_gradient.data());
  CHECK((all.gradient_sum() + prior_gradient).lpNorm<Eigen::Infinity>() < 1e-6);
  const TaylorControlVariates subset(data_of(*target), TaylorOrder::Second, 500, rng);
  const Vec sd = model.laplace_covariance().diagonal().cwiseSqrt();
  // A 10% subset's mode is ≈ √10 posterior sds from the full one at most; allow 5.
  CHECK(((subset.centre() - model.map()).array() / sd.array()).abs().maxCoeff() < 5.0);
}

TEST_CASE("ℓ̂ is unbiased for Σℓ_k over 10⁴ subsamples", "[hmcecs]") {
  const auto target = logistic(2000, 3, 5);
  const DataTarget& data = data_of(*target);
  Rng rng(7);
  for (TaylorOrder order : {TaylorOrder::Second, TaylorOrder::First}) {
    const TaylorControlVariates cv(data, order, 0, rng);
    const EcsEstimator estimator(cv);
    const Vec theta = off_centre(cv, 0.1);
    double exact = 0.0;
    for (std::int64_t k = 0; k < 2000; ++k) exact += data.log_likelihood_datum(k, theta.data());
    EcsSubsample subsample(2000, 20, 4);
    std::vector<double> differences;
    const int reps = 10000;
    double sum = 0.0, squares = 0.0;
    for (int rep = 0; rep < reps; ++rep) {
      subsample.redraw_all(rng);
      const double value = estimator.estimate(theta.data(), subsample, differences).loglik - exact;
      sum += value;
      squares += value * value;
    }
    const double mean = sum / reps;
    const double standard_error = std::sqrt((squares / reps - mean * mean) / reps);
    INFO("mean error " << mean << ", s.e. " << standard_error);
    CHECK(standard_error > 0.0);
    CHECK(std::abs(mean) < 4.0 * standard_error);  // 4 s.e.
  }
}

TEST_CASE("a block refresh changes exactly one block of u", "[hmcecs]") {
  EcsSubsample subsample(100000, 103, 10);  // uneven blocks: sizes 10 and 11
  Rng rng(9);
  subsample.redraw_all(rng);
  int covered = 0;
  for (int b = 0; b < 10; ++b) {
    const int size = subsample.block_end(b) - subsample.block_begin(b);
    CHECK((size == 10 || size == 11));
    covered += size;
  }
  CHECK(covered == 103);
  std::vector<std::int64_t> previous;
  for (int trial = 0; trial < 50; ++trial) {
    const std::vector<std::int64_t> before(subsample.indices(), subsample.indices() + 103);
    const int block = trial % 10;
    subsample.redraw_block(block, rng, previous);
    int changed_inside = 0, changed_outside = 0;
    for (int i = 0; i < 103; ++i) {
      const bool inside = i >= subsample.block_begin(block) && i < subsample.block_end(block);
      const bool changed = subsample.indices()[i] != before[std::size_t(i)];
      (inside ? changed_inside : changed_outside) += changed ? 1 : 0;
    }
    CHECK(changed_outside == 0);
    CHECK(changed_inside > 0);
    if (trial % 2 == 0) {
      subsample.restore_block(block, previous);
      CHECK(std::equal(before.begin(), before.end(), subsample.indices()));
    }
  }
}

TEST_CASE("the sampler's subsample update redraws one block per iteration", "[hmcecs]") {
  const auto target = logistic(5000, 3, 4);
  auto sampler = make_sampler("hmcecs", *target, {{"batch_size", 40}, {"blocks", 8}, {"mass", 1}});
  Rng rng(5);
  auto& ecs = dynamic_cast<HmcEcsSampler&>(*sampler);
  ecs.reset(dynamic_cast<const LogisticRegressionTarget&>(*target).map(), rng);
  for (int trial = 0; trial < 30; ++trial) {
    const std::vector<std::int64_t> before(ecs.subsample()->indices(),
                                           ecs.subsample()->indices() + 40);
    const bool accepted = ecs.refresh_subsample_block(rng);
    const int block = ecs.last_refreshed_block();
    int changed_outside = 0, changed_inside = 0;
    for (int i = 0; i < 40; ++i) {
      const bool inside =
          i >= ecs.subsample()->block_begin(block) && i < ecs.subsample()->block_end(block);
      (inside ? changed_inside : changed_outside) +=
          ecs.subsample()->indices()[i] != before[std::size_t(i)];
    }
    CHECK(changed_outside == 0);
    CHECK((accepted ? changed_inside > 0 : changed_inside == 0));
  }
}

TEST_CASE("on linear regression the second-order proxy is exact: σ̂² = 0", "[hmcecs]") {
  const auto target = make_target({"linear", {{"n", 500}, {"d", 3}, {"seed", 2}}, "", "y"});
  Rng rng(4);
  const TaylorControlVariates cv(data_of(*target), TaylorOrder::Second, 0, rng);
  const EcsEstimator estimator(cv);
  EcsSubsample subsample(500, 50, 5);
  std::vector<double> differences;
  for (double scale : {0.0, 0.1, 1.0}) {
    subsample.redraw_all(rng);
    const Vec theta = off_centre(cv, scale);
    const EcsEstimate estimate = estimator.estimate(theta.data(), subsample, differences);
    INFO("scale " << scale << ": σ̂² " << estimate.variance);
    CHECK(estimate.variance < 1e-9);  // 1e-9
    CHECK(std::abs(estimate.loglik + target->potential(theta.data()) +
                   data_of(*target).log_prior(theta.data())) < 1e-8 * std::abs(estimate.loglik));
  }
}

TEST_CASE("∇Û matches finite differences of Û", "[hmcecs]") {
  const auto target = logistic(1000, 2, 8);
  Rng rng(6);
  const TaylorControlVariates cv(data_of(*target), TaylorOrder::Second, 0, rng);
  EcsEstimator estimator(cv);
  EcsSubsample subsample(1000, 30, 3);
  subsample.redraw_all(rng);
  const Vec theta = off_centre(cv, 0.3);
  std::vector<double> differences;
  Vec grad(theta.size());
  estimator.estimate_with_gradient(theta.data(), subsample, differences, grad.data());
  for (int j = 0; j < theta.size(); ++j) {
    const double h = 1e-5;
    Vec plus = theta, minus = theta;
    plus[j] += h;
    minus[j] -= h;
    const double up =
        estimator.potential(plus.data(), estimator.estimate(plus.data(), subsample, differences));
    const double down =
        estimator.potential(minus.data(), estimator.estimate(minus.data(), subsample, differences));
    const double numeric = (up - down) / (2 * h);
    INFO("coordinate " << j << ": analytic " << grad[j] << ", numeric " << numeric);
    CHECK(std::abs(grad[j] - numeric) < 1e-5 * (1.0 + std::abs(numeric)));
  }
}

TEST_CASE("hmcecs rejects analytic targets and m < G with clear messages", "[hmcecs]") {
  const auto gauss = make_target({"gauss2d", {}, "", "y"});
  CHECK_THROWS_AS(make_sampler("hmcecs", *gauss, {}), UserError);
  const auto target = logistic(500, 2, 1);
  CHECK_THROWS_AS(make_sampler("hmcecs", *target, {{"batch_size", 10}, {"blocks", 20}}), UserError);
  CHECK_NOTHROW(make_sampler("hmcecs", *target, {{"batch_size", 0}, {"blocks", 20}}));
}

TEST_CASE("hmcecs runs on ewsg-gauss (generic per-datum path) with σ̂² = 0", "[hmcecs]") {
  const auto target = make_target({"ewsg-gauss", {}, "", "y"});
  auto sampler = make_sampler(
      "hmcecs", *target,
      {{"batch_size", 5}, {"blocks", 5}, {"mass", 1}, {"step_size", 0.3}, {"leapfrog_steps", 4}});
  Rng rng(2);
  sampler->reset(target->default_init(), rng);
  DrawStore store(target->dim());
  sampler->run(200, rng, store);
  CHECK(store.size() == 200);
  CHECK(sampler->counters().channels[HmcEcsSampler::kLoglikVariance].sum < 1e-9);
  CHECK(sampler->counters().mh_accepts > 150);
}

TEST_CASE("the fused GLM differences are ℓ_k − q_k, vanish at θ*, and give ∇d_k", "[hmcecs]") {
  // One pass gives d_k and the coefficient c_k of ∇d_k = c_k x_k, with the logistic link's exp
  // and log1p a block at a time (vector_math.hpp): against libm's ℓ_k − q_k and finite
  // differences of d_k, over more data than one block and |η| up to 40 (far tails).
  const auto target = logistic(700, 3, 5);
  const auto& model = dynamic_cast<const LogisticRegressionTarget&>(*target);
  Rng rng(2);
  const TaylorControlVariates cv(data_of(*target), TaylorOrder::Second, 0, rng);
  std::vector<std::int64_t> idx(700);
  for (std::int64_t k = 0; k < 700; ++k) idx[std::size_t(k)] = k;
  std::vector<double> at_centre(700), coefficients(700);
  cv.differences(idx.data(), 700, cv.centre().data(), at_centre.data(), coefficients.data());
  for (std::size_t k = 0; k < 700; ++k) {
    CHECK(at_centre[k] == 0.0);
    CHECK(coefficients[k] == 0.0);
  }
  for (double scale : {0.3, 10.0}) {
    const Vec theta = off_centre(cv, scale);
    std::vector<double> out(700);
    cv.differences(idx.data(), 700, theta.data(), out.data(), coefficients.data());
    for (std::int64_t k = 0; k < 700; k += 37) {
      const double expected =
          model.log_likelihood_datum(k, theta.data()) - cv.proxy(k, theta.data());
      CHECK(out[std::size_t(k)] == Approx(expected).epsilon(1e-12).margin(1e-12));
      // ∂d_k/∂θ_1 = c_k x_k1 by central differences.
      const double h = 1e-6;
      Vec up = theta, down = theta;
      up[1] += h;
      down[1] -= h;
      double d_up = 0.0, d_down = 0.0;
      cv.differences(&k, 1, up.data(), &d_up);
      cv.differences(&k, 1, down.data(), &d_down);
      const double x1 = model.data().x(k, 1);
      CHECK(coefficients[std::size_t(k)] * x1 ==
            Approx((d_up - d_down) / (2 * h)).epsilon(1e-5).margin(1e-6));
    }
  }
}
