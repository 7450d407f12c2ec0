// The gradient-noise inspector's measurements (docs/algorithms.md#gradient-noise): at one fixed θ,
// K stochastic gradients drawn by the samplers' own estimators, their empirical covariance, and
// the exact covariance they should have.
//
// Chen, Fox & Guestrin (2014) eq. 5–6: a minibatch gradient ∇Ũ = ∇U + noise with covariance V(θ);
// SGHMC's B = ½εV is the diffusion that noise adds to the momentum, and friction C must cover it.
// For data targets, ∇Ũ = −(n/b) Σ_{k∈B} g_k − ∇log p with g_k = ∇ℓ_k(θ), so with the population
// covariance S = (1/n) Σ_k (g_k − ḡ)(g_k − ḡ)ᵀ the exact covariance is
//   with replacement (b independent indices):   V = (n²/b) S
//   without replacement (a uniform b-subset):   V = (n²/b) S (n − b)/(n − 1)
// (the finite-population correction: a batch of all n data has no noise). EWSG (Deng et al.
// 2020, Alg. 1) weights its blocks instead; its cloud is drawn from those exact weights. The
// control-variate gradients (Baker et al. 2017; Dang et al. 2019 eq. 4.7) are the same sum over
// other per-datum terms, g_k = ∇ℓ_k(θ) − ∇ℓ_k(θ*) [− H_k(θ*)(θ − θ*) for second order], drawn with
// replacement as the samplers draw them; their covariance vanishes at θ = θ* (and everywhere for
// second order on linear regression, whose ∇ℓ_k are affine). Analytic targets inject N(0, V·I)
// noise.
//
// Cost: K calls of the estimators (b, 2b or 3b per-datum gradients each) plus two passes over the
// data per exact covariance (with d × d per-datum Hessians for second order). Deterministic: the
// same θ, settings and seed give the same clouds.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "core/gradients/gradient_estimator.hpp"
#include "core/targets/target.hpp"

namespace sgl {

struct GradientNoiseRequest {
  Vec theta;
  int batch_size = 32;   // data targets
  double noise_var = 4;  // analytic targets: the injected V
  int samples = 1000;    // K
  std::uint64_t seed = 1;
  MinibatchScheme scheme = MinibatchScheme::WithReplacement;
  bool control_variates = true;  // data targets: also the first- and second-order CV clouds
  // EWSG (docs/algorithms.md#ewsg): the index distribution p_B ∝ exp((h/4γ)‖γr + G_B‖²) at the
  // frozen (θ, r), for its step h and friction γ; empty momentum: no EWSG cloud.
  Vec ewsg_momentum;
  double ewsg_step_size = 0;
  double ewsg_friction = 1;
  // Called every few milliseconds of work; it may throw to abandon the measurement (the window's
  // job when the window closes or the chain moves on, Ctrl+C in the CLI). Empty: never called.
  std::function<void()> check_cancelled;
};

// K gradients (rows) with their empirical mean and covariance (divisor K − 1) and the exact
// covariance of the estimator that drew them.
struct GradientCloud {
  Eigen::MatrixXd draws;  // K × d
  Vec mean;
  Eigen::MatrixXd empirical_cov;
  Eigen::MatrixXd exact_cov;
};

struct GradientNoiseReport {
  Vec theta;
  Vec full_gradient;  // ∇U(θ), exact
  bool on_data = false;
  std::int64_t num_data = 0;
  int batch_size = 0;  // as used: at most n without replacement
  double noise_var = 0;
  MinibatchScheme scheme = MinibatchScheme::WithReplacement;
  GradientCloud minibatch;  // the plain estimator (analytic: ∇U + injected noise)
  // Data targets: first-order CV about θ* = cv_centre, and second order where the target has
  // per-datum Hessians of GLM form (the regressions); always drawn with replacement.
  std::optional<GradientCloud> control_variate;
  std::optional<GradientCloud> control_variate2;
  Vec cv_centre;
  // EWSG: K block gradients G_B drawn from the exact index distribution its Metropolis index
  // chain targets (blocks of a partition seeded by `seed`), with the distribution's exact
  // covariance about its own mean `ewsg_mean`, which is NOT ∇U: the weighting biases the
  // gradient towards blocks that push along γr. Data targets with at most kMaxEwsgBlocks blocks.
  std::optional<GradientCloud> ewsg;
  Vec ewsg_mean;
};

inline constexpr std::int64_t kMaxEwsgBlocks = 200'000;

// Throws UserError for a θ of the wrong length or not finite, K < 2, b < 1.
GradientNoiseReport measure_gradient_noise(const Target& target,
                                           const GradientNoiseRequest& request);

// The exact covariance of (n/b) Σ_{k∈B} g_k over the minibatch B for per-datum terms g_k that
// `term(k, out)` writes (out has d entries, zeroed by the caller); two passes over the data.
Eigen::MatrixXd minibatch_sum_covariance(std::int64_t n, int dim, int batch_size,
                                         MinibatchScheme scheme,
                                         const std::function<void(std::int64_t, double*)>& term);

// Empirical mean and covariance (divisor K − 1) of the rows of `draws`.
void fill_empirical_moments(GradientCloud& cloud);

}  // namespace sgl
