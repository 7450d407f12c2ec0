// HMC-ECS's subsample update u → u' (one block redrawn) is a Metropolis–Hastings step whose
// target, at fixed θ, is π(u | θ) ∝ L̂(θ, u) p(u) (Dang et al. 2019, eq. 3.3): it accepts with
// α_u = min(1, L̂(θ, u') / L̂(θ, u)). Here θ is held fixed (one leapfrog step of ε = 10⁻⁵ with
// the Hessian mass moves it by ~10⁻⁵ sd, ~3·10⁻³ sd over the run) at a point where the subsampling
// matters (taylor1, m = 8 of n = 10³, θ 1.5 sd from θ*: σ̂² ≈ 0.54 under π(u | θ) and the sd of
// log L̂ ≈ 3.6 under p(u)), and the chain's acceptance rate and mean σ̂² are
// compared with their exact values computed independently by importance sampling: u ~ p(u) (iid
// uniform indices), weights L̂. An inverted ratio L̂(u)/L̂(u') makes the chain sample ∝
// p(u)/L̂, which prefers the subsamples with large σ̂² (log L̂ = ℓ̂ − ½σ̂²). Planted, it fails both
// checks: α_u 0.18 ± 0.08 against 0.625, mean σ̂² 45.5 ± 1.5 against 0.537 (the correct update
// reads 0.620 ± 0.007 and 0.541 ± 0.008).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>

#include "core/gradients/ecs_subsample.hpp"
#include "core/samplers/hmcecs.hpp"
#include "core/samplers/sampler.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/util/rng.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

constexpr int kSubsample = 8;
constexpr int kBlocks = 4;
// How far from θ* (in posterior sd, every coordinate) θ is held: taylor1's error grows as
// ‖θ − θ*‖⁴ there, so σ̂² is O(1) with a spread of the same order.
constexpr double kOffsetSd = 1.5;

struct Expectations {
  double accept = 0.0;             // E_π[min(1, L̂(u')/L̂(u))]
  double variance = 0.0;           // E_π[σ̂²]
  double inverted_variance = 0.0;  // E under ∝ p(u)/L̂ (what an inverted ratio would sample)
  double log_lik_sd = 0.0;         // sd of log L̂ under p(u)
};

Expectations importance_sampled(const DataTarget& data, const Vec& theta, int draws,
                                std::uint64_t seed) {
  Rng rng(seed);
  TaylorControlVariates expansion(data, TaylorOrder::First, 0, rng);
  EcsEstimator estimator(expansion);
  EcsSubsample subsample(data.num_data(), kSubsample, kBlocks);
  std::vector<double> differences;
  std::vector<std::int64_t> previous;
  const auto count = static_cast<std::size_t>(draws);
  std::vector<double> log_lik(count), variance(count), accept(count);
  for (int i = 0; i < draws; ++i) {
    subsample.redraw_all(rng);
    const EcsEstimate current = estimator.estimate(theta.data(), subsample, differences);
    subsample.redraw_block(int(rng.uniform_index(kBlocks)), rng, previous);
    const EcsEstimate proposed = estimator.estimate(theta.data(), subsample, differences);
    const auto k = std::size_t(i);
    log_lik[k] = current.log_likelihood();
    variance[k] = current.variance;
    accept[k] = std::min(1.0, std::exp(proposed.log_likelihood() - current.log_likelihood()));
  }
  const double top = *std::max_element(log_lik.begin(), log_lik.end());
  const double bottom = *std::min_element(log_lik.begin(), log_lik.end());
  double w_sum = 0, w_accept = 0, w_variance = 0, v_sum = 0, v_variance = 0, mean = 0, square = 0;
  for (std::size_t k = 0; k < log_lik.size(); ++k) {
    const double w = std::exp(log_lik[k] - top);     // ∝ L̂
    const double v = std::exp(bottom - log_lik[k]);  // ∝ 1/L̂
    w_sum += w;
    w_accept += w * accept[k];
    w_variance += w * variance[k];
    v_sum += v;
    v_variance += v * variance[k];
    mean += log_lik[k];
    square += log_lik[k] * log_lik[k];
  }
  const double n = double(log_lik.size());
  return {w_accept / w_sum, w_variance / w_sum, v_variance / v_sum,
          std::sqrt(std::max(0.0, square / n - (mean / n) * (mean / n)))};
}

}  // namespace

TEST_CASE("HMC-ECS's subsample update accepts with min(1, L̂(u')/L̂(u)) and samples ∝ L̂",
          "[stat][hmcecs]") {
  const auto target = make_target({"logistic", {{"n", 1000}, {"d", 2}, {"seed", 11}}, "", "y"});
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(*target);
  Vec theta = logistic.map();
  for (int c = 0; c < target->dim(); ++c)
    theta[c] += kOffsetSd * std::sqrt(logistic.laplace_covariance()(c, c));

  const Expectations exact = importance_sampled(*target->as_data_target(), theta, 400000, 5);

  const ParamValues params = {
      {"control_variate", 1},                                         // taylor1
      {"batch_size", kSubsample}, {"blocks", kBlocks},  {"mass", 1},  // hessian
      {"step_size", 1e-5},        {"leapfrog_steps", 1}};
  constexpr std::uint64_t kSteps = 60000;
  Chain chain(target, "hmcecs", params, 41, theta, 0, 1);
  chain.run(kSteps);
  REQUIRE(!chain.stopped());
  const SamplerCounters& counters = chain.counters();
  const double accept = counters.channels[HmcEcsSampler::kSubsampleAcceptance].mean();
  std::vector<double> variance(chain.draws().size());
  for (std::size_t i = 0; i < variance.size(); ++i)
    variance[i] = chain.draws().channel(i, 0);  // σ̂²
  const Estimate sigma2 = estimate(variance);
  // α_u's MCSE: the acceptance indicators are correlated through u; the σ̂² series' IAT bounds
  // theirs well enough (the accept/reject sequence mixes no slower than u itself).
  const double iat = double(variance.size()) / sigma2.ess;
  const double accept_mcse = std::sqrt(accept * (1 - accept) * iat / double(kSteps));
  INFO("sd log L̂ under p(u) " << exact.log_lik_sd << "; α_u " << accept << " ± " << accept_mcse
                              << " vs exact " << exact.accept << "; mean σ̂² " << sigma2.mean
                              << " ± " << sigma2.mcse << " vs exact " << exact.variance
                              << " (an inverted ratio would sample " << exact.inverted_variance
                              << ")");
  CHECK(exact.log_lik_sd > 0.5);  // the regime where the ratio's direction matters
  CHECK(std::abs(accept - exact.accept) < 4.0 * accept_mcse + 0.005);
  CHECK(std::abs(sigma2.mean - exact.variance) < 4.0 * sigma2.mcse + 0.01 * exact.variance);
}
