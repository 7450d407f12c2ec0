// EWSG paper (seed 003), Fig. 1a, as an assertion: at an equal budget of data passes, EWSG's
// final samples are closer to the true Gaussian than uniform SG's (the paper's SGHMC baseline with
// the same Euler–Maruyama integrator, `index=uniform`).
#include <catch2/catch.hpp>
#include <cmath>

#include "run/chain.hpp"
#include "targets/ewsg_gauss.hpp"
#include "targets/target_registry.hpp"

using namespace sgl;

namespace {

struct FinalSampleFit {
  double kl = 0.0;  // KL(N(m̂, Σ̂) ‖ N(c̄, I/n)) of the Gaussian fitted to final samples
  double variance_error = 0.0;  // mean over coordinates of |Σ̂_jj − 1/n| · n (relative)
};

// Runs `chains` independent chains from the origin for `steps` steps and fits a Gaussian to the
// final samples.
FinalSampleFit fit_final_samples(const std::shared_ptr<const Target>& target,
                                 const ParamValues& params, std::uint64_t experiment_seed,
                                 int chains, std::uint64_t steps) {
  const auto& gauss = dynamic_cast<const EwsgGaussTarget&>(*target);
  Eigen::Vector2d sum = Eigen::Vector2d::Zero();
  Eigen::Matrix2d outer = Eigen::Matrix2d::Zero();
  int stopped = 0;
  for (int c = 0; c < chains; ++c) {
    // Only the last step is recorded (burn-in steps − 1): the test is about the final sample.
    Chain chain(target, "ewsg", params, derive_seed(experiment_seed, std::uint64_t(c)),
                Vec::Zero(2), steps - 1, 1);
    chain.run(steps);
    if (chain.stopped()) ++stopped;
    const Eigen::Vector2d last(chain.draws().theta(0, 0), chain.draws().theta(0, 1));
    sum += last;
    outer += last * last.transpose();
  }
  CHECK(stopped == 0);
  const Eigen::Vector2d mean = sum / chains;
  const Eigen::Matrix2d covariance = (outer - chains * mean * mean.transpose()) / (chains - 1);
  // KL(N(m, S) ‖ N(μ, T)) = ½[tr(T⁻¹S) + (μ − m)ᵀT⁻¹(μ − m) − d + ln(det T / det S)].
  const double n = double(gauss.num_data());
  const Eigen::Vector2d offset = gauss.exact_mean() - mean;
  FinalSampleFit fit;
  fit.kl = 0.5 * (n * covariance.trace() + n * offset.squaredNorm() - 2.0 +
                  std::log(1.0 / (n * n) / covariance.determinant()));
  fit.variance_error =
      0.5 * (std::abs(covariance(0, 0) * n - 1.0) + std::abs(covariance(1, 1) * n - 1.0));
  return fit;
}

}  // namespace

TEST_CASE("EWSG Fig. 1a: at 30 data passes EWSG is closer to the Gaussian than uniform SG",
          "[stat][ewsg]") {
  // V(θ) = Σ_{i=1..20} ½‖θ − c_i‖², b = 1, h = 0.05, γ = 10, 30 data passes: uniform SG makes
  // 600 steps (one datum each), EWSG with M = 1 makes 300 (two data each). Both are long past the
  // relaxation time (≈ γ/n = 0.5 in time units, 10 steps), so the final samples show each
  // method's stationary bias. 10⁴ chains per method from the origin, as in the paper; the whole
  // experiment (centres and chain seeds) is repeated for 3 seeds. The finite-sample bias of a
  // fitted 2-D Gaussian's KL is ≈ (d + d(d+1)/2)/(2N) = 2.5e-4 and its sd about 1e-3; the
  // relative variance error's sd is ≈ √(2/N) = 0.014. Both are far below the gaps we assert.
  const int chains = 10000, n = 20;
  const ParamValues common = {{"step_size", 0.05}, {"friction", 10}, {"batch_size", 1}};
  ParamValues ewsg = common, uniform = common;
  ewsg["index_steps"] = 1;
  uniform["index"] = 1;
  for (std::uint64_t seed : {1u, 2u, 3u}) {
    auto target = make_target({"ewsg-gauss", {{"n", n}, {"seed", double(seed)}}, "", "y"});
    const FinalSampleFit fit_ewsg = fit_final_samples(target, ewsg, seed, chains, 30 * n / 2);
    const FinalSampleFit fit_uniform = fit_final_samples(target, uniform, seed, chains, 30 * n);
    INFO("seed " << seed << ": KL EWSG " << fit_ewsg.kl << ", uniform " << fit_uniform.kl
                 << "; relative variance error EWSG " << fit_ewsg.variance_error << ", uniform "
                 << fit_uniform.variance_error);
    // Measured, seeds 1 / 2 / 3:
    //   KL        EWSG 0.131 / 0.050 / 0.177   uniform 0.468 / 0.303 / 0.556  (ratio 0.16–0.32)
    //   var. err. EWSG 0.550 / 0.323 / 0.609   uniform 1.276 / 0.944 / 1.450  (ratio 0.34–0.43)
    // For scale: Euler–Maruyama with the full gradient has a stationary variance of 1.13/n here
    // (discrete Lyapunov equation), a floor of 0.13 for the variance error; uniform SG adds
    // h²n²Var(c) ≈ 1 to the momentum noise 2γh = 1, which doubles the excess (≈ 2.26/n, as
    // measured). The asserted ratios leave a margin of ≥ 1.5× over the worst seed.
    CHECK(fit_ewsg.kl < 0.5 * fit_uniform.kl);
    CHECK(fit_ewsg.variance_error < 0.65 * fit_uniform.variance_error);
  }
}
