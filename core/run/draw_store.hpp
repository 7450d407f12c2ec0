// The draws a chain keeps: position, momentum, exact potential U, Hamiltonian H, and flags, for
// every `thin`-th step after `burnin`. Flat arrays so that 10⁶ draws stay cheap to append and scan.
//
// Pseudo-marginal samplers (HMC-ECS) also record per draw the variance of their log-likelihood
// estimator (σ̂², or the estimated Var log|L̂| for signed HMC-ECS) and, for signed HMC-ECS, the
// sign s = sign(L̂) that expectations must be weighted by (E[ψ] = Σψs / Σs). These arrays are
// allocated only once a draw carries them, so other samplers pay nothing.
//
// With capacity 0 the store keeps everything (the CLI). With a capacity it is a ring buffer that
// keeps the newest `capacity` draws, so a live session's memory stays bounded however long it
// runs; index 0 is then the oldest draw still held.
#pragma once

#include <cstdint>
#include <limits>
#include <vector>

namespace sgl {

// What a pseudo-marginal sampler records beside θ with each draw.
struct DrawExtras {
  int sign = 0;  // ±1 for signed samplers; 0 = the sampler has no sign (read back as +1)
  double loglik_variance = std::numeric_limits<double>::quiet_NaN();  // NaN = not recorded
};

class DrawStore {
 public:
  DrawStore(int dim = 1, std::uint64_t burnin = 0, std::uint64_t thin = 1, std::size_t capacity = 0)
      : dim_(dim), burnin_(burnin), thin_(thin == 0 ? 1 : thin), capacity_(capacity) {
    if (capacity_ > 0) allocate(capacity_);
  }

  // Whether the step with this 1-based index is kept.
  bool due(std::uint64_t step) const {
    return step > burnin_ && (thin_ == 1 || (step - burnin_) % thin_ == 0);
  }

  void append(std::uint64_t step, const double* theta, const double* momentum, double potential,
              double hamiltonian, bool accepted, bool divergent,
              const DrawExtras* extras = nullptr) {
    if (extras != nullptr && !has_extras_) {
      has_extras_ = true;
      allocate_extras(iteration_.size());
    }
    std::size_t slot;
    if (capacity_ == 0) {
      slot = size_;
      if (slot == iteration_.size()) allocate(slot < 1024 ? 1024 : 2 * slot);
      ++size_;
    } else {
      slot = next_slot_;
      if (++next_slot_ == capacity_) next_slot_ = 0;
      if (size_ < capacity_) {
        ++size_;
      } else {
        head_ = next_slot_;  // the oldest draw was just overwritten
      }
    }
    ++appended_;
    iteration_[slot] = step;
    double* theta_out = &theta_[slot * static_cast<std::size_t>(dim_)];
    double* momentum_out = &momentum_[slot * static_cast<std::size_t>(dim_)];
    for (int i = 0; i < dim_; ++i) {
      theta_out[i] = theta[i];
      momentum_out[i] = momentum[i];
    }
    potential_[slot] = potential;
    hamiltonian_[slot] = hamiltonian;
    accepted_[slot] = accepted ? 1 : 0;
    divergent_[slot] = divergent ? 1 : 0;
    if (has_extras_) {
      sign_[slot] = static_cast<std::int8_t>(extras != nullptr ? extras->sign : 0);
      loglik_variance_[slot] =
          extras != nullptr ? extras->loglik_variance : std::numeric_limits<double>::quiet_NaN();
      if (extras != nullptr && extras->sign != 0) has_signs_ = true;
    }
  }

  // Burn-in steps at which samplers without MH check their energy for divergence without
  // recording (see sampler.hpp): at most kBurninCheckpoints evenly spaced steps, the last one
  // being the last burn-in step, so the first recorded draw is compared with a recent state.
  bool burnin_checkpoint(std::uint64_t step) const {
    if (step > burnin_ || burnin_ == 0) return false;
    const std::uint64_t spacing = (burnin_ + kBurninCheckpoints - 1) / kBurninCheckpoints;
    return step == burnin_ || step % spacing == 0;
  }
  // 64: enough that a chain whose energy rises steadily by thousands over the burn-in (a noisy
  // chain settling into a wider stationary state) rises by far less between check points; each
  // costs one exact U, less than 64 recorded draws do.
  static constexpr std::uint64_t kBurninCheckpoints = 64;

  // Pre-allocates room for this many draws (unbounded stores only).
  void reserve(std::size_t draws) {
    if (capacity_ == 0 && draws > iteration_.size()) allocate(draws);
  }

  void clear() {
    has_signs_ = false;
    size_ = 0;
    head_ = 0;
    next_slot_ = 0;
    appended_ = 0;
  }

  int dim() const { return dim_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  // Draws appended since the last clear, including those a ring buffer has dropped.
  std::uint64_t appended() const { return appended_; }
  std::uint64_t burnin() const { return burnin_; }
  std::uint64_t thin() const { return thin_; }

  std::uint64_t iteration(std::size_t i) const { return iteration_[slot(i)]; }
  double theta(std::size_t i, int coord) const {
    return theta_[slot(i) * std::size_t(dim_) + std::size_t(coord)];
  }
  double momentum(std::size_t i, int coord) const {
    return momentum_[slot(i) * std::size_t(dim_) + std::size_t(coord)];
  }
  double potential(std::size_t i) const { return potential_[slot(i)]; }
  double hamiltonian(std::size_t i) const { return hamiltonian_[slot(i)]; }
  bool accepted(std::size_t i) const { return accepted_[slot(i)] != 0; }
  bool divergent(std::size_t i) const { return divergent_[slot(i)] != 0; }
  // Whether some draw carried extras / a sign since the store was created / cleared.
  bool has_extras() const { return has_extras_; }
  bool has_signs() const { return has_signs_; }
  // s = sign(L̂) of draw i: ±1 (+1 for draws without a sign).
  int sign(std::size_t i) const { return has_extras_ && sign_[slot(i)] < 0 ? -1 : 1; }
  // The estimator variance recorded with draw i (NaN when none was).
  double loglik_variance(std::size_t i) const {
    return has_extras_ ? loglik_variance_[slot(i)] : std::numeric_limits<double>::quiet_NaN();
  }

  // One coordinate as a contiguous series, oldest first (for ESS, ACF, histograms).
  std::vector<double> coordinate(int coord) const {
    std::vector<double> series(size_);
    for (std::size_t i = 0; i < size_; ++i) series[i] = theta(i, coord);
    return series;
  }
  std::vector<double> hamiltonians() const {
    std::vector<double> series(size_);
    for (std::size_t i = 0; i < size_; ++i) series[i] = hamiltonian(i);
    return series;
  }

 private:
  std::size_t slot(std::size_t i) const {
    if (capacity_ == 0) return i;
    const std::size_t wrapped = head_ + i;
    return wrapped >= capacity_ ? wrapped - capacity_ : wrapped;
  }

  void allocate(std::size_t draws) {
    iteration_.resize(draws);
    theta_.resize(draws * static_cast<std::size_t>(dim_));
    momentum_.resize(draws * static_cast<std::size_t>(dim_));
    potential_.resize(draws);
    hamiltonian_.resize(draws);
    accepted_.resize(draws);
    divergent_.resize(draws);
    if (has_extras_) allocate_extras(draws);
  }

  void allocate_extras(std::size_t draws) {
    sign_.resize(draws, 0);
    loglik_variance_.resize(draws, std::numeric_limits<double>::quiet_NaN());
  }

  int dim_;
  std::uint64_t burnin_;
  std::uint64_t thin_;
  std::size_t capacity_;
  std::size_t size_ = 0;
  std::size_t head_ = 0;       // ring buffer: slot of the oldest draw
  std::size_t next_slot_ = 0;  // ring buffer: slot the next draw goes to
  std::uint64_t appended_ = 0;
  std::vector<std::uint64_t> iteration_;
  std::vector<double> theta_;
  std::vector<double> momentum_;
  std::vector<double> potential_;
  std::vector<double> hamiltonian_;
  std::vector<std::uint8_t> accepted_;
  std::vector<std::uint8_t> divergent_;
  bool has_extras_ = false;
  bool has_signs_ = false;
  std::vector<std::int8_t> sign_;
  std::vector<double> loglik_variance_;
};

}  // namespace sgl
