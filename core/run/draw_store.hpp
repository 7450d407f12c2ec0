// The draws a chain keeps: position, momentum, exact potential U, Hamiltonian H, and flags, for
// every `thin`-th step after `burnin`. Flat arrays so that 10⁶ draws stay cheap to append and scan.
#pragma once

#include <cstdint>
#include <vector>

namespace sgl {

class DrawStore {
 public:
  DrawStore(int dim = 1, std::uint64_t burnin = 0, std::uint64_t thin = 1)
      : dim_(dim), burnin_(burnin), thin_(thin == 0 ? 1 : thin) {}

  // Whether the step with this 1-based index is kept.
  bool due(std::uint64_t step) const { return step > burnin_ && (step - burnin_) % thin_ == 0; }

  void append(std::uint64_t step, const double* theta, const double* momentum, double potential,
              double hamiltonian, bool accepted, bool divergent) {
    iteration_.push_back(step);
    theta_.insert(theta_.end(), theta, theta + dim_);
    momentum_.insert(momentum_.end(), momentum, momentum + dim_);
    potential_.push_back(potential);
    hamiltonian_.push_back(hamiltonian);
    accepted_.push_back(accepted ? 1 : 0);
    divergent_.push_back(divergent ? 1 : 0);
  }

  void reserve(std::size_t draws) {
    iteration_.reserve(draws);
    theta_.reserve(draws * static_cast<std::size_t>(dim_));
    momentum_.reserve(draws * static_cast<std::size_t>(dim_));
    potential_.reserve(draws);
    hamiltonian_.reserve(draws);
    accepted_.reserve(draws);
    divergent_.reserve(draws);
  }

  void clear() {
    iteration_.clear();
    theta_.clear();
    momentum_.clear();
    potential_.clear();
    hamiltonian_.clear();
    accepted_.clear();
    divergent_.clear();
  }

  int dim() const { return dim_; }
  std::size_t size() const { return iteration_.size(); }
  std::uint64_t burnin() const { return burnin_; }
  std::uint64_t thin() const { return thin_; }

  std::uint64_t iteration(std::size_t i) const { return iteration_[i]; }
  double theta(std::size_t i, int coord) const { return theta_[i * static_cast<std::size_t>(dim_) + static_cast<std::size_t>(coord)]; }
  double momentum(std::size_t i, int coord) const { return momentum_[i * static_cast<std::size_t>(dim_) + static_cast<std::size_t>(coord)]; }
  double potential(std::size_t i) const { return potential_[i]; }
  double hamiltonian(std::size_t i) const { return hamiltonian_[i]; }
  bool accepted(std::size_t i) const { return accepted_[i] != 0; }
  bool divergent(std::size_t i) const { return divergent_[i] != 0; }

  // One coordinate as a contiguous series (for ESS, ACF, histograms).
  std::vector<double> coordinate(int coord) const {
    std::vector<double> series(size());
    for (std::size_t i = 0; i < series.size(); ++i) series[i] = theta(i, coord);
    return series;
  }
  const std::vector<double>& hamiltonians() const { return hamiltonian_; }
  const std::vector<double>& potentials() const { return potential_; }

 private:
  int dim_;
  std::uint64_t burnin_;
  std::uint64_t thin_;
  std::vector<std::uint64_t> iteration_;
  std::vector<double> theta_;
  std::vector<double> momentum_;
  std::vector<double> potential_;
  std::vector<double> hamiltonian_;
  std::vector<std::uint8_t> accepted_;
  std::vector<std::uint8_t> divergent_;
};

}  // namespace sgl
