#include "core/samplers/sampler.hpp"

#include <chrono>
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

double Sampler::recorded_potential(const Vec& theta) {
  constexpr std::uint32_t kTimedPotentialEvery = 16;
  if (potential_calls_++ % kTimedPotentialEvery != 0) return target_.potential(theta.data());
  const auto start = std::chrono::steady_clock::now();
  const double potential = target_.potential(theta.data());
  counters_.diagnostic_seconds +=
      kTimedPotentialEvery *
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return potential;
}

bool Sampler::check_energy(double potential, const char* since) {
  const double hamiltonian = potential + kinetic_energy(r_);
  if (!std::isfinite(hamiltonian)) return diverge("energy H became non-finite");
  if (hamiltonian - reference_energy_ > kDivergenceThreshold) {
    std::ostringstream why;
    why << "energy H jumped by " << hamiltonian - reference_energy_ << " (> "
        << kDivergenceThreshold << ") since " << since;
    return diverge(why.str());
  }
  remember_good_state(hamiltonian);
  return true;
}

bool Sampler::record_free_step(DrawSink& store) {
  const double potential = recorded_potential(theta_);
  if (!check_energy(potential, "the previous check point")) return false;
  store.record({.step = counters_.steps,
                .theta = theta_.data(),
                .momentum = r_.data(),
                .potential = potential,
                .hamiltonian = reference_energy_});
  return true;
}

bool Sampler::check_free_step() {
  return check_energy(recorded_potential(theta_), "the previous check point");
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
