// Tests that fail when a stochastic-gradient sampler's distinctive term is wrong. Each runs where
// that term matters and compares with an exact prediction:
//  - SGHMC with B̂ > 0: the stationary variance of the discrete linear system on the harmonic
//    target, solved exactly (Lyapunov), with the injected noise 2(C − B̂)ε; without the −B̂ it
//    differs by tens of MCSE;
//  - naive SGHMC: its inflated stationary variance, predicted exactly by propagating the
//    covariance of (θ, r, gradient noise) through the leapfrog steps and resamplings;
//  - SGD with momentum: reaches the mode (deterministic gradient) and the MAP of a logistic
//    regression (minibatches);
//  - SGHMC in SGD form (eq. 15) with a large β̂: its exact stationary variance (Lyapunov).
#include <catch2/catch.hpp>

#include <Eigen/Dense>
#include <cmath>

#include "core/targets/logistic_regression.hpp"
#include "tests/stat/stat_helpers.hpp"

using namespace sgl;
using namespace sgl::test;

namespace {

// Stationary covariance of s' = A s + w, Cov(w) = Q (spectral radius of A below 1).
Eigen::MatrixXd lyapunov(const Eigen::MatrixXd& A, const Eigen::MatrixXd& Q) {
  Eigen::MatrixXd sigma = Q;
  for (int i = 0; i < 200000; ++i) {
    const Eigen::MatrixXd next = A * sigma * A.transpose() + Q;
    if ((next - sigma).cwiseAbs().maxCoeff() < 1e-15) return next;
    sigma = next;
  }
  return sigma;
}

// SGHMC on U = θ²/2 with ∇Ũ = θ + N(0, V): θ' = θ + εr, r' = (1 − εC)r − ε(θ' + ξ) + η,
// η ~ N(0, 2(C − B̂)ε). Returns the stationary Var(θ).
double sghmc_variance(double eps, double C, double B_hat, double V) {
  Eigen::MatrixXd A(2, 2);
  A << 1.0, eps, -eps, 1.0 - eps * C - eps * eps;
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(2, 2);
  Q(1, 1) = eps * eps * V + 2.0 * (C - B_hat) * eps;
  return lyapunov(A, Q)(0, 0);
}

// Naive SGHMC (mh=false) on U = θ²/2: one leapfrog step per step with the stored noisy gradient
// g = θ + ξ (ξ redrawn at each evaluation), r ~ N(0, 1) redrawn after every L-th step. State
// (θ, r, ξ); returns Var(θ) averaged over the L phases of the periodic stationary regime.
double naive_sghmc_variance(double eps, int L, double V) {
  // Step: r_h = r − ε/2(θ + ξ); θ' = θ + ε r_h; ξ' fresh; r' = r_h − ε/2(θ' + ξ').
  Eigen::MatrixXd A(3, 3);
  const double h = 0.5 * eps;
  // θ' = θ + ε(r − h θ − h ξ)
  A.row(0) << 1.0 - eps * h, eps, -eps * h;
  // r' = r − hθ − hξ − h θ' − h ξ'
  A.row(1) << -h - h * A(0, 0), 1.0 - h * A(0, 1), -h - h * A(0, 2);
  A.row(2) << 0.0, 0.0, 0.0;
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(3, 3);  // from ξ' ~ N(0, V)
  Eigen::Vector3d b(0.0, -h, 1.0);
  Q = V * b * b.transpose();
  Eigen::MatrixXd sigma = Eigen::MatrixXd::Identity(3, 3);
  sigma(2, 2) = V;
  double phase_sum = 0.0;
  for (int cycle = 0; cycle < 4000; ++cycle) {
    phase_sum = 0.0;
    for (int step = 0; step < L; ++step) {
      sigma = A * sigma * A.transpose() + Q;
      phase_sum += sigma(0, 0);
    }
    // Resample r: independent N(0, 1).
    sigma(1, 1) = 1.0;
    sigma(0, 1) = sigma(1, 0) = sigma(1, 2) = sigma(2, 1) = 0.0;
  }
  return phase_sum / L;
}

}  // namespace

TEST_CASE("SGHMC with B̂ > 0 has the stationary variance of its noise-corrected dynamics",
          "[stat][sghmc]") {
  // ε = 0.1, C = 1, V = 10: B̂ = ½εV = 0.5 matches the gradient noise. Without the −B̂ in the
  // injected noise the variance would be ≈ 1 + εV/(2C) = 1.5 instead of ≈ 1.
  const double eps = 0.1, C = 1.0, V = 10.0, B_hat = 0.5;
  const double predicted = sghmc_variance(eps, C, B_hat, V);
  const double without_correction = sghmc_variance(eps, C, 0.0, V);
  const auto target = make_target({"harmonic", {}, "", "y"});
  const auto chain =
      run_chain(target, "sghmc",
                {{"step_size", eps}, {"friction", C}, {"noise_estimate", B_hat}, {"noise_var", V}},
                21, 300000, 1000);
  const Estimate variance = estimate(*chain, [](const double* t) { return t[0] * t[0]; });
  INFO("Var(θ) " << variance.mean << " ± " << variance.mcse << ", predicted " << predicted
                 << ", without −B̂ " << without_correction);
  CHECK(std::abs(variance.z(predicted)) < 3.3);
  CHECK(std::abs(without_correction - predicted) > 15 * variance.mcse);
}

TEST_CASE("naive SGHMC's stationary variance is the predicted inflation", "[stat][naive-sghmc]") {
  // Chen et al.'s setting scaled to the harmonic target: ε = 0.1, r resampled every 50 steps,
  // V = 4. The noise pumps energy in between resamplings: Var(θ) ≈ 2.0, not 1.
  const double eps = 0.1, V = 4.0;
  const int L = 50;
  const double predicted = naive_sghmc_variance(eps, L, V);
  const auto target = make_target({"harmonic", {}, "", "y"});
  const auto chain =
      run_chain(target, "naive-sghmc",
                {{"step_size", eps}, {"leapfrog_steps", L}, {"noise_var", V}}, 22, 300000, 1000);
  const Estimate variance = estimate(*chain, [](const double* t) { return t[0] * t[0]; });
  INFO("Var(θ) " << variance.mean << " ± " << variance.mcse << ", predicted " << predicted);
  CHECK(std::abs(variance.z(predicted)) < 3.3);
  CHECK(predicted - 1.0 > 10 * variance.mcse);  // the inflation itself is many MCSE
}

TEST_CASE("SGD with momentum descends to the mode and to the MAP", "[stat][sgd-momentum]") {
  // Exact gradients on gauss2d: a deterministic descent from (3, −2) to the mode (0, 0).
  const auto gauss = make_target({"gauss2d", {{"rho", 0.5}}, "", "y"});
  Chain descent(gauss, "sgd-momentum",
                {{"learning_rate", 0.05}, {"momentum_decay", 0.1}, {"noise_var", 0}}, 3,
                (Vec(2) << 3.0, -2.0).finished(), 0, 1);
  descent.run(3000);
  INFO("end " << descent.sampler().position().transpose());
  CHECK(descent.sampler().position().norm() < 1e-8);

  // Minibatches of 500 on a logistic regression: the iterates settle around the MAP (within a
  // fraction of a posterior sd: constant-step SGD keeps a small O(η) offset and spread).
  const auto logistic = make_target({"logistic", {{"n", 2000}, {"d", 2}, {"seed", 9}}, "", "y"});
  const auto& regression = dynamic_cast<const LogisticRegressionTarget&>(*logistic);
  const auto chain = run_chain(
      logistic, "sgd-momentum",
      {{"learning_rate", 2e-4}, {"momentum_decay", 0.1}, {"batch_size", 500}}, 4, 3000, 7000);
  REQUIRE(!chain->stopped());
  for (int c = 0; c < logistic->dim(); ++c) {
    const double sd = std::sqrt(regression.laplace_covariance()(c, c));
    const Estimate m = estimate(*chain, [c](const double* t) { return t[c]; });
    INFO("coefficient " << c << ": mean of iterates " << m.mean << ", MAP " << regression.map()[c]
                        << ", (mean − MAP)/sd " << (m.mean - regression.map()[c]) / sd);
    CHECK(std::abs(m.mean - regression.map()[c]) < 0.25 * sd);
  }
}

namespace {

// SGHMC in SGD form on U = θ²/2 with ∇Ũ = θ + N(0, V): θ' = θ + v,
// v' = (1 − α)v − η(θ' + ξ) + N(0, 2(α − β̂)η). Returns the stationary Var(θ).
double sghmc_sgd_variance(double eta, double alpha, double beta_hat, double V) {
  Eigen::MatrixXd A(2, 2);
  A << 1.0, 1.0, -eta, 1.0 - alpha - eta;
  Eigen::MatrixXd Q = Eigen::MatrixXd::Zero(2, 2);
  Q(1, 1) = eta * eta * V + 2.0 * (alpha - beta_hat) * eta;
  return lyapunov(A, Q)(0, 0);
}

}  // namespace

TEST_CASE("SGHMC in SGD form: stationary variance with a large noise estimate",
          "[stat][sghmc-sgd]") {
  // η = 0.04, α = 0.5 and β̂ = ½ηV = 0.25 (V = 12.5): the gradient noise supplies half of v's
  // noise, so β̂ matters as much as α. Predicted Var(θ) = 1.0135. Mistakes this catches (each
  // checked by planting it): the injected variance (α − β̂)η without the 2 gives 0.75× the
  // variance (z ≈ −60); α in place of α − β̂ gives 1.5× (z ≈ +60); a flipped gradient
  // sign makes the map unstable (eigenvalue 1.075): the chain diverges and stops.
  const double eta = 0.04, alpha = 0.5, beta_hat = 0.25, V = 12.5;
  const auto harmonic = make_target({"harmonic", {}, "", "y"});
  const auto chain = run_chain(harmonic, "sghmc-sgd",
                               {{"learning_rate", eta},
                                {"momentum_decay", alpha},
                                {"noise_estimate", beta_hat},
                                {"noise_var", V}},
                               21, 1'000'000, 1000);
  INFO(chain->stop_reason());
  REQUIRE(!chain->stopped());
  const double predicted = sghmc_sgd_variance(eta, alpha, beta_hat, V);
  REQUIRE(predicted == Approx(1.0135).epsilon(1e-3));
  const Estimate mean = estimate(*chain, [](const double* t) { return t[0]; });
  const Estimate variance = estimate(*chain, [](const double* t) { return t[0] * t[0]; });
  INFO("Var(θ) " << variance.mean << " ± " << variance.mcse << " (predicted " << predicted << ", z "
                 << variance.z(predicted) << "); mean " << mean.mean << ", z " << mean.z(0.0));
  CHECK(std::abs(mean.z(0.0)) < 4.0);
  CHECK(std::abs(variance.z(predicted)) < 4.0);
  CHECK(variance.mcse < 0.02 * predicted);  // the regime resolves a 25% error many times over
}
