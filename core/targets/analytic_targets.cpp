#include "core/targets/analytic_targets.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace sgl {
namespace {

constexpr int kCells1d = 20000;
constexpr int kCells2d = 600;

double standard_normal_cdf(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

}  // namespace

AnalyticTarget::AnalyticTarget(std::string id, std::vector<std::string> names,
                               std::vector<Interval> box, Vec init)
    : id_(std::move(id)), names_(std::move(names)), box_(std::move(box)), init_(std::move(init)) {}

void AnalyticTarget::build_truth(int cells_per_axis, TruthGrid::CellMassFn mass_fn) {
  truth_ = std::make_unique<TruthGrid>(*this, box_, cells_per_axis, std::move(mass_fn));
}

// ------------------------------------------------------------------------------ double well

// U(±2.5) − U_min = 27.6, so the mass outside the box is below 1e-12.
DoubleWellTarget::DoubleWellTarget()
    : AnalyticTarget("chen-doublewell", {"theta"}, {{-2.5, 2.5}}, Vec::Zero(1)) {
  build_truth(kCells1d);
}

double DoubleWellTarget::potential(const double* theta) const {
  const double t2 = theta[0] * theta[0];
  return -2.0 * t2 + t2 * t2;
}

void DoubleWellTarget::gradient(const double* theta, double* grad) const {
  const double t = theta[0];
  grad[0] = -4.0 * t + 4.0 * t * t * t;
}

// -------------------------------------------------------------------------------- harmonic

HarmonicTarget::HarmonicTarget()
    : AnalyticTarget("harmonic", {"theta"}, {{-5.0, 5.0}}, Vec::Zero(1)) {
  build_truth(kCells1d);
}

double HarmonicTarget::potential(const double* theta) const {
  return 0.5 * theta[0] * theta[0];
}

void HarmonicTarget::gradient(const double* theta, double* grad) const {
  grad[0] = theta[0];
}

std::optional<ReferencePosterior> HarmonicTarget::reference_posterior() const {
  return ReferencePosterior{ReferencePosterior::Kind::Exact, Vec::Zero(1),
                            Eigen::MatrixXd::Identity(1, 1)};
}

// ----------------------------------------------------------------------- correlated Gaussian

CorrelatedGaussianTarget::CorrelatedGaussianTarget(double rho)
    : AnalyticTarget("gauss2d", {"x", "y"}, {{-4.5, 4.5}, {-4.5, 4.5}}, Vec::Zero(2)), rho_(rho) {
  build_truth(kCells2d);
}

double CorrelatedGaussianTarget::potential(const double* theta) const {
  const double x = theta[0], y = theta[1];
  return 0.5 * (x * x - 2.0 * rho_ * x * y + y * y) / (1.0 - rho_ * rho_);
}

void CorrelatedGaussianTarget::gradient(const double* theta, double* grad) const {
  const double x = theta[0], y = theta[1];
  const double scale = 1.0 / (1.0 - rho_ * rho_);
  grad[0] = scale * (x - rho_ * y);
  grad[1] = scale * (y - rho_ * x);
}

std::optional<ReferencePosterior> CorrelatedGaussianTarget::reference_posterior() const {
  Eigen::MatrixXd covariance(2, 2);
  covariance << 1.0, rho_, rho_, 1.0;
  return ReferencePosterior{ReferencePosterior::Kind::Exact, Vec::Zero(2), covariance};
}

// ---------------------------------------------------------------------------------- banana

namespace {

// θ₁ within ±4.5a; θ₂ from the ridge's lowest point −b a² minus 5.5 sd up to the ridge height
// at the θ₁ edge plus 5.5 sd, so the box holds all but ~1e-5 of the mass.
std::vector<Interval> banana_box(double b) {
  const double a = BananaTarget::kScale;
  const double x_edge = 4.5 * a;
  return {{-x_edge, x_edge}, {-b * a * a - 5.5, b * (x_edge * x_edge - a * a) + 5.5}};
}

}  // namespace

BananaTarget::BananaTarget(double curvature)
    : AnalyticTarget("banana", {"x", "y"}, banana_box(curvature), Vec::Zero(2)), b_(curvature) {
  build_truth(kCells2d);
}

double BananaTarget::potential(const double* theta) const {
  const double a = kScale;
  const double x = theta[0];
  const double r = theta[1] - b_ * (x * x - a * a);
  return 0.5 * x * x / (a * a) + 0.5 * r * r;
}

void BananaTarget::gradient(const double* theta, double* grad) const {
  const double a = kScale;
  const double x = theta[0];
  const double r = theta[1] - b_ * (x * x - a * a);
  grad[0] = x / (a * a) - 2.0 * b_ * x * r;
  grad[1] = r;
}

// --------------------------------------------------------------------------------- mixture

GaussianMixtureTarget::GaussianMixtureTarget(double separation, double sd)
    : AnalyticTarget(
          "mixture", {"x", "y"},
          {{-0.5 * separation - 5.0 * sd, 0.5 * separation + 5.0 * sd}, {-5.0 * sd, 5.0 * sd}},
          Vec::Zero(2)),
      half_separation_(0.5 * separation),
      sd_(sd) {
  build_truth(kCells2d);
}

double GaussianMixtureTarget::potential(const double* theta) const {
  // −log(½N₊ + ½N₋) up to a constant, by log-sum-exp so that far tails stay finite.
  const double inv_var = 1.0 / (sd_ * sd_);
  const double dp = theta[0] - half_separation_, dm = theta[0] + half_separation_;
  const double y2 = theta[1] * theta[1];
  const double ep = 0.5 * (dp * dp + y2) * inv_var;
  const double em = 0.5 * (dm * dm + y2) * inv_var;
  const double lo = std::min(ep, em);
  return lo - std::log1p(std::exp(-std::abs(ep - em)));
}

void GaussianMixtureTarget::gradient(const double* theta, double* grad) const {
  const double inv_var = 1.0 / (sd_ * sd_);
  const double dp = theta[0] - half_separation_, dm = theta[0] + half_separation_;
  // Responsibility of the + component: 1/(1 + exp(ep − em)), ep − em = −2 x h / sd².
  const double diff = -2.0 * theta[0] * half_separation_ * inv_var;
  const double e = std::exp(-std::abs(diff));
  const double w_plus = diff <= 0.0 ? 1.0 / (1.0 + e) : e / (1.0 + e);
  grad[0] = (w_plus * dp + (1.0 - w_plus) * dm) * inv_var;
  grad[1] = theta[1] * inv_var;
}

// ----------------------------------------------------------------------------------- donut

DonutTarget::DonutTarget(double radius, double width)
    : AnalyticTarget("donut", {"x", "y"},
                     {{-(radius + 5.5 * width), radius + 5.5 * width},
                      {-(radius + 5.5 * width), radius + 5.5 * width}},
                     (Vec(2) << radius, 0.0).finished()),
      radius_(radius),
      width_(width) {
  build_truth(kCells2d);
}

double DonutTarget::potential(const double* theta) const {
  const double r = std::hypot(theta[0], theta[1]) - radius_;
  return 0.5 * r * r / (width_ * width_);
}

void DonutTarget::gradient(const double* theta, double* grad) const {
  const double norm = std::hypot(theta[0], theta[1]);
  if (norm == 0.0) {
    grad[0] = grad[1] = 0.0;
    return;
  }
  const double scale = (norm - radius_) / (width_ * width_ * norm);
  grad[0] = scale * theta[0];
  grad[1] = scale * theta[1];
}

// ---------------------------------------------------------------------------------- funnel

// v within ±3 sd; x within ±50, which holds the funnel's mouth up to v ≈ 6.5 (2.2 sd).
FunnelTarget::FunnelTarget()
    : AnalyticTarget("funnel", {"v", "x"}, {{-9.0, 9.0}, {-50.0, 50.0}}, Vec::Zero(2)) {
  build_truth(kCells2d, &FunnelTarget::cell_mass);
}

double FunnelTarget::potential(const double* theta) const {
  const double v = theta[0], x = theta[1];
  return v * v / 18.0 + 0.5 * x * x * std::exp(-v) + 0.5 * v;
}

void FunnelTarget::gradient(const double* theta, double* grad) const {
  const double v = theta[0], x = theta[1];
  const double ev = std::exp(-v);
  grad[0] = v / 9.0 - 0.5 * x * x * ev + 0.5;
  grad[1] = x * ev;
}

double FunnelTarget::cell_mass(const Interval& v, const Interval& x) {
  // In the neck x | v has sd e^{v/2} far below a cell's width, so midpoint sums fail; the x
  // integral is exact (normal CDF) and the smooth v integral uses 3-point Gauss–Legendre.
  static constexpr double kNodes[3] = {-0.7745966692414834, 0.0, 0.7745966692414834};
  static constexpr double kWeights[3] = {5.0 / 9.0, 8.0 / 9.0, 5.0 / 9.0};
  const double half = 0.5 * (v.hi - v.lo);
  const double mid = 0.5 * (v.hi + v.lo);
  double total = 0.0;
  for (int q = 0; q < 3; ++q) {
    const double vq = mid + half * kNodes[q];
    const double density_v = std::exp(-vq * vq / 18.0) / (3.0 * std::sqrt(2.0 * std::numbers::pi));
    const double inv_sd = std::exp(-0.5 * vq);
    const double px = standard_normal_cdf(x.hi * inv_sd) - standard_normal_cdf(x.lo * inv_sd);
    total += kWeights[q] * density_v * px;
  }
  return total * half;
}

}  // namespace sgl
