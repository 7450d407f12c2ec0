// EWSG on regressions (issue 25): the index weights' effective sample size, the warning when
// they degenerate, the regression defaults that keep them even, and a divergence message that
// names the gradient noise rather than the curvature when the curvature limits hold.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/gradients/ewsg_index_chain.hpp"
#include "core/gradients/minibatch_noise_ratio.hpp"
#include "core/run/chain.hpp"
#include "core/samplers/ewsg_weight_warning.hpp"
#include "core/targets/ewsg_gauss.hpp"
#include "core/targets/target_registry.hpp"
#include "tests/stat/ewsg_test_data.hpp"

using namespace sgl;

TEST_CASE("EWSG weight ESS: (Σp)²/(mΣp²) of the exact index weights", "[ewsg][issue25]") {
  auto target = make_target({"ewsg-gauss", {{"n", 8}, {"seed", 2}}, "", "y"});
  const auto& gauss = dynamic_cast<const EwsgGaussTarget&>(*target);
  const double theta[2] = {0.3, -0.2}, r[2] = {0.5, 1.0};
  const double h = 0.05, gamma = 2.0;
  // The truth from the weights written out: log p_i = (h/4γ)‖γr + n(θ − c_i)‖².
  double sum = 0.0, squares = 0.0;
  for (int i = 0; i < 8; ++i) {
    double norm = 0.0;
    for (int c = 0; c < 2; ++c) {
      const double v = gamma * r[c] + 8.0 * (theta[c] - gauss.centres()(i, c));
      norm += v * v;
    }
    const double p = std::exp(h / (4.0 * gamma) * norm);
    sum += p;
    squares += p * p;
  }
  EwsgIndexChain chain(gauss);
  const double fraction = chain.weight_ess_fraction(theta, r, h, gamma, nullptr, 64);
  CHECK(fraction == Approx(sum * sum / (8.0 * squares)));
  CHECK(fraction < 1.0);
  CHECK(chain.evaluations() == 0);  // a diagnostic, not sampler work
  // Vanishing h: even weights.
  CHECK(chain.weight_ess_fraction(theta, r, 1e-12, gamma, nullptr, 64) == Approx(1.0));
}

TEST_CASE("EWSG's old regression settings degenerate the weights and say so", "[ewsg][issue25]") {
  const auto target = sgl::test::ewsg_issue_regression();
  // The old defaults: h = 0.1 s, γ = 10, b = 1 (s the smallest Laplace sd).
  const double h =
      0.1 / std::sqrt(target->laplace_covariance().inverse().eigenvalues().real().maxCoeff());
  Chain chain(target, "ewsg", {{"step_size", h}, {"friction", 10}, {"batch_size", 1}}, 3,
              target->map(), 0, 1);
  chain.run(3000);
  const ChannelTally weights = chain.counters().channels[1];
  REQUIRE(weights.count > 0);
  INFO("weight ESS " << weights.mean() << (chain.stopped() ? ", " + chain.stop_reason() : ""));
  CHECK(weights.mean() < 0.05);
  const std::string warning = ewsg_weight_warning(weights.mean());
  CHECK(warning.find("degenerate") != std::string::npos);
  CHECK(warning.find("batch_size") != std::string::npos);
  CHECK(ewsg_weight_warning(0.9).empty());
  CHECK(ewsg_weight_warning(std::nan("")).empty());
  CHECK(!ewsg_weight_warning({0.9, std::nan(""), 0.2}).empty());  // the worst chain counts
}

TEST_CASE("EWSG's regression defaults size b so the gradient noise stays below 0.5",
          "[ewsg][issue25][defaults]") {
  const auto target = sgl::test::ewsg_issue_regression();
  Chain chain(target, "ewsg", {}, 1, target->map(), 0, 1);
  const ParamValues full = chain.full_params();
  const int b = static_cast<int>(full.at("batch_size"));
  const double variance = per_datum_gradient_variance(*target, target->map().data());
  const double ratio = langevin_noise_ratio(block_gradient_variance(variance, 1179, b),
                                            full.at("step_size"), full.at("friction"));
  INFO("b = " << b << ", noise ratio " << ratio);
  CHECK(b > 1);  // was 1: the weights degenerated
  CHECK(ratio <= kDefaultNoiseRatio + 1e-12);
  // The smallest such b: one less is too noisy.
  CHECK(langevin_noise_ratio(block_gradient_variance(variance, 1179, b - 1), full.at("step_size"),
                             full.at("friction")) > kDefaultNoiseRatio);
  // A b the user gives wins.
  Chain given(target, "ewsg", {{"batch_size", 7}}, 1, target->map(), 0, 1);
  CHECK(given.full_params().at("batch_size") == 7);
}

TEST_CASE("EWSG divergence within the curvature limits blames the gradient noise",
          "[ewsg][issue25]") {
  // b = 1 at a step inside both curvature limits (hλ_max/γ ≈ 0.6, hγ ≈ 0.03): the issue's
  // chains diverged here with a message blaming the curvature.
  const auto target = sgl::test::ewsg_issue_regression();
  const double lambda_max = target->laplace_covariance().inverse().eigenvalues().real().maxCoeff();
  const double h = 6.0 / lambda_max;
  Chain chain(target, "ewsg", {{"step_size", h}, {"friction", 10}, {"batch_size", 1}}, 5,
              target->map(), 0, 1);
  chain.run(200000);
  REQUIRE(chain.stopped());
  INFO(chain.stop_reason());
  CHECK(chain.stop_reason().find("gradient noise") != std::string::npos);
  CHECK(chain.stop_reason().find("raise batch_size") != std::string::npos);
  CHECK(chain.stop_reason().find("curvature limits hold") != std::string::npos);
}
