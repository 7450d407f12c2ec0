#include "core/samplers/nuts_adaptation.hpp"

#include <algorithm>

namespace sgl {
namespace {

constexpr double kGamma = 0.05;
constexpr double kKappa = 0.75;
constexpr double kT0 = 10.0;

}  // namespace

double DualAveragingStepSize::learn(double accept_stat, double target_accept) {
  counter_ += 1.0;
  accept_stat = std::min(accept_stat, 1.0);
  const double eta = 1.0 / (counter_ + kT0);
  s_bar_ = (1.0 - eta) * s_bar_ + eta * (target_accept - accept_stat);
  const double x = mu_ - s_bar_ * std::sqrt(counter_) / kGamma;
  const double x_eta = std::pow(counter_, -kKappa);
  x_bar_ = (1.0 - x_eta) * x_bar_ + x_eta * x;
  return std::exp(x);
}

void WindowedVarianceAdaptation::configure(std::uint64_t warmup) {
  warmup_ = warmup;
  enabled_ = warmup >= 20;
  init_buffer_ = 75;
  term_buffer_ = 50;
  base_window_ = 25;
  if (enabled_ && init_buffer_ + base_window_ + term_buffer_ > warmup) {
    init_buffer_ = static_cast<std::uint64_t>(0.15 * double(warmup));
    term_buffer_ = static_cast<std::uint64_t>(0.1 * double(warmup));
    base_window_ = warmup - (init_buffer_ + term_buffer_);
  }
  counter_ = 0;
  window_size_ = base_window_;
  next_window_end_ = init_buffer_ + window_size_ - 1;
  samples_ = 0;
}

bool WindowedVarianceAdaptation::in_window() const {
  return counter_ >= init_buffer_ && counter_ < warmup_ - term_buffer_ && counter_ != warmup_;
}

bool WindowedVarianceAdaptation::window_ends() const {
  return counter_ == next_window_end_ && counter_ != warmup_;
}

void WindowedVarianceAdaptation::next_window() {
  if (next_window_end_ == warmup_ - term_buffer_ - 1) return;
  window_size_ *= 2;
  next_window_end_ = counter_ + window_size_;
  // A window that would leave less than twice its size before the term buffer takes it all.
  if (next_window_end_ != warmup_ - term_buffer_ - 1 &&
      next_window_end_ + 2 * window_size_ >= warmup_ - term_buffer_)
    next_window_end_ = warmup_ - term_buffer_ - 1;
}

bool WindowedVarianceAdaptation::learn(Eigen::VectorXd& inverse_metric,
                                       const Eigen::VectorXd& theta) {
  if (!enabled_) return false;
  if (in_window()) {
    if (samples_ == 0) {
      mean_ = Eigen::VectorXd::Zero(theta.size());
      m2_ = Eigen::VectorXd::Zero(theta.size());
    }
    ++samples_;
    const Eigen::VectorXd delta = theta - mean_;
    mean_ += delta / double(samples_);
    m2_ += delta.cwiseProduct(theta - mean_);
  }
  if (window_ends()) {
    next_window();
    if (samples_ > 1) {
      const double n = double(samples_);
      const Eigen::VectorXd variance = m2_ / (n - 1.0);
      inverse_metric = (n / (n + 5.0)) * variance +
                       1e-3 * (5.0 / (n + 5.0)) * Eigen::VectorXd::Ones(variance.size());
    }
    samples_ = 0;
    ++counter_;
    return true;
  }
  ++counter_;
  return false;
}

}  // namespace sgl
