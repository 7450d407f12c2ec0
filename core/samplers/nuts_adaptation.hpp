// NUTS's burn-in adaptation as Stan runs it (stan/mcmc/stepsize_adaptation.hpp,
// windowed_adaptation.hpp, var_adaptation.hpp; Hoffman & Gelman 2014, §3.2; Stan Reference Manual,
// "HMC algorithm parameters"), written for this project:
//
// Step size: Nesterov dual averaging of log ε toward the mean acceptance statistic δ = 0.8, with
// γ = 0.05, κ = 0.75, t₀ = 10 and μ = log(10 ε₀):
//   s̄ ← (1 − 1/(t + t₀)) s̄ + (δ − a_t)/(t + t₀);  log ε_t = μ − √t s̄/γ;
//   log ε̄ ← t^(−κ) log ε_t + (1 − t^(−κ)) log ε̄
// and ε̄ is the step after burn-in.
//
// Diagonal inverse metric: windowed. Of W burn-in transitions the first 75 (init buffer) and the
// last 50 (term buffer) only adapt ε; between them windows of 25, 50, 100, ... (the last one
// stretched to the term buffer) each collect the draws' variances (Welford), and at a window's end
// the inverse metric becomes (n/(n + 5)) σ̂² + 10⁻³ · 5/(n + 5) (shrunk toward 10⁻³), after which
// the step size is re-initialised and its dual averaging restarts. If 75 + 25 + 50 > W the
// buffers become 15 % / 75 % / 10 % of W; under 20 burn-in transitions the metric stays unit.
#pragma once

#include <cmath>
#include <cstdint>

#include <Eigen/Dense>

namespace sgl {

class DualAveragingStepSize {
 public:
  void restart(double initial_step) {
    mu_ = std::log(10.0 * initial_step);
    counter_ = 0;
    s_bar_ = 0.0;
    x_bar_ = 0.0;
  }
  // One burn-in transition with acceptance statistic `accept_stat`: the next ε.
  double learn(double accept_stat, double target_accept);
  // The step after burn-in: exp(log ε̄).
  double final_step() const { return std::exp(x_bar_); }

 private:
  double mu_ = 0.0;
  double counter_ = 0.0;
  double s_bar_ = 0.0;
  double x_bar_ = 0.0;
};

class WindowedVarianceAdaptation {
 public:
  // Lays out the windows for `warmup` burn-in transitions and starts over.
  void configure(std::uint64_t warmup);
  // One burn-in transition at θ: collects θ inside a window; at a window's end writes the new
  // inverse metric and returns true (the caller then re-initialises ε).
  bool learn(Eigen::VectorXd& inverse_metric, const Eigen::VectorXd& theta);
  bool enabled() const { return enabled_; }

 private:
  bool in_window() const;
  bool window_ends() const;
  void next_window();

  bool enabled_ = false;
  std::uint64_t warmup_ = 0;
  std::uint64_t init_buffer_ = 75;
  std::uint64_t term_buffer_ = 50;
  std::uint64_t base_window_ = 25;
  std::uint64_t counter_ = 0;
  std::uint64_t window_size_ = 25;
  std::uint64_t next_window_end_ = 0;
  // Welford's running mean and sum of squared deviations of the window's draws.
  std::uint64_t samples_ = 0;
  Eigen::VectorXd mean_;
  Eigen::VectorXd m2_;
};

}  // namespace sgl
