#include "core/targets/regression_data.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <utility>

#include "core/io/csv_table.hpp"
#include "core/util/error.hpp"
#include "core/util/rng.hpp"

namespace sgl {

Vec synthetic_coefficients(int d) {
  Vec beta(d + 1);
  beta[0] = 0.5;
  for (int j = 1; j <= d; ++j)
    beta[j] = (j % 2 == 1 ? 1.0 : -1.0) * (0.5 + 0.5 * static_cast<double>(j) / d);
  return beta;
}

Dataset make_synthetic_dataset(ResponseKind kind, std::int64_t n, int d, std::uint64_t seed,
                               double noise_sd) {
  Dataset data;
  data.source = "synthetic";
  data.true_coefficients = synthetic_coefficients(d);
  data.coefficient_names.push_back("intercept");
  for (int j = 1; j <= d; ++j) {
    std::string name = "x";  // not "x" + to_string(j): GCC 12 warns falsely (-Wrestrict)
    name += std::to_string(j);
    data.coefficient_names.push_back(std::move(name));
  }
  data.x.resize(n, d + 1);
  data.y.resize(n);
  const Vec& beta = data.true_coefficients;
  Rng rng(seed);
  for (std::int64_t k = 0; k < n; ++k) {
    data.x(k, 0) = 1.0;
    double eta = beta[0];
    for (int j = 1; j <= d; ++j) {
      data.x(k, j) = rng.normal();
      eta += beta[j] * data.x(k, j);
    }
    if (kind == ResponseKind::Gaussian) {
      data.y[k] = eta + noise_sd * rng.normal();
    } else {
      const double p = 1.0 / (1.0 + std::exp(-eta));
      data.y[k] = rng.uniform() < p ? 1.0 : 0.0;
    }
  }
  return data;
}

Dataset load_csv_dataset(const std::string& path, const std::string& response, ResponseKind kind) {
  const CsvTable table = read_numeric_csv(path);
  int response_column = -1;
  for (int c = 0; c < table.columns(); ++c)
    if (table.header[c] == response) response_column = c;
  if (response_column < 0) {
    std::string names;
    for (const auto& h : table.header) names += (names.empty() ? "" : ", ") + h;
    throw UserError("data file '" + path + "', line 1: no response column '" + response +
                    "' (columns: " + names + ")");
  }

  Dataset data;
  data.source = path;
  data.coefficient_names.push_back("intercept");
  for (int c = 0; c < table.columns(); ++c)
    if (c != response_column) data.coefficient_names.push_back(table.header[c]);
  const std::int64_t n = table.rows();
  const int p = static_cast<int>(data.coefficient_names.size());
  data.x.resize(n, p);
  data.y.resize(n);
  for (std::int64_t k = 0; k < n; ++k) {
    data.x(k, 0) = 1.0;
    int j = 1;
    for (int c = 0; c < table.columns(); ++c) {
      if (c == response_column) continue;
      data.x(k, j++) = table.at(k, c);
    }
    const double y = table.at(k, response_column);
    if (kind == ResponseKind::Binary && y != 0.0 && y != 1.0) {
      std::ostringstream value;
      value << y;
      throw UserError(table.location(k, response_column) +
                      ": a logistic response must be 0 or 1, got " + value.str());
    }
    data.y[k] = y;
  }
  return data;
}

// ------------------------------------------------------------------------- RegressionTarget

RegressionTarget::RegressionTarget(Dataset data, double prior_sd)
    : data_(std::move(data)), prior_sd_(prior_sd) {}

double RegressionTarget::log_prior(const double* theta) const {
  const int p = dim();
  double squares = 0.0;
  for (int j = 0; j < p; ++j) squares += theta[j] * theta[j];
  const double var = prior_sd_ * prior_sd_;
  return -0.5 * p * std::log(2.0 * std::numbers::pi * var) - 0.5 * squares / var;
}

void RegressionTarget::add_log_prior_gradient(const double* theta, double weight,
                                              double* grad) const {
  const double scale = -weight / (prior_sd_ * prior_sd_);
  for (int j = 0; j < dim(); ++j) grad[j] += scale * theta[j];
}

void RegressionTarget::add_log_prior_hessian(double weight, Eigen::MatrixXd& H) const {
  H.diagonal().array() -= weight / (prior_sd_ * prior_sd_);
}

void RegressionTarget::set_view_box(const Vec& centre, const Eigen::MatrixXd& covariance) {
  box_.clear();
  for (int j = 0; j < dim(); ++j) {
    const double half = 4.0 * std::sqrt(std::max(covariance(j, j), 0.0));
    box_.push_back({centre[j] - half, centre[j] + half});
  }
}

}  // namespace sgl
