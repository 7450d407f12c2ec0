#include "samplers/sampler.hpp"

#include <sstream>

namespace sgl {

Sampler::Sampler(const Target& target)
    : target_(target), theta_(Vec::Zero(target.dim())), r_(Vec::Zero(target.dim())) {}

void Sampler::reset(const Vec& theta0, Rng& rng) {
  theta_ = theta0;
  for (int i = 0; i < r_.size(); ++i) r_[i] = rng.normal();
  counters_ = SamplerCounters{};
  stopped_ = false;
  stop_reason_.clear();
  remember_good_state(target_.potential(theta_.data()) + kinetic_energy(r_));
}

void Sampler::remember_good_state(double hamiltonian) {
  good_theta_ = theta_;
  good_r_ = r_;
  reference_energy_ = hamiltonian;
}

bool Sampler::record_free_step(DrawStore& store) {
  const double potential = target_.potential(theta_.data());
  const double hamiltonian = potential + kinetic_energy(r_);
  if (!std::isfinite(hamiltonian)) return diverge("energy H became non-finite");
  if (hamiltonian - reference_energy_ > kDivergenceThreshold) {
    std::ostringstream why;
    why << "energy H jumped by " << hamiltonian - reference_energy_ << " (> "
        << kDivergenceThreshold << ") since the previous recorded draw";
    return diverge(why.str());
  }
  store.append(counters_.steps, theta_.data(), r_.data(), potential, hamiltonian, true, false);
  remember_good_state(hamiltonian);
  return true;
}

bool Sampler::diverge(const std::string& why) {
  ++counters_.divergences;
  theta_ = good_theta_;
  r_ = good_r_;
  stopped_ = true;
  std::ostringstream reason;
  const std::string cause = divergence_cause();
  // The cause comes first when the sampler can name one from its settings: it is what the
  // user can act on; the energy numbers follow. Otherwise the sampler's own hint says what to
  // try (only settings it has).
  if (cause.empty()) {
    reason << "diverged at step " << counters_.steps << ": " << why
           << "; state reverted to the last good draw (" << divergence_hint() << ")";
  } else {
    reason << "diverged at step " << counters_.steps << ": " << cause << " (" << why
           << "; state reverted to the last good draw)";
  }
  stop_reason_ = reason.str();
  return false;
}

}  // namespace sgl
