#include "core/gradients/ewsg_index_chain.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace sgl {

EwsgIndexChain::EwsgIndexChain(const DataTarget& data)
    : data_(data), dim_(data.dim()), proposal_gradient_(static_cast<std::size_t>(data.dim())) {
  set_partition(1, 0);
}

void EwsgIndexChain::set_partition(int batch_size, std::uint64_t partition_seed) {
  const std::int64_t n = data_.num_data();
  const std::int64_t b = std::max(1, batch_size);
  const std::int64_t blocks = std::max<std::int64_t>(1, n / b);
  order_.resize(static_cast<std::size_t>(n));
  std::iota(order_.begin(), order_.end(), std::int64_t{0});
  if (blocks < n) {
    // Fisher–Yates with our own RNG (std::shuffle's algorithm differs between libraries). With
    // singleton blocks a shuffle would only relabel them, so b = 1 keeps block i = datum i.
    Rng rng(partition_seed);
    for (std::int64_t i = n - 1; i > 0; --i) {
      const auto j =
          static_cast<std::int64_t>(rng.uniform_index(static_cast<std::uint64_t>(i + 1)));
      std::swap(order_[static_cast<std::size_t>(i)], order_[static_cast<std::size_t>(j)]);
    }
  }
  const std::int64_t base = n / blocks, larger = n % blocks;
  block_start_.assign(static_cast<std::size_t>(blocks + 1), 0);
  for (std::int64_t block = 0; block < blocks; ++block)
    block_start_[static_cast<std::size_t>(block + 1)] =
        block_start_[static_cast<std::size_t>(block)] + base + (block < larger ? 1 : 0);
  has_block_ = false;
}

void EwsgIndexChain::block_gradient(int block, const double* theta, double* out) {
  std::fill(out, out + dim_, 0.0);
  const int size = block_size(block);
  data_.add_log_likelihood_gradient(block_begin(block), size, -static_cast<double>(num_blocks()),
                                    theta, out);
  evaluations_ += static_cast<std::uint64_t>(size);
}

double EwsgIndexChain::log_weight(const double* r, const double* scaled_gradient, double step_size,
                                  double friction) const {
  // ½‖x + G̃‖² with x = √h γ r/σ, G̃ = √h G/σ and σ² = 2γ.
  double squared_norm = 0.0;
  for (int i = 0; i < dim_; ++i) {
    const double component = friction * r[i] + scaled_gradient[i];
    squared_norm += component * component;
  }
  return step_size / (4.0 * friction) * squared_norm;
}

double EwsgIndexChain::weight_ess_fraction(const double* theta, const double* r, double step_size,
                                           double friction, const double* prior_gradient,
                                           int max_blocks) {
  const int blocks = num_blocks();
  const int used = std::clamp(max_blocks, 1, blocks);
  const int stride = blocks / used;
  const int offset = static_cast<int>(ess_probes_++ % static_cast<std::uint64_t>(stride));
  log_weights_.resize(static_cast<std::size_t>(used));
  for (int k = 0; k < used; ++k) {
    const int block = offset + k * stride;
    std::fill(proposal_gradient_.begin(), proposal_gradient_.end(), 0.0);
    data_.add_log_likelihood_gradient(block_begin(block), block_size(block),
                                      -static_cast<double>(blocks), theta,
                                      proposal_gradient_.data());
    if (prior_gradient != nullptr)
      for (int i = 0; i < dim_; ++i)
        proposal_gradient_[static_cast<std::size_t>(i)] += prior_gradient[i];
    log_weights_[static_cast<std::size_t>(k)] =
        log_weight(r, proposal_gradient_.data(), step_size, friction);
  }
  // Shift by the largest log weight: exponent differences in the thousands are the point.
  const double largest = *std::max_element(log_weights_.begin(), log_weights_.end());
  if (!std::isfinite(largest)) return std::nan("");
  double sum = 0.0, squares = 0.0;
  for (double w : log_weights_) {
    const double p = std::exp(w - largest);
    sum += p;
    squares += p * p;
  }
  return sum * sum / (squares * double(used));
}

void EwsgIndexChain::select(const double* theta, const double* r, double step_size, double friction,
                            const double* prior_gradient, double* scaled_gradient, Rng& rng) {
  const auto blocks = static_cast<std::uint64_t>(num_blocks());
  if (uniform_ || !persist_ || !has_block_) block_ = static_cast<int>(rng.uniform_index(blocks));
  has_block_ = true;
  const auto add_prior = [&](double* gradient) {
    if (prior_gradient != nullptr)
      for (int i = 0; i < dim_; ++i) gradient[i] += prior_gradient[i];
  };
  block_gradient(block_, theta, scaled_gradient);
  add_prior(scaled_gradient);
  if (uniform_) return;
  double current = log_weight(r, scaled_gradient, step_size, friction);
  for (int step = 0; step < index_steps_; ++step) {
    const int proposal = static_cast<int>(rng.uniform_index(blocks));
    block_gradient(proposal, theta, proposal_gradient_.data());
    add_prior(proposal_gradient_.data());
    const double proposed = log_weight(r, proposal_gradient_.data(), step_size, friction);
    ++proposals_;
    // log u < w_j − w_i ⇔ u < min(1, e^{w_j − w_i}); a NaN weight is never accepted.
    if (std::log(rng.uniform_open()) < proposed - current) {
      ++accepts_;
      block_ = proposal;
      current = proposed;
      std::copy(proposal_gradient_.begin(), proposal_gradient_.end(), scaled_gradient);
    }
  }
}

}  // namespace sgl
