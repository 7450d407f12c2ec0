#include "core/gradients/gradient_estimator.hpp"

#include <algorithm>
#include <cmath>

namespace sgl {

const char* minibatch_scheme_name(MinibatchScheme scheme) {
  return scheme == MinibatchScheme::WithReplacement ? "with_replacement" : "without_replacement";
}

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
  int count = batch_size_;
  if (scheme_ == MinibatchScheme::WithReplacement) {
    for (auto& index : indices_)
      index = static_cast<std::int64_t>(rng.uniform_index(static_cast<std::uint64_t>(n)));
  } else {
    count = draw_without_replacement(n, rng);
  }
  std::fill(grad, grad + dim_, 0.0);
  // ∇Ũ = −(n/b) Σ ∇ℓ_k − ∇log p
  data_->add_log_likelihood_gradient(indices_.data(), count, -static_cast<double>(n) / count, theta,
                                     grad);
  data_->add_log_prior_gradient(theta, -1.0, grad);
  evaluations_ += static_cast<std::uint64_t>(count);
}

int GradientEstimator::draw_without_replacement(std::int64_t n, Rng& rng) {
  const int count = static_cast<int>(std::min<std::int64_t>(batch_size_, n));
  if (std::ssize(permutation_) != n) {
    permutation_.resize(static_cast<std::size_t>(n));
    for (std::int64_t k = 0; k < n; ++k) permutation_[static_cast<std::size_t>(k)] = k;
  }
  // Partial Fisher–Yates: the first `count` entries become a uniform subset. The swaps are
  // undone in reverse so the permutation is the identity again: O(b) per draw, not O(n).
  for (int j = 0; j < count; ++j) {
    const auto swap_with = static_cast<std::int64_t>(j) +
                           static_cast<std::int64_t>(rng.uniform_index(
                               static_cast<std::uint64_t>(n - static_cast<std::int64_t>(j))));
    indices_[static_cast<std::size_t>(j)] = swap_with;  // remembered for the undo
    std::swap(permutation_[static_cast<std::size_t>(j)],
              permutation_[static_cast<std::size_t>(swap_with)]);
  }
  std::vector<std::int64_t> chosen(permutation_.begin(), permutation_.begin() + count);
  for (int j = count - 1; j >= 0; --j)
    std::swap(permutation_[static_cast<std::size_t>(j)],
              permutation_[static_cast<std::size_t>(indices_[static_cast<std::size_t>(j)])]);
  std::copy(chosen.begin(), chosen.end(), indices_.begin());
  return count;
}

}  // namespace sgl
