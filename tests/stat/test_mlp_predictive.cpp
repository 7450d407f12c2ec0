// SGHMC on a Bayesian neural network against HMC: a network small enough for HMC to give the
// reference (1 input, 2 tanh units, 1 output: 7 parameters; 30 points of the gap data), and the
// posterior-predictive mean E[f(x*; θ) | data] at inputs on both sides of the data and in its
// gap. The predictive mean does not change when hidden units are swapped or their signs flipped,
// so it is a fair statistic on this multimodal posterior. Tolerance: 4 combined Monte Carlo
// standard errors, each the larger of the within-chain one (ESS per chain, pooled over 8 chains)
// and the spread of the chain means (chains that settle in different modes), fixed seeds.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <memory>

#include "core/targets/mlp_target.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

struct Predictive {
  std::vector<double> mean, mcse;
};

constexpr int kChains = 8;

// E[f(x*)] at each input of `at`, from `chains` chains of `steps` draws after `burnin`.
Predictive predictive_mean(const std::shared_ptr<const MlpTarget>& target, const std::string& id,
                           const ParamValues& params, const MlpNetwork::Matrix& at, int chains,
                           std::uint64_t steps, std::uint64_t burnin, std::uint64_t thin) {
  const Eigen::Index points = at.rows();
  Predictive result{std::vector<double>(points, 0.0), std::vector<double>(points, 0.0)};
  std::vector<std::vector<double>> chain_means(points);
  for (int c = 0; c < chains; ++c) {
    const auto chain = run_chain(target, id, params, 100 + c, steps, burnin, thin);
    const DrawStore& draws = chain->draws();
    std::vector<std::vector<double>> series(points, std::vector<double>(draws.size()));
    Vec theta(draws.dim());
    for (std::size_t i = 0; i < draws.size(); ++i) {
      for (int j = 0; j < draws.dim(); ++j) theta[j] = draws.theta(i, j);
      const MlpNetwork::Matrix f = target->predict(theta.data(), at);
      for (Eigen::Index p = 0; p < points; ++p) series[p][i] = f(p, 0);
    }
    for (Eigen::Index p = 0; p < points; ++p) {
      const Estimate e = estimate(series[p]);
      result.mean[p] += e.mean / chains;
      result.mcse[p] += e.mcse * e.mcse / (chains * chains);
      chain_means[p].push_back(e.mean);
    }
  }
  for (Eigen::Index p = 0; p < points; ++p) {
    double spread = 0.0;
    for (double m : chain_means[p]) spread += (m - result.mean[p]) * (m - result.mean[p]);
    const double between = std::sqrt(spread / (chains - 1) / chains);
    result.mcse[p] = std::max(std::sqrt(result.mcse[p]), between);
  }
  return result;
}

}  // namespace

TEST_CASE("mlp: SGHMC's posterior-predictive mean agrees with HMC's within Monte Carlo error",
          "[mlp]") {
  MlpOptions options;
  options.hidden = {2};
  options.noise_sd = 0.5;
  const auto target = std::make_shared<const MlpTarget>(
      make_synthetic_mlp_data(MlpLikelihood::Gaussian, 30, 3, options.noise_sd, 0), options);
  MlpNetwork::Matrix at(3, 1);
  at << -3.0, 0.0, 3.0;  // left of the gap, in it, right of it

  // HMC: acceptance about 0.98. SGHMC: B = ½εV is a few per cent of C at b = 10.
  const Predictive hmc = predictive_mean(
      target, "hmc", {{"step_size", 0.015}, {"leapfrog_steps", 40}}, at, kChains, 4000, 500, 1);
  const Predictive sghmc =
      predictive_mean(target, "sghmc", {{"step_size", 0.002}, {"friction", 10}, {"batch_size", 10}},
                      at, kChains, 150000, 20000, 15);
  for (Eigen::Index p = 0; p < at.rows(); ++p) {
    const double tolerance = 4.0 * std::hypot(hmc.mcse[p], sghmc.mcse[p]);
    UNSCOPED_INFO("x* = " << at(p, 0) << ": HMC " << hmc.mean[p] << " ± " << hmc.mcse[p]
                          << ", SGHMC " << sghmc.mean[p] << " ± " << sghmc.mcse[p]);
    CHECK(std::abs(hmc.mean[p] - sghmc.mean[p]) <= tolerance);
    // A test that cannot fail is no test: the error bars must be small against the signal
    // (about 0.6 in size at x* = ±3; in the gap the chains disagree more, SGHMC's most).
    CHECK(tolerance < (at(p, 0) == 0.0 ? 0.25 : 0.03));
  }
}
