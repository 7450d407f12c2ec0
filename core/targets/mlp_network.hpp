// The arithmetic of a multilayer perceptron on a batch of inputs: a forward pass and
// backpropagation, written as Eigen matrix products so that a minibatch costs a few GEMMs
// (784-100-10 at batch 100: about 16 MFLOP per gradient). No autodiff: the network has only
// affine layers and an elementwise activation, whose derivatives are written out here.
//
// Parameter layout (what θ holds, in order): for each layer l = 1..L+1 its weights W_l
// (out × in, row-major: W_l[j, i] connects input i to unit j) then its biases b_l (out). The
// names are 1-based: "w1[3,7]" is W_1's row 3, column 7, "b2[1]" the first bias of layer 2.
#pragma once

#include <Eigen/Dense>
#include <cstdint>
#include <string>
#include <vector>

namespace sgl {

enum class MlpActivation { Tanh, Relu };

class MlpNetwork {
 public:
  using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

  // What a forward pass keeps for the backward pass: post-activation values of every layer
  // (post[0] is the input batch, post.back() the output layer's affine values, no activation).
  struct Workspace {
    std::vector<Matrix> post;
    Matrix delta, next_delta;
  };

  // `widths`: input width, the hidden widths, output width (at least one hidden layer).
  MlpNetwork(std::vector<int> widths, MlpActivation activation);

  int inputs() const { return widths_.front(); }
  int outputs() const { return widths_.back(); }
  const std::vector<int>& widths() const { return widths_; }
  MlpActivation activation() const { return activation_; }
  int num_params() const { return offsets_.back(); }
  std::vector<std::string> parameter_names() const;
  // Where layer l's (0-based) weights start in θ; its biases follow the out × in weights.
  int weight_offset(int layer) const { return offsets_[static_cast<std::size_t>(layer)]; }

  // Fills ws.post from the batch `inputs` (rows × inputs()); the outputs are ws.post.back().
  void forward(const double* theta, const Matrix& inputs, Workspace& ws) const;
  // grad += ∂/∂θ of Σ_rows Σ_j G[row, j] · output[row, j], with G = output_gradient (rows ×
  // outputs()) and the activations of the last forward() in ws.
  void backward(const double* theta, const Matrix& output_gradient, Workspace& ws,
                double* grad) const;

  // A deterministic starting point away from the saddle at θ = 0 (where every hidden unit's
  // gradient vanishes): weights ~ N(0, 1/fan_in) from a fixed stream, biases 0.
  Eigen::VectorXd initial_parameters(std::uint64_t seed) const;

 private:
  std::vector<int> widths_;
  MlpActivation activation_;
  std::vector<int> offsets_;  // offsets_[l]: start of layer l; offsets_.back(): total
};

}  // namespace sgl
