// A Bayesian multilayer perceptron (the networks of Chen et al. 2014, Sec. 4.2, and of the EWSG
// paper, Sec. 5.3): f(x; θ) with one or two hidden layers (tanh or relu), prior
// θ ~ N(0, prior_sd² I) and one of three likelihoods for the network's output f:
//   gaussian     y ~ N(f, noise_sd²)                  (one output)
//   bernoulli    y ∈ {0, 1}, P(y = 1) = σ(f)          (one output, a logit)
//   categorical  y ∈ {0..K−1}, P(y = c) = softmax(f)_c (K outputs)
// Every constant is kept, so −U is the exact log joint density. Per-datum and minibatch
// gradients are exact, by backpropagation (mlp_network.hpp), so every stochastic-gradient
// sampler and EWSG's index chain run on it. There are no per-datum Hessians (second_order() is
// null: HMC-ECS, DAIS and control_variate=taylor2 refuse the target with their one-line
// messages) and no known mode or reference posterior (the posterior is multimodal: hidden units
// can be permuted and, for tanh, their signs flipped).
#pragma once

#include "core/targets/data_target.hpp"
#include "core/targets/mlp_data.hpp"
#include "core/targets/mlp_network.hpp"
#include "core/targets/predictive_model.hpp"
#include "core/util/params.hpp"

namespace sgl {

struct MlpOptions {
  std::vector<int> hidden = {10};  // one or two hidden widths
  MlpActivation activation = MlpActivation::Tanh;
  MlpLikelihood likelihood = MlpLikelihood::Gaussian;
  double prior_sd = 1.0;
  double noise_sd = 0.1;  // gaussian only
};

// The options that the target's parameters give (`values` with defaults filled in: hidden,
// hidden2, activation, likelihood, prior_sd, noise_sd).
MlpOptions mlp_options_from_params(const ParamValues& values);

class MlpTarget final : public DataTarget, public PredictiveModel {
 public:
  // Throws UserError when the network would have more than kMaxParameters parameters.
  MlpTarget(MlpData data, MlpOptions options);

  static constexpr int kMaxParameters = 2'000'000;

  std::string id() const override { return "mlp"; }
  int dim() const override { return network_.num_params(); }
  std::vector<std::string> coordinate_names() const override { return names_; }
  double potential(const double* theta) const override;
  void gradient(const double* theta, double* grad) const override;
  Vec default_init() const override { return init_; }
  std::vector<Interval> view_box() const override { return box_; }

  std::int64_t num_data() const override { return data_.size(); }
  double log_likelihood_datum(std::int64_t k, const double* theta) const override;
  void add_log_likelihood_gradient(const std::int64_t* indices, int count, double weight,
                                   const double* theta, double* grad) const override;
  double log_prior(const double* theta) const override;
  void add_log_prior_gradient(const double* theta, double weight, double* grad) const override;

  // The predictive mean at each row of `at` (rows × inputs) under one θ: gaussian the
  // network's output, bernoulli P(y = 1), categorical the K class probabilities (rows × K).
  Response response() const override;
  const Matrix& inputs() const override { return data_.x; }
  const Eigen::VectorXd& responses() const override { return data_.y; }
  const std::vector<std::string>& input_names() const override { return data_.input_names; }
  double noise_sd() const override;
  Matrix predict(const double* theta, const Matrix& at) const override;

  const MlpData& data() const { return data_; }
  const MlpNetwork& network() const { return network_; }
  const MlpOptions& options() const { return options_; }

 private:
  // Σ_j ℓ_{rows[j]}(θ) over a batch, and (grad non-null) grad += weight · Σ_j ∇ℓ_{rows[j]}(θ).
  // `rows` null means the contiguous rows first..first+count−1.
  double batch(const std::int64_t* rows, std::int64_t first, int count, const double* theta,
               double weight, double* grad) const;
  // The full data set in blocks; returns Σ_k ℓ_k and adds weight · Σ_k ∇ℓ_k when grad is given.
  double full_pass(const double* theta, double weight, double* grad) const;

  MlpData data_;
  MlpOptions options_;
  MlpNetwork network_;
  std::vector<std::string> names_;
  Vec init_;
  std::vector<Interval> box_;
  double log_norm_datum_ = 0.0;  // gaussian: −½ log(2π noise_sd²)
};

}  // namespace sgl
