#include "core/targets/mlp_network.hpp"

#include <cmath>
#include <utility>

#include "core/util/rng.hpp"

namespace sgl {
namespace {

using Matrix = MlpNetwork::Matrix;
using ConstMatrixMap = Eigen::Map<const Matrix>;
using MatrixMap = Eigen::Map<Matrix>;

}  // namespace

MlpNetwork::MlpNetwork(std::vector<int> widths, MlpActivation activation)
    : widths_(std::move(widths)), activation_(activation) {
  offsets_.push_back(0);
  for (std::size_t l = 1; l < widths_.size(); ++l)
    offsets_.push_back(offsets_.back() + widths_[l] * (widths_[l - 1] + 1));
}

std::vector<std::string> MlpNetwork::parameter_names() const {
  std::vector<std::string> names;
  names.reserve(static_cast<std::size_t>(num_params()));
  for (std::size_t l = 1; l < widths_.size(); ++l) {
    const std::string layer = std::to_string(l);
    for (int j = 1; j <= widths_[l]; ++j)
      for (int i = 1; i <= widths_[l - 1]; ++i)
        names.push_back("w" + layer + "[" + std::to_string(j) + "," + std::to_string(i) + "]");
    for (int j = 1; j <= widths_[l]; ++j)
      names.push_back("b" + layer + "[" + std::to_string(j) + "]");
  }
  return names;
}

void MlpNetwork::forward(const double* theta, const Matrix& inputs, Workspace& ws) const {
  const std::size_t layers = widths_.size() - 1;
  ws.post.resize(layers + 1);
  ws.post[0] = inputs;
  for (std::size_t l = 0; l < layers; ++l) {
    const int in = widths_[l], out = widths_[l + 1];
    const ConstMatrixMap weights(theta + offsets_[l], out, in);
    const Eigen::Map<const Eigen::RowVectorXd> bias(theta + offsets_[l] + out * in, out);
    Matrix& next = ws.post[l + 1];
    next.noalias() = ws.post[l] * weights.transpose();
    next.rowwise() += bias;
    if (l + 1 == layers) break;  // the output layer stays affine
    if (activation_ == MlpActivation::Tanh)
      next = next.array().tanh();
    else
      next = next.array().max(0.0);
  }
}

void MlpNetwork::backward(const double* theta, const Matrix& output_gradient, Workspace& ws,
                          double* grad) const {
  const std::size_t layers = widths_.size() - 1;
  ws.delta = output_gradient;
  for (std::size_t l = layers; l-- > 0;) {
    const int in = widths_[l], out = widths_[l + 1];
    MatrixMap weight_grad(grad + offsets_[l], out, in);
    Eigen::Map<Eigen::RowVectorXd> bias_grad(grad + offsets_[l] + out * in, out);
    weight_grad.noalias() += ws.delta.transpose() * ws.post[l];
    bias_grad += ws.delta.colwise().sum();
    if (l == 0) break;  // no gradient with respect to the inputs is needed
    const ConstMatrixMap weights(theta + offsets_[l], out, in);
    ws.next_delta.noalias() = ws.delta * weights;
    // The activation's derivative from its output: tanh' = 1 − a², relu' = 1{a > 0}.
    const auto activated = ws.post[l].array();
    if (activation_ == MlpActivation::Tanh)
      ws.next_delta.array() *= 1.0 - activated.square();
    else
      ws.next_delta.array() *= (activated > 0.0).cast<double>();
    std::swap(ws.delta, ws.next_delta);
  }
}

Eigen::VectorXd MlpNetwork::initial_parameters(std::uint64_t seed) const {
  Eigen::VectorXd theta = Eigen::VectorXd::Zero(num_params());
  Rng rng(seed);
  for (std::size_t l = 1; l < widths_.size(); ++l) {
    const double scale = 1.0 / std::sqrt(static_cast<double>(widths_[l - 1]));
    const int weights = widths_[l] * widths_[l - 1];
    for (int k = 0; k < weights; ++k) theta[offsets_[l - 1] + k] = scale * rng.normal();
  }
  return theta;
}

}  // namespace sgl
