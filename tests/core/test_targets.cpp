// Targets: gradients against finite differences, per-datum sums against the fused passes,
// numerical stability of the logistic terms, truth grids, conjugate linear regression, and
// CSV loading errors.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

#include "core/targets/analytic_targets.hpp"
#include "core/targets/ewsg_gauss.hpp"
#include "core/targets/linear_regression.hpp"
#include "core/targets/logistic_regression.hpp"
#include "core/targets/target_registry.hpp"
#include "core/targets/truth_grid.hpp"
#include "core/util/error.hpp"

using namespace sgl;

namespace {

std::shared_ptr<const Target> make(const std::string& id, ParamValues params = {}) {
  TargetSpec spec;
  spec.id = id;
  spec.params = std::move(params);
  // The typed target needs its expression; the banana stands in for any.
  if (id == "custom") spec.potential = "0.5*x^2 + 2*(y - 0.5*x^2)^2";
  return make_target(spec);
}

double normal_cdf(double z) {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

// Points inside the view box (fixed fractions of each side) plus the default start.
std::vector<Vec> probe_points(const Target& target) {
  const auto box = target.view_box();
  std::vector<Vec> points{target.default_init()};
  for (double f : {0.13, 0.31, 0.58, 0.77, 0.92}) {
    Vec p(target.dim());
    for (int j = 0; j < target.dim(); ++j) {
      const double g = std::fmod(f + 0.17 * j, 1.0);
      p[j] = box[j].lo + g * (box[j].hi - box[j].lo);
    }
    points.push_back(p);
  }
  return points;
}

void check_gradient(const Target& target, const Vec& theta) {
  const int d = target.dim();
  Vec grad(d), fd(d);
  target.gradient(theta.data(), grad.data());
  const double u = target.potential(theta.data());
  for (int j = 0; j < d; ++j) {
    const double h = 1e-5 * std::max(1.0, std::abs(theta[j]));
    Vec plus = theta, minus = theta;
    plus[j] += h;
    minus[j] -= h;
    fd[j] = (target.potential(plus.data()) - target.potential(minus.data())) / (2.0 * h);
  }
  // Relative to ‖∇U‖, with floors for a vanishing gradient and for the rounding error of the
  // finite difference itself (≈ ε|U|/h).
  const double tolerance = 1e-6 * std::max(grad.norm(), 1.0) + 1e-9 * std::abs(u);
  INFO(target.id() << " at θ = " << theta.transpose() << ": ∇U = " << grad.transpose()
                   << ", finite differences = " << fd.transpose());
  CHECK((grad - fd).norm() <= tolerance);
}

std::vector<std::int64_t> all_indices(std::int64_t n) {
  std::vector<std::int64_t> idx(n);
  std::iota(idx.begin(), idx.end(), 0);
  return idx;
}

std::string temp_csv(const std::string& contents) {
  static int counter = 0;
  const std::string path = "/tmp/sgl_test_targets_" + std::to_string(::getpid()) + "_" +
                           std::to_string(counter++) + ".csv";
  std::ofstream(path, std::ios::binary) << contents;
  return path;
}

std::shared_ptr<const Target> make_from_csv(const std::string& id, const std::string& path,
                                            ParamValues params = {}) {
  TargetSpec spec;
  spec.id = id;
  spec.params = std::move(params);
  spec.data_csv = path;
  return make_target(spec);
}

}  // namespace

TEST_CASE("catalogue lists every target with documented parameters", "[targets]") {
  const auto& catalogue = target_catalogue();
  REQUIRE(catalogue.size() == 12);  // eleven built-in targets and the typed one
  for (const auto& info : catalogue) {
    CHECK(!info.description.empty());
    CHECK(find_target_info(info.id) == &info);
    for (const auto& p : info.params) {
      CHECK(!p.tooltip.empty());
      CHECK(p.min <= p.default_value);
      CHECK(p.default_value <= p.max);
    }
    const auto target = make(info.id);
    CHECK(target->id() == info.id);
    CHECK(static_cast<int>(target->coordinate_names().size()) == target->dim());
    CHECK((target->as_data_target() != nullptr) == info.data_target);
    const auto box = target->view_box();
    REQUIRE(static_cast<int>(box.size()) == target->dim());
    // Analytic targets start inside their view box; data targets start at zero (their box is
    // centred on the posterior, which may be far from the origin).
    const Vec init = target->default_init();
    for (int j = 0; j < target->dim() && !info.data_target; ++j) {
      CHECK(box[j].lo < init[j]);
      CHECK(init[j] < box[j].hi);
    }
    CHECK((target->truth() != nullptr) ==
          (target->dim() <= 2 && info.id != "linear" && info.id != "logistic"));
    if (!info.data_target) CHECK(target->evaluation_cost() == 1);
  }
  CHECK(make("logistic")->evaluation_cost() == 1000);
  CHECK(make("linear")->coordinate_names() == std::vector<std::string>{"intercept", "x1", "x2"});
  CHECK(make("funnel")->coordinate_names() == std::vector<std::string>{"v", "x"});
}

TEST_CASE("make_target rejects bad input with one-line messages", "[targets]") {
  REQUIRE_THROWS_WITH(make("nope"), Catch::Contains("unknown target 'nope'") &&
                                        Catch::Contains("gauss2d") && Catch::Contains("logistic"));
  REQUIRE_THROWS_AS(make("gauss2d", {{"rho", 1.5}}), UserError);
  REQUIRE_THROWS_AS(make("gauss2d", {{"separation", 1.0}}), UserError);
  REQUIRE_THROWS_AS(make("linear", {{"d", 2.5}}), UserError);
  const std::string path = temp_csv("y,a\n1,2\n");
  REQUIRE_THROWS_WITH(make_from_csv("linear", path, {{"n", 10}}),
                      Catch::Contains("cannot be combined with --data"));
  REQUIRE_THROWS_WITH(make_from_csv("gauss2d", path), Catch::Contains("takes no data file"));
  std::remove(path.c_str());
}

TEST_CASE("analytic gradients match finite differences", "[targets]") {
  const std::vector<std::pair<std::string, ParamValues>> cases = {
      {"chen-doublewell", {}}, {"harmonic", {}},
      {"gauss2d", {}},         {"gauss2d", {{"rho", -0.7}}},
      {"banana", {}},          {"banana", {{"b", 1.0}}},
      {"mixture", {}},         {"mixture", {{"separation", 8.0}, {"sd", 0.5}}},
      {"donut", {}},           {"funnel", {}},
      {"ewsg-gauss", {}}};
  for (const auto& [id, params] : cases) {
    const auto target = make(id, params);
    for (const Vec& theta : probe_points(*target)) {
      if (id == "donut" && theta.norm() < 1e-3) continue;  // ∇U is not defined at the origin
      check_gradient(*target, theta);
    }
  }
}

TEST_CASE("regression gradients match finite differences", "[targets]") {
  for (const auto& target : {make("linear", {{"n", 150}, {"d", 3}, {"noise_sd", 0.7}}),
                             make("logistic", {{"n", 300}, {"d", 4}, {"prior_sd", 2.0}})}) {
    const auto* regression = dynamic_cast<const RegressionTarget*>(target.get());
    REQUIRE(regression != nullptr);
    const Vec map = regression->map();
    for (double shift : {0.0, 0.05, -0.2, 0.6}) {
      Vec theta = map;
      for (int j = 0; j < theta.size(); ++j) theta[j] += shift * (j % 2 == 0 ? 1.0 : -1.5);
      check_gradient(*target, theta);
    }
    check_gradient(*target, Vec::Zero(target->dim()));
  }
}

TEST_CASE("fused full-data passes equal the per-datum sums", "[targets]") {
  for (const auto& target :
       {make("linear", {{"n", 120}, {"d", 3}}), make("logistic", {{"n", 250}, {"d", 9}}),
        make("logistic", {{"n", 250}, {"d", 5}}), make("ewsg-gauss")}) {
    const DataTarget* data_target = target->as_data_target();
    REQUIRE(data_target != nullptr);
    const int d = target->dim();
    const auto idx = all_indices(data_target->num_data());
    Vec theta(d);
    for (int j = 0; j < d; ++j) theta[j] = 0.3 - 0.2 * j;

    double sum = 0.0;
    for (std::int64_t k = 0; k < data_target->num_data(); ++k)
      sum += data_target->log_likelihood_datum(k, theta.data());
    const double u_sum = -sum - data_target->log_prior(theta.data());
    CHECK(target->potential(theta.data()) ==
          Approx(u_sum).epsilon(1e-12).margin(1e-12 * std::abs(sum)));

    Vec summed = Vec::Zero(d), fused(d);
    data_target->add_log_likelihood_gradient(idx.data(), static_cast<int>(idx.size()), -1.0,
                                             theta.data(), summed.data());
    data_target->add_log_prior_gradient(theta.data(), -1.0, summed.data());
    target->gradient(theta.data(), fused.data());
    INFO(target->id() << ": fused " << fused.transpose() << " summed " << summed.transpose());
    CHECK((fused - summed).norm() <= 1e-11 * std::max(1.0, summed.norm()));
  }
}

TEST_CASE("regression Hessians match finite differences of the gradient", "[targets]") {
  for (const auto& target : {make("linear", {{"n", 80}, {"d", 2}, {"noise_sd", 2.0}}),
                             make("logistic", {{"n", 200}, {"d", 3}})}) {
    const auto* regression = dynamic_cast<const RegressionTarget*>(target.get());
    REQUIRE(regression != nullptr);
    const int d = target->dim();
    const auto idx = all_indices(regression->num_data());
    Vec theta = regression->map();
    theta[0] += 0.1;
    Eigen::MatrixXd H = Eigen::MatrixXd::Zero(d, d);
    regression->add_log_likelihood_hessian(idx.data(), static_cast<int>(idx.size()), 1.0,
                                           theta.data(), H);
    regression->add_log_prior_hessian(1.0, H);
    Eigen::MatrixXd fd(d, d);
    for (int j = 0; j < d; ++j) {
      const double h = 1e-5;
      Vec plus = theta, minus = theta, gp(d), gm(d);
      plus[j] += h;
      minus[j] -= h;
      target->gradient(plus.data(), gp.data());
      target->gradient(minus.data(), gm.data());
      fd.col(j) = -(gp - gm) / (2.0 * h);  // ∇²log posterior = −∇²U
    }
    INFO(target->id() << "\nH =\n" << H << "\nfinite differences =\n" << fd);
    CHECK((H - fd).norm() <= 1e-6 * H.norm());
    CHECK((H - H.transpose()).norm() <= 1e-14 * H.norm());
  }
}

TEST_CASE("logistic terms are finite and accurate far in the tails", "[targets]") {
  // One intercept-only datum per (y, η) pair, so θ = η.
  Dataset data;
  data.x = RowMatrix::Ones(2, 1);
  data.y = (Vec(2) << 1.0, 0.0).finished();
  data.coefficient_names = {"intercept"};
  const LogisticRegressionTarget target(std::move(data), 10.0);
  for (double eta : {-800.0, -30.0, 30.0, 800.0}) {
    for (int k = 0; k < 2; ++k) {
      const long double e = eta;
      const long double y = k == 0 ? 1.0L : 0.0L;
      // ℓ = −log(1 + e^{∓η}) and y − σ(η), both written without cancellation in long double.
      const long double t = y == 1.0L ? -e : e;
      const long double ref_ll = t > 0 ? -(t + std::log1p(std::exp(-t))) : -std::log1p(std::exp(t));
      const long double ref_residual =
          y == 1.0L ? 1.0L / (1.0L + std::exp(e)) : -1.0L / (1.0L + std::exp(-e));
      const double ll = target.log_likelihood_datum(k, &eta);
      double grad = 0.0;
      const std::int64_t index = k;
      target.add_log_likelihood_gradient(&index, 1, 1.0, &eta, &grad);
      INFO("y = " << static_cast<double>(y) << ", η = " << eta << ": ℓ = " << ll
                  << ", ∇ℓ = " << grad);
      REQUIRE(std::isfinite(ll));
      REQUIRE(std::isfinite(grad));
      CHECK(std::abs(ll - static_cast<double>(ref_ll)) <=
            1e-12 * std::abs(static_cast<double>(ref_ll)) + 1e-300);
      CHECK(std::abs(grad - static_cast<double>(ref_residual)) <=
            1e-12 * std::abs(static_cast<double>(ref_residual)) + 1e-300);
    }
  }
  double eta = -800.0;
  CHECK(target.log_likelihood_datum(0, &eta) == -800.0);
  eta = 800.0;
  CHECK(target.log_likelihood_datum(1, &eta) == -800.0);
  CHECK(std::isfinite(target.potential(&eta)));
  double grad = 0.0;
  target.gradient(&eta, &grad);
  CHECK(std::isfinite(grad));
}

TEST_CASE("logistic MAP and Laplace covariance", "[targets]") {
  const auto target = make("logistic", {{"n", 2000}, {"d", 3}, {"seed", 7}});
  const auto& logistic = dynamic_cast<const LogisticRegressionTarget&>(*target);
  const Vec map = logistic.map();
  Vec grad(target->dim());
  target->gradient(map.data(), grad.data());
  CHECK(grad.norm() < 1e-8);
  const Eigen::MatrixXd expected = logistic.negative_log_posterior_hessian(map).inverse();
  CHECK((logistic.laplace_covariance() - expected).norm() < 1e-10 * expected.norm());
  // 2000 points: the MAP lies within a few Laplace sd of the generating coefficients.
  const Vec& truth = logistic.data().true_coefficients;
  REQUIRE(truth.size() == map.size());
  for (int j = 0; j < map.size(); ++j)
    CHECK(std::abs(map[j] - truth[j]) < 4.0 * std::sqrt(logistic.laplace_covariance()(j, j)));
}

TEST_CASE("linear regression: exact posterior and evidence", "[targets]") {
  const double noise_sd = 0.8, prior_sd = 1.7;
  const auto target = make(
      "linear", {{"n", 30}, {"d", 3}, {"seed", 5}, {"noise_sd", noise_sd}, {"prior_sd", prior_sd}});
  const auto& linear = dynamic_cast<const LinearRegressionTarget&>(*target);
  const Eigen::MatrixXd X = linear.data().x;
  const Vec& y = linear.data().y;
  CHECK((X.col(0).array() == 1.0).all());
  const int p = static_cast<int>(X.cols());

  const Eigen::MatrixXd precision = X.transpose() * X / (noise_sd * noise_sd) +
                                    Eigen::MatrixXd::Identity(p, p) / (prior_sd * prior_sd);
  const Vec mean = precision.fullPivLu().solve(X.transpose() * y / (noise_sd * noise_sd));
  CHECK((linear.exact_posterior_mean() - mean).norm() < 1e-10 * mean.norm());
  CHECK((linear.exact_posterior_covariance() - precision.inverse()).norm() < 1e-12);
  Vec grad(p);
  target->gradient(mean.data(), grad.data());
  CHECK(grad.norm() < 1e-9);

  // log N(y; 0, σ²I + τ²XXᵀ) directly.
  const int n = static_cast<int>(X.rows());
  const Eigen::MatrixXd cov = noise_sd * noise_sd * Eigen::MatrixXd::Identity(n, n) +
                              prior_sd * prior_sd * X * X.transpose();
  const Eigen::LLT<Eigen::MatrixXd> llt(cov);
  const Vec z = llt.matrixL().solve(y);
  const double log_det = 2.0 * llt.matrixL().toDenseMatrix().diagonal().array().log().sum();
  const double direct =
      -0.5 * n * std::log(2.0 * std::numbers::pi) - 0.5 * log_det - 0.5 * z.squaredNorm();
  CHECK(linear.log_evidence() == Approx(direct).epsilon(1e-10));

  // −U is the exact log joint: U at any β equals −log N(y; Xβ, σ²I) − log N(β; 0, τ²I).
  const Vec beta = mean + Vec::Constant(p, 0.1);
  const double log_joint = -0.5 * n * std::log(2.0 * std::numbers::pi * noise_sd * noise_sd) -
                           0.5 * (y - X * beta).squaredNorm() / (noise_sd * noise_sd) -
                           0.5 * p * std::log(2.0 * std::numbers::pi * prior_sd * prior_sd) -
                           0.5 * beta.squaredNorm() / (prior_sd * prior_sd);
  CHECK(target->potential(beta.data()) == Approx(-log_joint).epsilon(1e-12));
}

TEST_CASE("synthetic regression data follows the documented generator", "[targets]") {
  const Vec beta = synthetic_coefficients(4);
  CHECK(beta[0] == 0.5);
  CHECK(beta[1] == Approx(0.625));
  CHECK(beta[2] == Approx(-0.75));
  CHECK(beta[4] == Approx(-1.0));
  const auto target = make("logistic", {{"n", 50}, {"d", 4}, {"seed", 3}});
  const auto& data = dynamic_cast<const RegressionTarget&>(*target).data();
  CHECK(data.size() == 50);
  CHECK(data.num_coefficients() == 5);
  CHECK((data.y.array() * (1.0 - data.y.array()) == 0.0).all());
  const auto again = make("logistic", {{"n", 50}, {"d", 4}, {"seed", 3}});
  CHECK(dynamic_cast<const RegressionTarget&>(*again).data().x == data.x);
}

TEST_CASE("truth grids are normalised and match known marginals", "[targets]") {
  for (const auto& info : target_catalogue()) {
    const auto target = make(info.id);
    const TruthGrid* truth = target->truth();
    if (!truth) continue;
    const auto& mass = truth->cell_mass();
    CHECK(std::accumulate(mass.begin(), mass.end(), 0.0) == Approx(1.0).epsilon(1e-9));
    const auto& box = truth->box();
    CHECK(truth->marginal_mass(0, box[0].lo - 1.0, box[0].hi + 1.0) == Approx(1.0).epsilon(1e-9));
    if (truth->dim() == 2)
      CHECK(truth->rectangle_mass(box[0].lo, box[0].hi, box[1].lo, box[1].hi) ==
            Approx(1.0).epsilon(1e-9));
  }

  const auto harmonic = make("harmonic");
  for (double a : {-3.0, -1.234567, 0.0001, 0.5}) {
    const double b = a + 0.777;
    CHECK(harmonic->truth()->marginal_mass(0, a, b) ==
          Approx(normal_cdf(b) - normal_cdf(a)).margin(1e-6));
  }

  const double rho = 0.9;
  const auto gauss = make("gauss2d", {{"rho", rho}});
  const TruthGrid& g = *gauss->truth();
  for (int coord : {0, 1})
    for (double a : {-2.5, -1.00333, 0.0, 0.123456, 1.7}) {
      const double b = a + 0.4321;
      CHECK(g.marginal_mass(coord, a, b) == Approx(normal_cdf(b) - normal_cdf(a)).margin(1e-4));
    }
  // Orthant probability of a correlated Gaussian: 1/4 + asin(ρ)/(2π).
  CHECK(g.rectangle_mass(-10, 0, -10, 0) ==
        Approx(0.25 + std::asin(rho) / (2.0 * std::numbers::pi)).margin(1e-4));
  CHECK(g.rectangle_mass(-10, 0.0123, -10, 10) == Approx(normal_cdf(0.0123)).margin(1e-4));
  const double origin[2] = {0.0, 0.0};
  CHECK(g.density(origin) ==
        Approx(1.0 / (2.0 * std::numbers::pi * std::sqrt(1 - rho * rho))).epsilon(1e-3));
  CHECK(g.marginal_density(0, 0.0) ==
        Approx(1.0 / std::sqrt(2.0 * std::numbers::pi)).epsilon(1e-3));
}

TEST_CASE("funnel truth: the v-marginal is N(0, 3²) restricted to the view box", "[targets]") {
  const auto funnel = make("funnel");
  const TruthGrid& truth = *funnel->truth();
  const auto box = funnel->view_box();
  const double x_edge = box[1].hi;
  // Reference: ∫ N(v; 0, 9) P(|x| < x_edge | v) dv by composite Simpson, normalised over the box.
  const auto density = [&](double v) {
    return std::exp(-v * v / 18.0) * (2.0 * normal_cdf(x_edge * std::exp(-0.5 * v)) - 1.0);
  };
  const auto integral = [&](double a, double b) {
    const int steps = 2000;
    const double h = (b - a) / steps;
    double s = density(a) + density(b);
    for (int i = 1; i < steps; ++i) s += (i % 2 == 1 ? 4.0 : 2.0) * density(a + i * h);
    return s * h / 3.0;
  };
  const double total = integral(box[0].lo, box[0].hi);
  for (double a : {-8.5, -6.0, -2.0, 0.0, 3.3, 7.0}) {
    const double b = a + 1.1;
    CHECK(truth.marginal_mass(0, a, b) == Approx(integral(a, b) / total).margin(1e-3));
  }
  // In the lower half the x-box holds the whole neck, so the plain normal law applies there too.
  const double box_mass = total / (3.0 * std::sqrt(2.0 * std::numbers::pi));
  CHECK(truth.marginal_mass(0, -6.0, -1.0) ==
        Approx((normal_cdf(-1.0 / 3.0) - normal_cdf(-2.0)) / box_mass).margin(1e-3));
}

TEST_CASE("ewsg-gauss: exact posterior N(mean(c), I/n)", "[targets]") {
  const auto target = make("ewsg-gauss", {{"n", 20}, {"seed", 1}});
  const auto& ewsg = dynamic_cast<const EwsgGaussTarget&>(*target);
  const Vec mean = ewsg.centres().colwise().mean().transpose();
  CHECK((ewsg.exact_mean() - mean).norm() < 1e-14);
  CHECK(ewsg.exact_covariance()(0, 0) == Approx(1.0 / 20));
  Vec grad(2);
  target->gradient(mean.data(), grad.data());
  CHECK(grad.norm() < 1e-12);
  const TruthGrid& truth = *target->truth();
  const double sd = 1.0 / std::sqrt(20.0);
  for (int coord : {0, 1}) {
    const double m = mean[coord];
    CHECK(truth.marginal_mass(coord, m - sd, m + 0.5 * sd) ==
          Approx(normal_cdf(0.5) - normal_cdf(-1.0)).margin(1e-4));
  }
  CHECK(ewsg.num_data() == 20);
  CHECK(ewsg.log_prior(mean.data()) == 0.0);
}

TEST_CASE("CSV data: a valid file loads without transformation", "[targets]") {
  const std::string path =
      temp_csv("\"a\", y ,\"b c\"\r\n 1.5 ,1, -2\r\n\r\n-0.25,0,+3e2\r\n2,1,0\r\n");
  const auto target = make_from_csv("logistic", path, {{"prior_sd", 3.0}});
  const auto& data = dynamic_cast<const RegressionTarget&>(*target).data();
  CHECK(target->coordinate_names() == std::vector<std::string>{"intercept", "a", "b c"});
  REQUIRE(data.size() == 3);
  CHECK(data.true_coefficients.size() == 0);
  const RowMatrix expected = (RowMatrix(3, 3) << 1, 1.5, -2, 1, -0.25, 300, 1, 2, 0).finished();
  CHECK(data.x == expected);
  CHECK(data.y == (Vec(3) << 1, 0, 1).finished());
  CHECK(dynamic_cast<const RegressionTarget&>(*target).prior_sd() == 3.0);

  TargetSpec spec;
  spec.id = "linear";
  spec.data_csv = path;
  spec.response = "b c";
  const auto linear = make_target(spec);
  CHECK(linear->coordinate_names() == std::vector<std::string>{"intercept", "a", "y"});
  CHECK(linear->as_data_target()->num_data() == 3);
  std::remove(path.c_str());
}

TEST_CASE("CSV data: malformed files give errors with line and column", "[targets]") {
  const auto expect_error = [](const std::string& id, const std::string& contents,
                               const std::vector<std::string>& fragments) {
    const std::string path = temp_csv(contents);
    INFO("file contents: " << contents);
    try {
      make_from_csv(id, path);
      FAIL("no error for " << contents);
    } catch (const UserError& error) {
      const std::string message = error.what();
      INFO("message: " << message);
      CHECK(message.find(path) != std::string::npos);
      CHECK(message.find('\n') == std::string::npos);
      for (const auto& fragment : fragments) CHECK(message.find(fragment) != std::string::npos);
    }
    std::remove(path.c_str());
  };
  expect_error("linear", "", {"empty"});
  expect_error("linear", "\n  \n", {"empty"});
  expect_error("linear", "a,b\n1,2\n", {"line 1", "no response column 'y'", "columns: a, b"});
  expect_error("linear", "y,a,a\n1,2,3\n", {"line 1, column 3", "duplicate column name 'a'"});
  expect_error("linear", "y,a,b\n1,2,3\n4,5\n", {"line 3, column 3", "expected 3 fields"});
  expect_error("linear", "y,a,b\n1,2,3\n4,5,6,7\n", {"line 3, column 4", "found 4"});
  expect_error("linear", "y,a\n1,2\n3,abc\n",
               {"line 3, column 2", "('a')", "'abc' is not a number"});
  expect_error("linear", "y,a\n1,2\n3,\n", {"line 3, column 2", "is not a number"});
  expect_error("linear", "y,a\n1,2\r\nnan,2\r\n", {"line 3, column 1", "not a finite number"});
  expect_error("linear", "y,a\n1,inf\n", {"line 2, column 2", "not a finite number"});
  expect_error("linear", "y,a\n1,1e999\n", {"line 2, column 2", "not a finite number"});
  expect_error("logistic", "a,y\n1,1\n2,0\n3,2\n", {"line 4, column 2", "must be 0 or 1, got 2"});
  expect_error("linear", "y,a\n\n", {"no data rows"});
  REQUIRE_THROWS_WITH(make_from_csv("linear", "/tmp/sgl_no_such_file_xyz.csv"),
                      Catch::Contains("cannot open data file '/tmp/sgl_no_such_file_xyz.csv'"));
}
