#include "core/gradients/block_poisson_estimator.hpp"

#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "core/util/error.hpp"

namespace sgl {

BlockPoissonEstimator::BlockPoissonEstimator(const TaylorControlVariates& control_variates,
                                             int batch_size, int products, double lower_bound)
    : control_variates_(control_variates), batch_size_(batch_size), lower_bound_(lower_bound) {
  if (batch_size < 1 || products < 1)
    throw UserError("signed HMC-ECS: batch_size m (" + std::to_string(batch_size) +
                    ") and lambda λ (" + std::to_string(products) + ") must be at least 1");
  if (!std::isfinite(lower_bound)) throw UserError("signed HMC-ECS: a must be finite");
  products_.resize(std::size_t(products));
  order_.resize(std::size_t(products));
}

int BlockPoissonEstimator::total_batches() const {
  int total = 0;
  for (const Product& product : products_) total += product.count;
  return total;
}

void BlockPoissonEstimator::draw_product(Product& product, const double* theta, Rng& rng) {
  const auto n = std::uint64_t(control_variates_.target().num_data());
  product.count = rng.poisson(1.0);
  product.indices.resize(std::size_t(product.count) * std::size_t(batch_size_));
  for (auto& index : product.indices) index = std::int64_t(rng.uniform_index(n));
  evaluate_product(product, theta);
}

void BlockPoissonEstimator::evaluate_product(Product& product, const double* theta) {
  const double scale = double(control_variates_.target().num_data()) / double(batch_size_);
  const auto m = std::size_t(batch_size_);
  differences_.resize(m);
  product.estimates.resize(std::size_t(product.count));
  for (int h = 0; h < product.count; ++h) {
    control_variates_.differences(product.indices.data() + std::size_t(h) * m, batch_size_, theta,
                                  differences_.data());
    double sum = 0.0;
    for (double d : differences_) sum += d;
    product.estimates[std::size_t(h)] = scale * sum;  // d̂ = (n/m) Σ d_{u_i}
  }
}

void BlockPoissonEstimator::redraw_all(const double* theta, Rng& rng) {
  for (Product& product : products_) draw_product(product, theta, rng);
  refreshed_.clear();
  saved_.clear();
}

std::uint64_t BlockPoissonEstimator::refresh(int kappa, const double* theta, Rng& rng) {
  const int lambda = products();
  const int count = std::min(kappa, lambda);
  // Partial Fisher–Yates: the first κ entries of order_ become a uniform κ-subset.
  std::iota(order_.begin(), order_.end(), 0);
  refreshed_.assign(std::size_t(count), 0);
  saved_.resize(std::size_t(count));
  std::uint64_t densities = 0;
  for (int i = 0; i < count; ++i) {
    const auto j = i + int(rng.uniform_index(std::uint64_t(lambda - i)));
    std::swap(order_[std::size_t(i)], order_[std::size_t(j)]);
    const int l = order_[std::size_t(i)];
    refreshed_[std::size_t(i)] = l;
    Product& product = products_[std::size_t(l)];
    std::swap(saved_[std::size_t(i)], product);  // keeps the old one without copying
    draw_product(product, theta, rng);
    densities += std::uint64_t(product.count) * std::uint64_t(batch_size_);
  }
  return densities;
}

void BlockPoissonEstimator::restore_refreshed() {
  for (std::size_t i = 0; i < refreshed_.size(); ++i)
    std::swap(products_[std::size_t(refreshed_[i])], saved_[i]);
  refreshed_.clear();
}

void BlockPoissonEstimator::save_estimates(std::vector<double>& out) const {
  out.clear();
  for (const Product& product : products_)
    out.insert(out.end(), product.estimates.begin(), product.estimates.end());
}

void BlockPoissonEstimator::restore_estimates(const std::vector<double>& saved) {
  std::size_t next = 0;
  for (Product& product : products_)
    for (double& estimate : product.estimates) estimate = saved[next++];
}

BlockPoissonValue BlockPoissonEstimator::combine(const double* theta) const {
  const double lambda = double(products());
  const double log_lambda = std::log(lambda);
  BlockPoissonValue value;
  double sum = 0.0;
  for (const Product& product : products_) {
    for (double estimate : product.estimates) {
      const double factor = estimate - lower_bound_;
      if (factor < 0.0) value.sign = -value.sign;
      const double z = std::log(std::abs(factor)) - log_lambda;  // −∞ when d̂ = a exactly
      sum += z;
      value.log_abs_variance += z * z;
    }
  }
  value.log_abs = control_variates_.proxy_sum(theta) + (lower_bound_ + lambda) + sum;
  return value;
}

BlockPoissonValue BlockPoissonEstimator::evaluate(const double* theta) {
  for (Product& product : products_) evaluate_product(product, theta);
  return combine(theta);
}

BlockPoissonValue BlockPoissonEstimator::evaluate_with_gradient(const double* theta, double* grad) {
  const BlockPoissonValue value = evaluate(theta);
  const DataTarget& target = control_variates_.target();
  const int dim = target.dim();
  const double scale = double(target.num_data()) / double(batch_size_);
  const auto m = std::size_t(batch_size_);
  for (int j = 0; j < dim; ++j) grad[j] = 0.0;
  // ∇Û = −(A + Bδ) − Σ_{l,h} (n/m) Σ_i ∇d_{u_i} / (d̂^{(h,l)} − a) − ∇log p.
  control_variates_.add_proxy_sum_gradient(theta, -1.0, grad);
  weights_.resize(m);
  for (const Product& product : products_) {
    for (int h = 0; h < product.count; ++h) {
      const double weight = -scale / (product.estimates[std::size_t(h)] - lower_bound_);
      for (double& w : weights_) w = weight;
      control_variates_.add_difference_gradients(product.indices.data() + std::size_t(h) * m,
                                                 batch_size_, weights_.data(), theta, grad);
    }
  }
  target.add_log_prior_gradient(theta, -1.0, grad);
  return value;
}

double BlockPoissonEstimator::potential(const double* theta, const BlockPoissonValue& value) const {
  return -value.log_abs - control_variates_.target().log_prior(theta);
}

}  // namespace sgl
