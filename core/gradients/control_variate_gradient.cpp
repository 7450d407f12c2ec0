#include "core/gradients/control_variate_gradient.hpp"

#include <algorithm>
#include <cmath>

#include "core/targets/second_order_data.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

const DataTarget& require_data_target(const Target& target, const std::string& sampler_id) {
  const DataTarget* data = target.as_data_target();
  if (!data)
    throw UserError(sampler_id +
                    " needs a data target with per-datum terms (control variates "
                    "subtract ∇ℓ_k at the MAP): ewsg-gauss, linear, logistic or --data");
  return *data;
}

}  // namespace

ControlVariateGradient::ControlVariateGradient(const Target& target, const std::string& sampler_id)
    : target_(target), data_(require_data_target(target, sampler_id)), dim_(target.dim()) {
  // The reference posterior's mean is the mode for every Gaussian and Laplace reference.
  if (const auto reference = target.reference_posterior())
    centre_ = reference->mean;
  else
    find_centre_by_gradient_descent();
  // Σ_k ∇ℓ_k(θ*) over all data, once: the only O(n) work this estimator ever does.
  const std::int64_t n = data_.num_data();
  full_loglik_gradient_at_centre_ = Vec::Zero(dim_);
  constexpr std::int64_t kChunk = 4096;
  std::vector<std::int64_t> chunk(static_cast<std::size_t>(kChunk));
  for (std::int64_t start = 0; start < n; start += kChunk) {
    const std::int64_t count = std::min(kChunk, n - start);
    for (std::int64_t j = 0; j < count; ++j) chunk[static_cast<std::size_t>(j)] = start + j;
    data_.add_log_likelihood_gradient(chunk.data(), static_cast<int>(count), 1.0, centre_.data(),
                                      full_loglik_gradient_at_centre_.data());
  }
  setup_evaluations_ += static_cast<std::uint64_t>(n);
  evaluations_ = setup_evaluations_;
  set_batch_size(1);
}

void ControlVariateGradient::find_centre_by_gradient_descent() {
  // Only for data targets that do not know their mode. Gradient descent with Armijo backtracking
  // on the exact U needs no Hessian; a few hundred full passes at most, once, is an acceptable
  // set-up cost for a centre that only has to be near the mode (the estimator stays unbiased).
  const std::uint64_t pass = static_cast<std::uint64_t>(target_.evaluation_cost());
  centre_ = target_.default_init();
  Vec gradient(dim_), trial(dim_);
  double potential = target_.potential(centre_.data());
  double step = 1.0 / static_cast<double>(data_.num_data());
  setup_evaluations_ += pass;
  for (int iteration = 0; iteration < 200; ++iteration) {
    target_.gradient(centre_.data(), gradient.data());
    setup_evaluations_ += pass;
    const double squared_norm = gradient.squaredNorm();
    if (!std::isfinite(squared_norm) || squared_norm < 1e-20) break;
    bool improved = false;
    for (int halving = 0; halving < 60; ++halving) {
      trial = centre_ - step * gradient;
      const double trial_potential = target_.potential(trial.data());
      setup_evaluations_ += pass;
      if (trial_potential <= potential - 0.5 * step * squared_norm) {
        centre_ = trial;
        potential = trial_potential;
        improved = true;
        break;
      }
      step *= 0.5;
    }
    if (!improved) break;
    step *= 2.0;  // the accepted step may be too cautious: try a longer one next time
  }
}

void ControlVariateGradient::set_batch_size(int batch_size) {
  batch_size_ = std::max(1, batch_size);
  indices_.resize(static_cast<std::size_t>(batch_size_));
}

void ControlVariateGradient::set_second_order(bool second_order) {
  second_order_ = second_order;
  if (!second_order || hessian_sum_.size() > 0) return;
  // Offered for the regressions (GLM likelihoods), as the parameter's tooltip says. ewsg-gauss
  // has per-datum Hessians too, but they are all −I, so its second-order term cancels exactly.
  second_order_data_ = data_.second_order();
  if (second_order_data_ == nullptr || !second_order_data_->glm())
    throw UserError(
        "control_variate=taylor2 needs per-datum Hessians: a regression target (linear, logistic "
        "or --data); use taylor1 here");
  const std::int64_t n = data_.num_data();
  hessian_sum_ = Eigen::MatrixXd::Zero(dim_, dim_);
  constexpr std::int64_t kChunk = 4096;
  std::vector<std::int64_t> chunk(static_cast<std::size_t>(kChunk));
  for (std::int64_t start = 0; start < n; start += kChunk) {
    const std::int64_t count = std::min(kChunk, n - start);
    for (std::int64_t j = 0; j < count; ++j) chunk[static_cast<std::size_t>(j)] = start + j;
    second_order_data_->add_log_likelihood_hessian(chunk.data(), static_cast<int>(count), 1.0,
                                                   centre_.data(), hessian_sum_);
  }
  setup_evaluations_ += static_cast<std::uint64_t>(n);
  evaluations_ += static_cast<std::uint64_t>(n);
  batch_hessian_ = Eigen::MatrixXd::Zero(dim_, dim_);
  offset_ = Vec::Zero(dim_);
}

void ControlVariateGradient::estimate(const double* theta, double* grad, Rng& rng) {
  const std::int64_t n = data_.num_data();
  for (auto& index : indices_)
    index = static_cast<std::int64_t>(rng.uniform_index(static_cast<std::uint64_t>(n)));
  const double scale = static_cast<double>(n) / batch_size_;
  // grad = −Σ∇ℓ_k(θ*) − (n/b)Σ_B ∇ℓ_k(θ) + (n/b)Σ_B ∇ℓ_k(θ*) − ∇log p(θ)
  for (int i = 0; i < dim_; ++i) grad[i] = -full_loglik_gradient_at_centre_[i];
  data_.add_log_likelihood_gradient(indices_.data(), batch_size_, -scale, theta, grad);
  data_.add_log_likelihood_gradient(indices_.data(), batch_size_, scale, centre_.data(), grad);
  data_.add_log_prior_gradient(theta, -1.0, grad);
  evaluations_ += 2 * static_cast<std::uint64_t>(batch_size_);
  if (!second_order_) return;
  // taylor2: − H δ + (n/b) Σ_B H_k δ, δ = θ − θ*.
  for (int i = 0; i < dim_; ++i) offset_[i] = theta[i] - centre_[i];
  batch_hessian_.setZero();
  second_order_data_->add_log_likelihood_hessian(indices_.data(), batch_size_, scale,
                                                 centre_.data(), batch_hessian_);
  const Vec correction = (batch_hessian_ - hessian_sum_) * offset_;
  for (int i = 0; i < dim_; ++i) grad[i] += correction[i];
  evaluations_ += static_cast<std::uint64_t>(batch_size_);
}

std::vector<ParamDescriptor> control_variate_descriptors(std::vector<ParamDescriptor> plain) {
  std::erase_if(plain, [](const ParamDescriptor& d) { return d.name == "noise_var"; });
  ParamDescriptor order{"control_variate",
                        "control variate",
                        ParamKind::Choice,
                        0,
                        1,
                        0,
                        false,
                        "taylor1: subtract ∇ℓ_k(θ*) (error O(‖θ − θ*‖)); taylor2: also the Hessian "
                        "term H_k(θ*)(θ − θ*), as Dang et al.'s second-order control variates "
                        "(error O(‖θ − θ*‖²), zero for linear regression; regressions only)",
                        {"taylor1", "taylor2"}};
  order.scope = ParamScope::DataTargetsOnly;
  plain.push_back(order);
  for (auto& descriptor : plain)
    if (descriptor.name == "batch_size")
      descriptor.tooltip =
          "Data points per control-variate gradient (uniform with replacement); each costs two "
          "per-datum gradients, at θ and at the MAP";
  return plain;
}

}  // namespace sgl
