// EWSG's index chain (EWSG paper, Alg. 1 and eq. 5; docs/algorithms.md#ewsg): picks which data
// block's gradient drives the next underdamped-Langevin step, with probability
//   p_B ∝ exp(½‖x + G̃_B‖²),  x = √h γ r / σ,  G̃_B = √h G_B / σ,  σ² = 2γ,
// where G_B = m Σ_{k∈B} ∇V_k(θ) − ∇log p(θ) = −m Σ_{k∈B} ∇ℓ_k(θ) − ∇log p(θ) is block B's scaled
// estimate of the whole potential's gradient (prior included, as the momentum update uses it) and m
// the number of blocks (b = 1: G_i = n∇V_i, so G̃_i = n a_i as in the paper). Since ½‖x + G̃_B‖² =
// (h/2σ²)‖γr + G_B‖², that is the log weight we compute. Exact p_B would need all n gradients; a
// Metropolis chain with uniform proposals targets it at M + 1 block gradients per step.
//
// Per call of select(), at frozen (θ_k, r_k): start at a uniform block (or, with persist_index, at
// the previous call's block), evaluate its G, then M times: propose j uniform, evaluate G_j,
// accept with min(1, exp(w_j − w_i)). index=uniform skips the Metropolis steps (the paper's SGHMC
// baseline: one uniform block).
//
// Blocks: a fixed random partition of {0..n−1}, drawn once from a seed. With n not divisible by b
// we use m = ⌊n/b⌋ blocks and spread the n mod b leftover data one each over the first blocks
// (sizes b or b+1; b > n gives one block of all data). The scale is m, not n/b, so that a
// uniformly chosen block gives an exactly unbiased gradient whatever the sizes. A block costs its
// size in per-datum gradients. With b = 1 the blocks are the data themselves, in order.
#pragma once

#include <cstdint>
#include <vector>

#include "core/targets/data_target.hpp"
#include "core/util/rng.hpp"

namespace sgl {

class EwsgIndexChain {
 public:
  explicit EwsgIndexChain(const DataTarget& data);

  // Rebuilds the blocks for minibatch size b from `partition_seed` and forgets the current block.
  void set_partition(int batch_size, std::uint64_t partition_seed);
  void set_index_steps(int index_steps) { index_steps_ = index_steps; }
  void set_uniform(bool uniform) { uniform_ = uniform; }
  bool uniform() const { return uniform_; }
  void set_persist(bool persist) { persist_ = persist; }
  // The next select() starts from a uniform block even with persist.
  void forget_block() { has_block_ = false; }
  void clear_counts() { evaluations_ = proposals_ = accepts_ = 0; }

  // Chooses a block at frozen (θ, r) (step h, friction γ) and writes the whole potential's
  // gradient estimate G_B − ∇log p(θ) into `gradient`. `prior_gradient` is −∇log p(θ) (null for
  // a flat prior): the weights are over the whole potential (the paper's V = Σ V_i includes the
  // prior), so it enters them too; leaving it out tilts the index choice on regressions.
  void select(const double* theta, const double* r, double step_size, double friction,
              const double* prior_gradient, double* gradient, Rng& rng);

  // log p_B + const = (h/2σ²)‖γr + G‖² for a given whole-potential gradient G (for tests).
  double log_weight(const double* r, const double* gradient, double step_size,
                    double friction) const;

  // The effective sample size of the exact weights p_B over the blocks at (θ, r), as a fraction
  // of the blocks: (Σp)²/(m·Σp²), 1 when uniform, 1/m when one block takes all. Uses at most
  // `max_blocks` blocks, spread evenly with a stride that shifts between calls (no random
  // numbers: the chain's draws do not change). Their gradients are a diagnostic's cost, not
  // counted in evaluations().
  double weight_ess_fraction(const double* theta, const double* r, double step_size,
                             double friction, const double* prior_gradient, int max_blocks);

  int num_blocks() const { return static_cast<int>(block_start_.size()) - 1; }
  int current_block() const { return block_; }
  // The data indices of block B.
  const std::int64_t* block_begin(int block) const { return order_.data() + block_start_[block]; }
  int block_size(int block) const {
    return static_cast<int>(block_start_[block + 1] - block_start_[block]);
  }

  std::uint64_t evaluations() const { return evaluations_; }  // per-datum gradients
  std::uint64_t proposals() const { return proposals_; }      // Metropolis proposals
  std::uint64_t accepts() const { return accepts_; }

 private:
  // out = −m Σ_{k∈B} ∇ℓ_k(θ).
  void block_gradient(int block, const double* theta, double* out);

  const DataTarget& data_;
  int dim_;
  std::vector<std::int64_t> order_;  // data indices, block after block
  std::vector<std::int64_t>
      block_start_;  // block B is order_[block_start_[B] .. block_start_[B+1])
  int index_steps_ = 1;
  bool uniform_ = false;
  bool persist_ = false;
  bool has_block_ = false;
  int block_ = 0;
  std::vector<double> proposal_gradient_;
  std::vector<double> log_weights_;  // weight_ess_fraction's scratch
  std::uint64_t ess_probes_ = 0;     // shifts weight_ess_fraction's blocks between calls
  std::uint64_t evaluations_ = 0;
  std::uint64_t proposals_ = 0;
  std::uint64_t accepts_ = 0;
};

}  // namespace sgl
