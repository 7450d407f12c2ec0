#include "core/targets/mlp_target.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

#include "core/targets/glm_likelihood.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

using Matrix = MlpNetwork::Matrix;

// Full-data passes go through the network in blocks of this many rows: big enough for the
// matrix products to run at GEMM speed, small enough for the activations to stay in cache.
constexpr int kBlockRows = 256;
// The seed of the starting point's weights (fixed: a run's start must not depend on anything).
constexpr std::uint64_t kInitSeed = 20140604;

std::vector<int> layer_widths(const MlpData& data, const MlpOptions& options) {
  std::vector<int> widths = {static_cast<int>(data.x.cols())};
  widths.insert(widths.end(), options.hidden.begin(), options.hidden.end());
  widths.push_back(options.likelihood == MlpLikelihood::Categorical ? data.classes : 1);
  return widths;
}

// Each thread keeps its own buffers, so that the target stays const and shareable (the engine's
// worker, the gradient-noise inspector and the views evaluate it at once) and a minibatch
// gradient allocates nothing once the buffers have grown.
struct BatchBuffers {
  Matrix inputs;
  Eigen::VectorXd responses;
  Matrix output_gradient;
  MlpNetwork::Workspace workspace;
};

BatchBuffers& thread_buffers() {
  thread_local BatchBuffers buffers;
  return buffers;
}

}  // namespace

MlpTarget::MlpTarget(MlpData data, MlpOptions options)
    : data_(std::move(data)),
      options_(std::move(options)),
      network_(layer_widths(data_, options_), options_.activation) {
  double parameters = 0.0;  // counted in doubles: int arithmetic could overflow first
  const std::vector<int>& widths = network_.widths();
  for (std::size_t l = 1; l < widths.size(); ++l)
    parameters += static_cast<double>(widths[l]) * (widths[l - 1] + 1.0);
  if (parameters > kMaxParameters)
    throw UserError("target 'mlp': the network would have " +
                    std::to_string(static_cast<long long>(parameters)) +
                    " parameters, more than the limit of " + std::to_string(kMaxParameters) +
                    "; use fewer hidden units");
  names_ = network_.parameter_names();
  init_ = network_.initial_parameters(kInitSeed);
  const double half = 3.0 * std::min(options_.prior_sd, 2.0);
  box_.assign(static_cast<std::size_t>(dim()), Interval{-half, half});
  const double sd = options_.noise_sd;
  log_norm_datum_ = -0.5 * std::log(2.0 * std::numbers::pi * sd * sd);
}

double MlpTarget::batch(const std::int64_t* rows, std::int64_t first, int count,
                        const double* theta, double weight, double* grad) const {
  BatchBuffers& buffers = thread_buffers();
  if (rows == nullptr) {
    buffers.inputs = data_.x.middleRows(first, count);
    buffers.responses = data_.y.segment(first, count);
  } else {
    buffers.inputs.resize(count, data_.x.cols());
    buffers.responses.resize(count);
    for (int j = 0; j < count; ++j) {
      buffers.inputs.row(j) = data_.x.row(rows[j]);
      buffers.responses[j] = data_.y[rows[j]];
    }
  }
  network_.forward(theta, buffers.inputs, buffers.workspace);
  const Matrix& outputs = buffers.workspace.post.back();
  Matrix& g = buffers.output_gradient;
  g.resize(count, outputs.cols());
  const Eigen::VectorXd& y = buffers.responses;
  double sum = 0.0;
  switch (options_.likelihood) {
    case MlpLikelihood::Gaussian: {
      const double precision = 1.0 / (options_.noise_sd * options_.noise_sd);
      for (int j = 0; j < count; ++j) {
        const double residual = y[j] - outputs(j, 0);
        sum += log_norm_datum_ - 0.5 * residual * residual * precision;
        g(j, 0) = weight * residual * precision;
      }
      break;
    }
    case MlpLikelihood::Bernoulli:
      for (int j = 0; j < count; ++j) {
        sum += logistic_log_likelihood(y[j], outputs(j, 0));
        g(j, 0) = weight * logistic_residual(y[j], outputs(j, 0));
      }
      break;
    case MlpLikelihood::Categorical:
      for (int j = 0; j < count; ++j) {
        const auto f = outputs.row(j);
        const double largest = f.maxCoeff();
        const double log_sum_exp = largest + std::log((f.array() - largest).exp().sum());
        const auto label = static_cast<Eigen::Index>(y[j]);
        sum += f[label] - log_sum_exp;
        g.row(j) = (-weight * (f.array() - log_sum_exp).exp()).matrix();
        g(j, label) += weight;
      }
      break;
  }
  if (grad != nullptr) network_.backward(theta, g, buffers.workspace, grad);
  return sum;
}

double MlpTarget::full_pass(const double* theta, double weight, double* grad) const {
  double sum = 0.0;
  const std::int64_t n = num_data();
  for (std::int64_t start = 0; start < n; start += kBlockRows) {
    const int rows = static_cast<int>(std::min<std::int64_t>(kBlockRows, n - start));
    sum += batch(nullptr, start, rows, theta, weight, grad);
  }
  return sum;
}

double MlpTarget::potential(const double* theta) const {
  return -full_pass(theta, 0.0, nullptr) - log_prior(theta);
}

void MlpTarget::gradient(const double* theta, double* grad) const {
  std::fill(grad, grad + dim(), 0.0);
  full_pass(theta, -1.0, grad);
  add_log_prior_gradient(theta, -1.0, grad);
}

double MlpTarget::log_likelihood_datum(std::int64_t k, const double* theta) const {
  return batch(nullptr, k, 1, theta, 0.0, nullptr);
}

void MlpTarget::add_log_likelihood_gradient(const std::int64_t* indices, int count, double weight,
                                            const double* theta, double* grad) const {
  // Large index lists (a control variate's full pass) go through in blocks like full_pass.
  for (int start = 0; start < count; start += kBlockRows)
    batch(indices + start, 0, std::min(kBlockRows, count - start), theta, weight, grad);
}

double MlpTarget::log_prior(const double* theta) const {
  const Eigen::Map<const Vec> values(theta, dim());
  const double var = options_.prior_sd * options_.prior_sd;
  return -0.5 * dim() * std::log(2.0 * std::numbers::pi * var) - 0.5 * values.squaredNorm() / var;
}

void MlpTarget::add_log_prior_gradient(const double* theta, double weight, double* grad) const {
  const double scale = -weight / (options_.prior_sd * options_.prior_sd);
  for (int j = 0; j < dim(); ++j) grad[j] += scale * theta[j];
}

PredictiveModel::Response MlpTarget::response() const {
  switch (options_.likelihood) {
    case MlpLikelihood::Gaussian:
      return Response::Real;
    case MlpLikelihood::Bernoulli:
      return Response::Binary;
    case MlpLikelihood::Categorical:
      return Response::Categorical;
  }
  return Response::Real;
}

double MlpTarget::noise_sd() const {
  return options_.likelihood == MlpLikelihood::Gaussian ? options_.noise_sd : 0.0;
}

MlpOptions mlp_options_from_params(const ParamValues& values) {
  const auto get = [&](const char* name) { return values.at(name); };
  MlpOptions options;
  options.hidden = {static_cast<int>(get("hidden"))};
  if (get("hidden2") > 0) options.hidden.push_back(static_cast<int>(get("hidden2")));
  options.activation = static_cast<MlpActivation>(get("activation"));
  options.likelihood = static_cast<MlpLikelihood>(get("likelihood"));
  options.prior_sd = get("prior_sd");
  options.noise_sd = get("noise_sd");
  return options;
}

MlpNetwork::Matrix MlpTarget::predict(const double* theta, const Matrix& at) const {
  MlpNetwork::Workspace workspace;
  network_.forward(theta, at, workspace);
  Matrix outputs = std::move(workspace.post.back());
  if (options_.likelihood == MlpLikelihood::Bernoulli) {
    outputs = 1.0 / (1.0 + (-outputs.array()).exp());
  } else if (options_.likelihood == MlpLikelihood::Categorical) {
    for (Eigen::Index r = 0; r < outputs.rows(); ++r) {
      auto row = outputs.row(r);
      row = (row.array() - row.maxCoeff()).exp();
      row /= row.sum();
    }
  }
  return outputs;
}

}  // namespace sgl
