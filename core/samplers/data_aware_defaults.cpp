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

// The gradient noise a default minibatch may add, in units of the noise the sampler injects: it
// raises the chain's temperature by up to this factor along some direction (its share of the
// trace), so sds grow by at most √(1 + ratio). The regressions measured here keep b = 32 under
// it (ratios 1.2–3.1: 1 179-row logistic, 500-row linear, Pima, breast cancer; SGHMC's
// sds 1.0–1.4×), while on 10⁵ rows b = 32 gives about 10³ and SGHMC diverged before its first draw.
constexpr double kMinibatchDefaultNoiseRatio = 4.0;

// Raises b the user did not give (never lowers it) until the minibatch noise at the mode, for a
// step `step` and friction `friction` (the noise ratio's γ), is at most the ratio above.
void raise_batch_for_noise(RegressionScale& scale, double step, double friction) {
  const DataTarget* data = scale.target().as_data_target();
  const double batch = scale.value_or("batch_size", 0.0);
  if (data == nullptr || !(batch > 0.0) || scale.given_or("batch_size", 0.0) > 0.0) return;
  const double variance = scale.per_datum_gradient_variance();
  if (!(variance > 0.0) || !(step > 0.0) || !(friction > 0.0)) return;
  const int needed = batch_size_for_noise_ratio(variance, data->num_data(), step, friction,
                                                kMinibatchDefaultNoiseRatio);
  if (needed > batch) scale.set("batch_size", needed);
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

void minibatch_sghmc_regression_defaults(RegressionScale& scale) {
  sghmc_regression_defaults(scale);
  raise_batch_for_noise(scale, scale.value_or("step_size", 0.0), scale.value_or("friction", 0.0));
}

void langevin_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  if (s > 0.0) scale.set("step_size", 0.1 * s * s);
}

void minibatch_langevin_regression_defaults(RegressionScale& scale) {
  langevin_regression_defaults(scale);
  // θ −= (ε/2)G_B: (ε/2)²·Cov(G_B) against the injected ε, the noise ratio at γ = 2.
  raise_batch_for_noise(scale, scale.value_or("step_size", 0.0), 2.0);
}

void sgd_momentum_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  if (s > 0.0) scale.set("learning_rate", std::max(1e-8, 0.5 * s * s));
}

void sghmc_sgd_regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();  // η = ε² with sghmc's ε = 0.1s
  if (s > 0.0) scale.set("learning_rate", std::max(1e-8, 0.01 * s * s));
}

void minibatch_sghmc_sgd_regression_defaults(RegressionScale& scale) {
  sghmc_sgd_regression_defaults(scale);
  // η²·Cov(G_B) against the injected 2αη: the noise ratio at step η and friction α.
  raise_batch_for_noise(scale, scale.value_or("learning_rate", 0.0),
                        scale.value_or("momentum_decay", 0.0));
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
