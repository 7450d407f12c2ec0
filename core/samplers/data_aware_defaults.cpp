#include "core/samplers/data_aware_defaults.hpp"

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>

#include "core/gradients/minibatch_noise_ratio.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

// Smallest posterior sd (√ of the reference covariance's smallest eigenvalue); 0 if unknown.
double smallest_posterior_sd(const Target& target) {
  const std::optional<ReferencePosterior> reference = target.reference_posterior();
  if (!reference || reference->covariance.size() == 0) return 0.0;
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(reference->covariance,
                                                              Eigen::EigenvaluesOnly);
  const double smallest = solver.eigenvalues().minCoeff();
  return smallest > 0.0 && std::isfinite(smallest) ? std::sqrt(smallest) : 0.0;
}

}  // namespace

double RegressionScale::smallest_sd() {
  if (!known_) {
    smallest_sd_ = smallest_posterior_sd(target_);
    known_ = true;
  }
  return smallest_sd_;
}

double RegressionScale::per_datum_gradient_variance() {
  if (!variance_known_) {
    variance_known_ = true;
    const DataTarget* data = target_.as_data_target();
    const std::optional<Vec> mode = target_.posterior_mode();
    if (data != nullptr && mode)
      per_datum_variance_ = sgl::per_datum_gradient_variance(*data, mode->data());
  }
  return per_datum_variance_;
}

void leapfrog_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  if (s > 0.0) scale.set("step_size", 0.4 * s);
}

void sghmc_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  if (!(s > 0.0)) return;
  const double eps = scale.given_or("step_size", 0.1 * s);
  scale.set("step_size", eps);
  scale.set("friction", std::min(100.0, 0.1 / eps));
}

void langevin_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  if (s > 0.0) scale.set("step_size", 0.1 * s * s);
}

void sgd_momentum_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  if (s > 0.0) scale.set("learning_rate", std::max(1e-8, 0.5 * s * s));
}

void sghmc_sgd_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();  // η = ε² with sghmc's ε = 0.1s
  if (s > 0.0) scale.set("learning_rate", std::max(1e-8, 0.01 * s * s));
}

void euler_langevin_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  if (!(s > 0.0)) return;
  const double h = scale.given_or("step_size", 0.1 * s);
  const double friction = scale.given_or("friction", std::clamp(0.5 / h, 0.01, 10.0));
  scale.set("step_size", h);
  scale.set("friction", friction);
  // b so that the gradient noise stays below the injected noise: then the index weights stay
  // even (their ESS near 0.9 of the blocks) and EWSG is not biased by a few extreme data.
  const double variance = scale.per_datum_gradient_variance();
  const DataTarget* data = scale.target().as_data_target();
  if (!(variance > 0.0) || data == nullptr) return;
  const int b = static_cast<int>(scale.given_or(
      "batch_size",
      batch_size_for_noise_ratio(variance, data->num_data(), h, friction, kDefaultNoiseRatio)));
  scale.set("batch_size", b);
  // One block leaves the index chain nothing to choose: its M proposals would only re-evaluate
  // the full gradient.
  if (data->num_data() / std::max(b, 1) < 2) scale.set("index_steps", 0);
}

void hessian_mass_regression_defaults(RegressionScale& scale) {
  scale.set("mass", 1.0);  // hessian
}

ParamValues sampler_defaults(const std::string& id, const Target& target, const ParamValues& given,
                             const std::vector<ParamDescriptor>& descriptors) {
  const bool data_target = target.as_data_target() != nullptr;
  ParamValues values = with_defaults(given, descriptors, data_target);
  // Only targets that offer their mode (the regressions) get defaults sized to their posterior.
  if (!target.posterior_mode()) return values;
  const SamplerInfo* info = find_sampler_info(id);
  if (info == nullptr || info->traits.regression_defaults == nullptr) return values;
  RegressionScale scale(target, given, values);
  info->traits.regression_defaults(scale);
  return values;
}

}  // namespace sgl
