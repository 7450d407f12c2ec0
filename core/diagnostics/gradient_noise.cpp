#include "core/diagnostics/gradient_noise.hpp"

#include <algorithm>
#include <cmath>

#include "core/gradients/control_variate_gradient.hpp"
#include "core/gradients/ewsg_index_chain.hpp"
#include "core/targets/data_target.hpp"
#include "core/targets/second_order_data.hpp"
#include "core/util/error.hpp"
#include "core/util/rng.hpp"

namespace sgl {
namespace {

// Separate random streams, so that adding a cloud never changes another one's draws.
enum Stream : std::uint64_t {
  kMinibatchStream = 0,
  kControlVariateStream,
  kSecondOrderStream,
  kEwsgPartitionStream,
  kEwsgStream
};

// Every `every`-th call asks the request's check_cancelled (which may throw): a gradient of a
// 1000-coordinate regression's term costs ~0.5 ms, so checks come every few tens of ms at most.
void checkpoint(const GradientNoiseRequest& request, std::int64_t index, std::int64_t every) {
  if (request.check_cancelled && index % every == 0) request.check_cancelled();
}

template <class Draw>
GradientCloud draw_cloud(const GradientNoiseRequest& request, int dim, Draw&& draw) {
  const int samples = request.samples;
  GradientCloud cloud;
  cloud.draws.resize(samples, dim);
  Vec gradient(dim);
  for (int j = 0; j < samples; ++j) {
    checkpoint(request, j, 16);
    draw(gradient.data());
    cloud.draws.row(j) = gradient.transpose();
  }
  fill_empirical_moments(cloud);
  return cloud;
}

void validate(const Target& target, const GradientNoiseRequest& request) {
  if (request.theta.size() != target.dim())
    throw UserError("gradient noise: θ has " + std::to_string(request.theta.size()) +
                    " values, the target has " + std::to_string(target.dim()) + " coordinates");
  if (!request.theta.allFinite()) throw UserError("gradient noise: θ must be finite");
  if (request.samples < 2) throw UserError("gradient noise: needs at least 2 samples");
  if (request.batch_size < 1) throw UserError("gradient noise: batch size must be at least 1");
  if (!(request.noise_var >= 0.0) || !std::isfinite(request.noise_var))
    throw UserError("gradient noise: noise_var must be finite and >= 0");
}

// The control-variate clouds of a data target at θ, first and (where defined) second order.
void measure_control_variates(const Target& target, const DataTarget& data,
                              const GradientNoiseRequest& request, GradientNoiseReport& report) {
  const int dim = target.dim();
  const std::int64_t n = data.num_data();
  const double* theta = request.theta.data();
  ControlVariateGradient cv(target, "gradient noise");
  cv.set_batch_size(request.batch_size);
  report.cv_centre = cv.centre();
  const double* centre = report.cv_centre.data();
  Vec at_centre(dim);
  const auto first_order_term = [&](std::int64_t k, double* out) {
    checkpoint(request, k, 64);
    at_centre.setZero();
    data.add_log_likelihood_gradient(&k, 1, 1.0, theta, out);
    data.add_log_likelihood_gradient(&k, 1, 1.0, centre, at_centre.data());
    for (int i = 0; i < dim; ++i) out[i] -= at_centre[i];
  };
  Rng rng(derive_seed(request.seed, kControlVariateStream));
  report.control_variate = draw_cloud(request, dim, [&](double* g) { cv.estimate(theta, g, rng); });
  report.control_variate->exact_cov = minibatch_sum_covariance(
      n, dim, request.batch_size, MinibatchScheme::WithReplacement, first_order_term);

  const SecondOrderData* second = data.second_order();
  if (second == nullptr || !second->glm()) return;  // as the samplers' taylor2 requires
  cv.set_second_order(true);
  const Vec offset = request.theta - report.cv_centre;
  Eigen::MatrixXd hessian(dim, dim);
  const auto second_order_term = [&](std::int64_t k, double* out) {
    first_order_term(k, out);
    hessian.setZero();
    second->add_log_likelihood_hessian(&k, 1, 1.0, centre, hessian);
    const Vec correction = hessian * offset;
    for (int i = 0; i < dim; ++i) out[i] -= correction[i];
  };
  Rng rng2(derive_seed(request.seed, kSecondOrderStream));
  report.control_variate2 =
      draw_cloud(request, dim, [&](double* g) { cv.estimate(theta, g, rng2); });
  report.control_variate2->exact_cov = minibatch_sum_covariance(
      n, dim, request.batch_size, MinibatchScheme::WithReplacement, second_order_term);
}

// EWSG's block gradients G_B (whole potential, as its momentum update uses them), their exact
// index probabilities, and K blocks drawn from them.
void measure_ewsg(const DataTarget& data, const GradientNoiseRequest& request,
                  GradientNoiseReport& report) {
  const int dim = static_cast<int>(request.theta.size());
  EwsgIndexChain chain(data);
  chain.set_partition(request.batch_size, derive_seed(request.seed, kEwsgPartitionStream));
  const int blocks = chain.num_blocks();
  if (blocks > kMaxEwsgBlocks || request.ewsg_momentum.size() != dim ||
      !(request.ewsg_step_size > 0.0) || !(request.ewsg_friction > 0.0))
    return;
  const double* theta = request.theta.data();
  Eigen::MatrixXd gradients(blocks, dim);
  Vec prior = Vec::Zero(dim), g(dim), log_weights(blocks);
  data.add_log_prior_gradient(theta, -1.0, prior.data());
  for (int block = 0; block < blocks; ++block) {
    checkpoint(request, block, 64);
    g = prior;
    data.add_log_likelihood_gradient(chain.block_begin(block), chain.block_size(block),
                                     -static_cast<double>(blocks), theta, g.data());
    gradients.row(block) = g.transpose();
    log_weights[block] = chain.log_weight(request.ewsg_momentum.data(), g.data(),
                                          request.ewsg_step_size, request.ewsg_friction);
  }
  const Vec p = (log_weights.array() - log_weights.maxCoeff()).exp().matrix();
  const Vec probability = p / p.sum();
  report.ewsg_mean = gradients.transpose() * probability;
  const Eigen::MatrixXd centred = gradients.rowwise() - report.ewsg_mean.transpose();
  GradientCloud cloud;
  cloud.exact_cov = centred.transpose() * probability.asDiagonal() * centred;
  Vec cumulative(blocks);
  double running = 0.0;
  for (int block = 0; block < blocks; ++block) cumulative[block] = running += probability[block];
  Rng rng(derive_seed(request.seed, kEwsgStream));
  cloud.draws.resize(request.samples, dim);
  for (int j = 0; j < request.samples; ++j) {
    const double u = rng.uniform() * running;
    const auto* found = std::upper_bound(cumulative.data(), cumulative.data() + blocks, u);
    const auto block = std::min<std::ptrdiff_t>(found - cumulative.data(), blocks - 1);
    cloud.draws.row(j) = gradients.row(block);
  }
  fill_empirical_moments(cloud);
  report.ewsg = std::move(cloud);
}

}  // namespace

void fill_empirical_moments(GradientCloud& cloud) {
  const auto samples = static_cast<double>(cloud.draws.rows());
  cloud.mean = cloud.draws.colwise().mean().transpose();
  const Eigen::MatrixXd centred = cloud.draws.rowwise() - cloud.mean.transpose();
  cloud.empirical_cov = centred.transpose() * centred / (samples - 1.0);
}

Eigen::MatrixXd minibatch_sum_covariance(std::int64_t n, int dim, int batch_size,
                                         MinibatchScheme scheme,
                                         const std::function<void(std::int64_t, double*)>& term) {
  // Two passes (mean, then centred squares): one pass of raw sums loses the digits that matter
  // near the MAP, where the terms nearly cancel.
  Vec term_k(dim), mean = Vec::Zero(dim);
  for (std::int64_t k = 0; k < n; ++k) {
    term_k.setZero();
    term(k, term_k.data());
    mean += term_k;
  }
  mean /= static_cast<double>(n);
  Eigen::MatrixXd population = Eigen::MatrixXd::Zero(dim, dim);
  for (std::int64_t k = 0; k < n; ++k) {
    term_k.setZero();
    term(k, term_k.data());
    term_k -= mean;
    population.noalias() += term_k * term_k.transpose();
  }
  population /= static_cast<double>(n);  // S
  const double nd = static_cast<double>(n);
  const double b = scheme == MinibatchScheme::WithoutReplacement
                       ? static_cast<double>(std::min<std::int64_t>(batch_size, n))
                       : static_cast<double>(batch_size);
  // Var((n/b) Σ_B g) = (n/b)² · b · S = (n²/b) S for b independent indices.
  double scale = nd * nd / b;
  if (scheme == MinibatchScheme::WithoutReplacement)
    scale *= n > 1 ? (nd - b) / (nd - 1.0) : 0.0;  // finite-population correction
  return scale * population;
}

GradientNoiseReport measure_gradient_noise(const Target& target,
                                           const GradientNoiseRequest& request) {
  validate(target, request);
  const int dim = target.dim();
  const double* theta = request.theta.data();
  GradientNoiseReport report;
  report.theta = request.theta;
  report.full_gradient = Vec::Zero(dim);
  target.gradient(theta, report.full_gradient.data());
  report.scheme = request.scheme;

  GradientEstimator estimator(target, request.noise_var, request.batch_size);
  estimator.set_scheme(request.scheme);
  Rng rng(derive_seed(request.seed, kMinibatchStream));
  report.minibatch =
      draw_cloud(request, dim, [&](double* g) { estimator.estimate(theta, g, rng); });

  const DataTarget* data = target.as_data_target();
  if (data == nullptr) {
    report.noise_var = request.noise_var;
    report.minibatch.exact_cov = request.noise_var * Eigen::MatrixXd::Identity(dim, dim);
    return report;
  }
  report.on_data = true;
  report.num_data = data->num_data();
  report.batch_size =
      request.scheme == MinibatchScheme::WithoutReplacement
          ? static_cast<int>(std::min<std::int64_t>(request.batch_size, report.num_data))
          : request.batch_size;
  report.minibatch.exact_cov = minibatch_sum_covariance(
      report.num_data, dim, report.batch_size, request.scheme, [&](std::int64_t k, double* out) {
        checkpoint(request, k, 64);
        data->add_log_likelihood_gradient(&k, 1, 1.0, theta, out);
      });
  if (request.control_variates) measure_control_variates(target, *data, request, report);
  if (request.ewsg_momentum.size() > 0) measure_ewsg(*data, request, report);
  return report;
}

}  // namespace sgl
