// The stochastic gradient ∇Ũ(θ) that SG samplers use (docs/algorithms.md#gradient-noise):
//  - analytic targets: ∇Ũ = ∇U + N(0, noise_var · I)   (Chen et al. Figs. 1–3);
//  - data targets: ∇Ũ = −(n/b) Σ_{k∈B} ∇ℓ_k − ∇log p, B drawn uniformly with replacement (the
//    samplers' scheme), or, on request, as a uniform b-subset without replacement (the gradient-
//    noise inspector compares both schemes; core/diagnostics/gradient_noise.hpp).
// It counts its own cost per datum (b per minibatch gradient, 1 per noisy analytic gradient).
#pragma once

#include <cstdint>
#include <vector>

#include "core/targets/data_target.hpp"
#include "core/util/rng.hpp"

namespace sgl {

enum class MinibatchScheme { WithReplacement, WithoutReplacement };

// "with_replacement" | "without_replacement" (gradnoise.json, the CLI's --sampling).
const char* minibatch_scheme_name(MinibatchScheme scheme);

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
  // Without replacement a batch larger than n is all the data once.
  void set_scheme(MinibatchScheme scheme) { scheme_ = scheme; }
  MinibatchScheme scheme() const { return scheme_; }

  std::uint64_t evaluations() const { return evaluations_; }
  bool on_data() const { return data_ != nullptr; }
  int batch_size() const { return batch_size_; }

 private:
  void minibatch(const double* theta, double* grad, Rng& rng);
  int draw_without_replacement(std::int64_t n, Rng& rng);

  const Target& target_;
  const DataTarget* data_;
  int dim_;
  double noise_sd_ = 0.0;
  int batch_size_ = 1;
  std::vector<std::int64_t> indices_;
  MinibatchScheme scheme_ = MinibatchScheme::WithReplacement;
  std::vector<std::int64_t> permutation_;  // without replacement: 0..n−1 between draws
  std::uint64_t evaluations_ = 0;
};

}  // namespace sgl
