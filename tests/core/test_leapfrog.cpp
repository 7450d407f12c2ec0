// Leapfrog on the 1-D standard Gaussian U = ½θ² (the harmonic oscillator; period 2π).
#include <catch2/catch.hpp>
#include <cmath>

#include "core/integrators/leapfrog.hpp"

namespace {

const double kPi = std::acos(-1.0);

auto harmonic_gradient = [](const double* theta, double* grad) { grad[0] = theta[0]; };

double energy(double theta, double r) {
  return 0.5 * theta * theta + 0.5 * r * r;
}

// Max |ΔH| over one period starting at (θ, r) = (1, 0).
double max_energy_error_over_period(double step_size) {
  double theta = 1.0, r = 0.0, grad = 1.0;
  const double start = energy(theta, r);
  const int steps = static_cast<int>(std::lround(2 * kPi / step_size));
  double worst = 0.0;
  for (int s = 0; s < steps; ++s) {
    sgl::leapfrog_step(&theta, &r, &grad, 1, step_size, harmonic_gradient);
    worst = std::max(worst, std::abs(energy(theta, r) - start));
  }
  return worst;
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
  double theta = 0.7, r = -1.3, grad = theta;
  const double theta0 = theta, r0 = r;
  sgl::leapfrog(&theta, &r, &grad, 1, 0.1, 137, harmonic_gradient);
  r = -r;
  sgl::leapfrog(&theta, &r, &grad, 1, 0.1, 137, harmonic_gradient);
  CHECK(std::abs(theta - theta0) < 1e-10);
  CHECK(std::abs(-r - r0) < 1e-10);

  // Also on an anharmonic potential (the double well U = −2θ² + θ⁴).
  auto double_well = [](const double* t, double* g) { g[0] = -4 * t[0] + 4 * t[0] * t[0] * t[0]; };
  double a = 0.3, p = 0.8, ga;
  double_well(&a, &ga);
  sgl::leapfrog(&a, &p, &ga, 1, 0.01, 500, double_well);
  p = -p;
  sgl::leapfrog(&a, &p, &ga, 1, 0.01, 500, double_well);
  CHECK(std::abs(a - 0.3) < 1e-10);
  CHECK(std::abs(-p - 0.8) < 1e-10);
}

TEST_CASE("leapfrog is second order: halving eps divides max |dH| by about 4", "[integrators]") {
  const double coarse = max_energy_error_over_period(0.1);
  const double fine = max_energy_error_over_period(0.05);
  // For the harmonic oscillator max|ΔH| = ε²/8·(θ²+r²)-ish; the ratio tends to 4 as ε → 0.
  CHECK(coarse / fine == Approx(4.0).epsilon(0.05));
}
