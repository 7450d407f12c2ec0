#include "core/diagnostics/running_moments.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace sgl {

namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
}  // namespace

void RunningMoments::add(double x) {
  ++count_;
  if (count_ == 1) {
    mean_ = x;
    m2_ = 0.0;
    min_ = x;
    max_ = x;
    return;
  }
  const double delta = x - mean_;
  mean_ += delta / static_cast<double>(count_);
  m2_ += delta * (x - mean_);
  min_ = std::min(min_, x);
  max_ = std::max(max_, x);
}

void RunningMoments::add(const double* x, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) add(x[i]);
}

void RunningMoments::merge(const RunningMoments& other) {
  if (other.count_ == 0) return;
  if (count_ == 0) {
    *this = other;
    return;
  }
  const double n_a = static_cast<double>(count_);
  const double n_b = static_cast<double>(other.count_);
  const double n = n_a + n_b;
  const double delta = other.mean_ - mean_;
  mean_ += delta * (n_b / n);
  m2_ += other.m2_ + delta * delta * (n_a * n_b / n);
  count_ += other.count_;
  min_ = std::min(min_, other.min_);
  max_ = std::max(max_, other.max_);
}

double RunningMoments::mean() const {
  return count_ == 0 ? kNaN : mean_;
}

double RunningMoments::variance() const {
  return count_ < 2 ? kNaN : m2_ / static_cast<double>(count_ - 1);
}

double RunningMoments::sd() const {
  return std::sqrt(variance());
}
double RunningMoments::min() const {
  return count_ == 0 ? kNaN : min_;
}
double RunningMoments::max() const {
  return count_ == 0 ? kNaN : max_;
}

RunningCovariance::RunningCovariance(int dim)
    : mean_(Eigen::VectorXd::Zero(dim)),
      comoment_(Eigen::MatrixXd::Zero(dim, dim)),
      min_(Eigen::VectorXd::Zero(dim)),
      max_(Eigen::VectorXd::Zero(dim)) {}

void RunningCovariance::add(const double* x) {
  add(Eigen::Map<const Eigen::VectorXd>(x, dim()));
}

void RunningCovariance::add(const Eigen::Ref<const Eigen::VectorXd>& x) {
  ++count_;
  if (count_ == 1) {
    mean_ = x;
    comoment_.setZero();
    min_ = x;
    max_ = x;
    return;
  }
  const double n = static_cast<double>(count_);
  const Eigen::VectorXd delta = x - mean_;
  mean_ += delta / n;
  // δ(x − new mean)ᵀ = (n−1)/n δδᵀ; the symmetric form keeps the matrix exactly symmetric.
  comoment_.noalias() += ((n - 1.0) / n) * (delta * delta.transpose());
  min_ = min_.cwiseMin(x);
  max_ = max_.cwiseMax(x);
}

void RunningCovariance::merge(const RunningCovariance& other) {
  if (other.count_ == 0) return;
  if (count_ == 0) {
    *this = other;
    return;
  }
  if (other.dim() != dim()) {
    throw std::invalid_argument("RunningCovariance::merge: dimensions differ");
  }
  const double n_a = static_cast<double>(count_);
  const double n_b = static_cast<double>(other.count_);
  const double n = n_a + n_b;
  const Eigen::VectorXd delta = other.mean_ - mean_;
  mean_ += delta * (n_b / n);
  comoment_ += other.comoment_ + (n_a * n_b / n) * delta * delta.transpose();
  count_ += other.count_;
  min_ = min_.cwiseMin(other.min_);
  max_ = max_.cwiseMax(other.max_);
}

void RunningCovariance::clear() {
  *this = RunningCovariance(dim());
}

double RunningCovariance::variance(int coord) const {
  return count_ < 2 ? kNaN : comoment_(coord, coord) / static_cast<double>(count_ - 1);
}

double RunningCovariance::sd(int coord) const {
  return std::sqrt(variance(coord));
}

Eigen::MatrixXd RunningCovariance::covariance() const {
  if (count_ < 2) return Eigen::MatrixXd::Constant(dim(), dim(), kNaN);
  return comoment_ / static_cast<double>(count_ - 1);
}

double RunningCovariance::correlation(int i, int j) const {
  if (count_ < 2) return kNaN;
  const double denominator = std::sqrt(comoment_(i, i) * comoment_(j, j));
  if (!(denominator > 0.0)) return kNaN;
  return comoment_(i, j) / denominator;
}

}  // namespace sgl
