// Leapfrog on the 1-D standard Gaussian U = ½θ² (the harmonic oscillator; period 2π), with the
// unit metric, and on a 2-D Gaussian with a dense mass matrix.
#include <catch2/catch.hpp>
#include <cmath>

#include "core/integrators/leapfrog.hpp"

namespace {

using Vec = Eigen::VectorXd;

const double kPi = std::acos(-1.0);

auto harmonic_gradient = [](const double* theta, double* grad) { grad[0] = theta[0]; };

double energy(double theta, double r) {
  return 0.5 * theta * theta + 0.5 * r * r;
}

Vec scalar(double value) {
  return Vec::Constant(1, value);
}

// Max |ΔH| over one period starting at (θ, r) = (1, 0).
double max_energy_error_over_period(double step_size) {
  const sgl::Metric unit(1);
  Vec theta = scalar(1.0), r = scalar(0.0), grad = scalar(1.0);
  const double start = energy(theta[0], r[0]);
  const int steps = static_cast<int>(std::lround(2 * kPi / step_size));
  double worst = 0.0;
  for (int s = 0; s < steps; ++s) {
    sgl::leapfrog_step(unit, theta, r, grad, step_size, harmonic_gradient);
    worst = std::max(worst, std::abs(energy(theta[0], r[0]) - start));
  }
  return worst;
}

template <class GradientFn>
void leapfrog(const sgl::Metric& metric, Vec& theta, Vec& r, Vec& grad, double step_size, int steps,
              GradientFn&& gradient) {
  for (int s = 0; s < steps; ++s) sgl::leapfrog_step(metric, theta, r, grad, step_size, gradient);
}

}  // namespace

TEST_CASE("leapfrog energy error over one period is at most eps^2", "[integrators]") {
  for (double eps : {0.2, 0.1, 0.05, 0.01}) {
    INFO("eps = " << eps);
    CHECK(max_energy_error_over_period(eps) <= eps * eps);
  }
}

TEST_CASE("leapfrog is reversible: L steps, flip r, L steps returns to the start",
          "[integrators]") {
  const sgl::Metric unit(1);
  Vec theta = scalar(0.7), r = scalar(-1.3), grad = theta;
  leapfrog(unit, theta, r, grad, 0.1, 137, harmonic_gradient);
  r = -r;
  leapfrog(unit, theta, r, grad, 0.1, 137, harmonic_gradient);
  CHECK(std::abs(theta[0] - 0.7) < 1e-10);
  CHECK(std::abs(-r[0] + 1.3) < 1e-10);

  // Also on an anharmonic potential (the double well U = −2θ² + θ⁴).
  auto double_well = [](const double* t, double* g) { g[0] = -4 * t[0] + 4 * t[0] * t[0] * t[0]; };
  Vec a = scalar(0.3), p = scalar(0.8), ga(1);
  double_well(a.data(), ga.data());
  leapfrog(unit, a, p, ga, 0.01, 500, double_well);
  p = -p;
  leapfrog(unit, a, p, ga, 0.01, 500, double_well);
  CHECK(std::abs(a[0] - 0.3) < 1e-10);
  CHECK(std::abs(-p[0] - 0.8) < 1e-10);
}

TEST_CASE("leapfrog is second order: halving eps divides max |dH| by about 4", "[integrators]") {
  const double coarse = max_energy_error_over_period(0.1);
  const double fine = max_energy_error_over_period(0.05);
  // For the harmonic oscillator max|ΔH| = ε²/8·(θ²+r²)-ish; the ratio tends to 4 as ε → 0.
  CHECK(coarse / fine == Approx(4.0).epsilon(0.05));
}

TEST_CASE("dense metric: M = the Hessian makes a stiff Gaussian a unit oscillator",
          "[integrators]") {
  // U = ½θᵀHθ with H = [[400, 30], [30, 10]]. With M = H the dynamics θ'' = −M⁻¹Hθ = −θ have
  // period 2π in every direction, so ε = 0.1 is accurate although it is beyond the unit
  // metric's stability limit 2/√λ_max(H) ≈ 0.0997.
  Eigen::MatrixXd hessian(2, 2);
  hessian << 400.0, 30.0, 30.0, 10.0;
  sgl::Metric metric(2);
  metric.set_dense(hessian);
  REQUIRE(!metric.unit());
  auto gradient = [&hessian](const double* t, double* g) {
    g[0] = hessian(0, 0) * t[0] + hessian(0, 1) * t[1];
    g[1] = hessian(1, 0) * t[0] + hessian(1, 1) * t[1];
  };
  const auto total_energy = [&](const Vec& theta, const Vec& r) {
    return 0.5 * theta.dot(hessian * theta) + metric.kinetic_energy(r);
  };
  Vec theta(2), r(2), grad(2);
  theta << 0.3, -0.5;
  r << 1.0, -2.0;
  gradient(theta.data(), grad.data());
  const Vec theta0 = theta, r0 = r;
  const double start = total_energy(theta, r);
  double worst = 0.0;
  const int steps = static_cast<int>(std::lround(2 * kPi / 0.1));
  for (int s = 0; s < steps; ++s) {
    sgl::leapfrog_step(metric, theta, r, grad, 0.1, gradient);
    worst = std::max(worst, std::abs(total_energy(theta, r) - start));
  }
  CHECK(worst <= 0.02 * start);
  // Reversible with the mass too.
  r = -r;
  leapfrog(metric, theta, r, grad, 0.1, steps, gradient);
  CHECK((theta - theta0).norm() < 1e-10);
  CHECK((r + r0).norm() < 1e-10);
  // A non-positive-definite mass is refused.
  Eigen::MatrixXd indefinite(2, 2);
  indefinite << 1.0, 2.0, 2.0, 1.0;
  CHECK_THROWS_AS(metric.set_dense(indefinite), sgl::UserError);
}

TEST_CASE("unit metric: momentum, kinetic energy and drift are the plain M = I arithmetic",
          "[integrators]") {
  const sgl::Metric unit(3);
  sgl::Rng a(11), b(11);
  Vec r(3);
  unit.draw_momentum(a, r);
  for (int i = 0; i < 3; ++i) CHECK(r[i] == b.normal());  // same draws, same order
  CHECK(unit.kinetic_energy(r) == 0.5 * (r[0] * r[0] + r[1] * r[1] + r[2] * r[2]));
  Vec theta = Vec::Zero(3);
  unit.drift(theta.data(), r.data(), 0.25);
  for (int i = 0; i < 3; ++i) CHECK(theta[i] == 0.25 * r[i]);
}
