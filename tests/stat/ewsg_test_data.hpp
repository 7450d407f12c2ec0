// The issue-25 regression for EWSG's tests: a two-parameter logistic regression on 1 179 rows with
// an unstandardised covariate (x ~ N(3, 1), so intercept and slope are strongly correlated and the
// stiffest posterior sd is ≈ 0.02), like the held-out data on which EWSG's old defaults (b = 1)
// diverged or came out 3–5 posterior sd off. Generated from a fixed seed: the repository ships no
// real data set. Its exact posterior moments come from grid quadrature, not from any sampler.
#pragma once

#include <cmath>
#include <memory>

#include "core/targets/logistic_regression.hpp"
#include "core/util/rng.hpp"

namespace sgl::test {

inline std::shared_ptr<const LogisticRegressionTarget> ewsg_issue_regression() {
  Dataset data;
  data.source = "synthetic";
  data.coefficient_names = {"intercept", "x1"};
  const std::int64_t n = 1179;
  data.x.resize(n, 2);
  data.y.resize(n);
  Rng rng(25);
  for (std::int64_t k = 0; k < n; ++k) {
    data.x(k, 0) = 1.0;
    data.x(k, 1) = 3.0 + rng.normal();
    const double eta = -2.5 + data.x(k, 1);
    data.y[k] = rng.uniform() < 1.0 / (1.0 + std::exp(-eta)) ? 1.0 : 0.0;
  }
  return std::make_shared<const LogisticRegressionTarget>(std::move(data), 10.0);
}

// Posterior mean and sd of both coefficients by midpoint quadrature of exp(−U) on a 240 × 240
// grid over the MAP ± 8 Laplace sds per axis (the mass outside is below 1e-14).
struct QuadratureMoments {
  Vec mean = Vec::Zero(2);
  Vec sd = Vec::Zero(2);
};

inline QuadratureMoments quadrature_moments(const LogisticRegressionTarget& target) {
  const int cells = 240;
  const Vec centre = target.map();
  const Vec half = 8.0 * target.laplace_covariance().diagonal().cwiseSqrt();
  const double u_min = target.potential(centre.data());
  double mass = 0.0, m0 = 0.0, m1 = 0.0, s00 = 0.0, s11 = 0.0;
  double theta[2];
  for (int i = 0; i < cells; ++i)
    for (int j = 0; j < cells; ++j) {
      theta[0] = centre[0] - half[0] + (i + 0.5) * 2.0 * half[0] / cells;
      theta[1] = centre[1] - half[1] + (j + 0.5) * 2.0 * half[1] / cells;
      const double w = std::exp(u_min - target.potential(theta));
      mass += w;
      m0 += w * theta[0];
      m1 += w * theta[1];
      s00 += w * theta[0] * theta[0];
      s11 += w * theta[1] * theta[1];
    }
  QuadratureMoments moments;
  moments.mean << m0 / mass, m1 / mass;
  moments.sd << std::sqrt(s00 / mass - moments.mean[0] * moments.mean[0]),
      std::sqrt(s11 / mass - moments.mean[1] * moments.mean[1]);
  return moments;
}

}  // namespace sgl::test
