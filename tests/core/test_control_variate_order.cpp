// sgld-cv / sghmc-cv control variates: taylor1 subtracts ∇ℓ_k(θ*); taylor2 also the Hessian term,
// which makes the estimator exact for linear regression (affine ∇ℓ_k) and far less noisy near θ*
// on logistic regression.
#include <catch2/catch.hpp>

#include <cmath>

#include "core/gradients/control_variate_gradient.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

// Mean squared error of the estimator against the exact gradient at θ over `draws` calls.
double mean_squared_error(ControlVariateGradient& cv, const Target& target, const Vec& theta,
                          int draws) {
  Vec exact(target.dim()), estimate(target.dim());
  target.gradient(theta.data(), exact.data());
  Rng rng(5);
  double sum = 0.0;
  for (int i = 0; i < draws; ++i) {
    cv.estimate(theta.data(), estimate.data(), rng);
    sum += (estimate - exact).squaredNorm();
  }
  return sum / draws;
}

}  // namespace

TEST_CASE("taylor2 control variates are exact for linear regression", "[control-variate]") {
  const auto target = make_target({"linear", {{"n", 300}, {"d", 3}, {"seed", 2}}, "", "y"});
  ControlVariateGradient cv(*target, "sgld-cv");
  cv.set_batch_size(5);
  const Vec theta = cv.centre() + Vec::Constant(target->dim(), 0.3);
  const double first = mean_squared_error(cv, *target, theta, 200);
  cv.set_second_order(true);
  const double second = mean_squared_error(cv, *target, theta, 200);
  Vec exact(target->dim());
  target->gradient(theta.data(), exact.data());
  INFO("MSE taylor1 " << first << ", taylor2 " << second << ", ‖∇U‖² " << exact.squaredNorm());
  CHECK(first > 1.0);  // the old header's "exactly zero for linear regression" was wrong
  CHECK(second < 1e-18 * std::max(1.0, exact.squaredNorm()) + 1e-16);
}

TEST_CASE("taylor2 control variates cut the gradient noise near θ* on logistic regression",
          "[control-variate]") {
  const auto target = make_target({"logistic", {{"n", 2000}, {"d", 3}, {"seed", 3}}, "", "y"});
  ControlVariateGradient cv(*target, "sgld-cv");
  cv.set_batch_size(10);
  const Vec theta = cv.centre() + Vec::Constant(target->dim(), 0.05);
  const double first = mean_squared_error(cv, *target, theta, 2000);
  cv.set_second_order(true);
  const double second = mean_squared_error(cv, *target, theta, 2000);
  INFO("MSE taylor1 " << first << ", taylor2 " << second);
  CHECK(second < 0.05 * first);
}

TEST_CASE("taylor2 needs a regression target", "[control-variate]") {
  const auto target = make_target({"ewsg-gauss", {{"n", 20}}, "", "y"});
  ControlVariateGradient cv(*target, "sgld-cv");
  CHECK_THROWS_AS(cv.set_second_order(true), UserError);
}
