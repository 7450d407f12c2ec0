#include "core/samplers/data_aware_defaults.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "core/targets/linear_regression.hpp"
#include "core/targets/logistic_regression.hpp"

namespace sgl {
namespace {

// Smallest posterior sd (√ of the covariance's smallest eigenvalue); 0 if unknown.
double smallest_posterior_sd(const Target& target) {
  const Eigen::MatrixXd* covariance = nullptr;
  if (const auto* logistic = dynamic_cast<const LogisticRegressionTarget*>(&target))
    covariance = &logistic->laplace_covariance();
  else if (const auto* linear = dynamic_cast<const LinearRegressionTarget*>(&target))
    covariance = &linear->exact_posterior_covariance();
  if (covariance == nullptr || covariance->size() == 0) return 0.0;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(*covariance, Eigen::EigenvaluesOnly);
  const double smallest = solver.eigenvalues().minCoeff();
  return smallest > 0.0 && std::isfinite(smallest) ? std::sqrt(smallest) : 0.0;
}

}  // namespace

ParamValues sampler_defaults(const std::string& id, const Target& target, const ParamValues& given,
                             const std::vector<ParamDescriptor>& descriptors) {
  const bool data_target = target.as_data_target() != nullptr;
  ParamValues values = with_defaults(given, descriptors, data_target);
  const bool regression = dynamic_cast<const RegressionTarget*>(&target) != nullptr;
  if (!regression) return values;
  const auto set = [&](const char* name, double value) {
    if (!given.count(name) && values.count(name)) values[name] = value;
  };
  if (id == "hmcecs" || id == "hmcecs-signed") {
    set("mass", 1.0);  // hessian
    return values;
  }
  const double s = smallest_posterior_sd(target);
  if (!(s > 0.0)) return values;
  if (id == "hmc" || id == "naive-sghmc") {
    set("step_size", 0.4 * s);
  } else if (id == "sghmc" || id == "sghmc-cv") {
    const double eps = given.count("step_size") ? values.at("step_size") : 0.1 * s;
    set("step_size", eps);
    set("friction", std::min(100.0, 0.1 / eps));
  } else if (id == "sgld" || id == "sgld-cv") {
    set("step_size", 0.1 * s * s);
  } else if (id == "sghmc-sgd") {
    set("learning_rate", std::max(1e-8, 0.01 * s * s));  // η = ε² with sghmc's ε = 0.1s
  } else if (id == "sgd-momentum") {
    set("learning_rate", std::max(1e-8, 0.5 * s * s));
  } else if (id == "ewsg") {
    const double h = given.count("step_size") ? values.at("step_size") : 0.1 * s;
    set("step_size", h);
    set("friction", std::clamp(0.5 / h, 0.01, 10.0));
  }
  return values;
}

}  // namespace sgl
