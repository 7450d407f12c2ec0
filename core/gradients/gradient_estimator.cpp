#include "core/gradients/gradient_estimator.hpp"

#include <algorithm>
#include <cmath>

namespace sgl {

GradientEstimator::GradientEstimator(const Target& target, double noise_var, int batch_size)
    : target_(target), data_(target.as_data_target()), dim_(target.dim()) {
  set_noise_var(noise_var);
  set_batch_size(batch_size);
}

void GradientEstimator::set_noise_var(double noise_var) {
  noise_sd_ = std::sqrt(std::max(0.0, noise_var));
}

void GradientEstimator::set_batch_size(int batch_size) {
  batch_size_ = std::max(1, batch_size);
  indices_.resize(static_cast<std::size_t>(batch_size_));
}

void GradientEstimator::minibatch(const double* theta, double* grad, Rng& rng) {
  const std::int64_t n = data_->num_data();
  for (auto& index : indices_)
    index = static_cast<std::int64_t>(rng.uniform_index(static_cast<std::uint64_t>(n)));
  std::fill(grad, grad + dim_, 0.0);
  // ∇Ũ = −(n/b) Σ ∇ℓ_k − ∇log p
  data_->add_log_likelihood_gradient(indices_.data(), batch_size_,
                                     -static_cast<double>(n) / batch_size_, theta, grad);
  data_->add_log_prior_gradient(theta, -1.0, grad);
  evaluations_ += static_cast<std::uint64_t>(batch_size_);
}

}  // namespace sgl
