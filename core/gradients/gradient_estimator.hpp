// The stochastic gradient ∇Ũ(θ) that SG samplers use (docs/algorithms.md#gradient-noise):
//  - analytic targets: ∇Ũ = ∇U + N(0, noise_var · I)   (Chen et al. Figs. 1–3);
//  - data targets: ∇Ũ = −(n/b) Σ_{k∈B} ∇ℓ_k − ∇log p, B drawn uniformly with replacement.
// It counts its own cost per datum (b per minibatch gradient, 1 per noisy analytic gradient).
#pragma once

#include <cstdint>
#include <vector>

#include "core/targets/data_target.hpp"
#include "core/util/rng.hpp"

namespace sgl {

class GradientEstimator {
 public:
  GradientEstimator(const Target& target, double noise_var, int batch_size);

  void estimate(const double* theta, double* grad, Rng& rng) {
    if (data_) {
      minibatch(theta, grad, rng);
    } else {
      target_.gradient(theta, grad);
      for (int i = 0; i < dim_; ++i) grad[i] += noise_sd_ * rng.normal();
      evaluations_ += 1;
    }
  }

  void set_noise_var(double noise_var);
  void set_batch_size(int batch_size);

  std::uint64_t evaluations() const { return evaluations_; }
  bool on_data() const { return data_ != nullptr; }

 private:
  void minibatch(const double* theta, double* grad, Rng& rng);

  const Target& target_;
  const DataTarget* data_;
  int dim_;
  double noise_sd_ = 0.0;
  int batch_size_ = 1;
  std::vector<std::int64_t> indices_;
  std::uint64_t evaluations_ = 0;
};

}  // namespace sgl
