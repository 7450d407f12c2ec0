#include "core/samplers/sampler.hpp"

#include "core/samplers/divergence_threshold.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
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
  // Cheap evaluations are timed one in kTimedPotentialEvery (two clock reads would cost a third
  // of a cheap 1-D step); one that took kAlwaysTimedSeconds or more (an O(n) pass over data) has
  // the next timed too, where the clock reads are negligible and the sum must be exact: there
  // the record's evaluations can be most of the wall time, and a sampled estimate could exceed it.
  constexpr std::uint64_t kTimedPotentialEvery = 16;
  constexpr double kAlwaysTimedSeconds = 2e-6;
  ++potential_calls_;
  const std::uint64_t since_timed = potential_calls_ - timed_potential_calls_;
  if (timed_potential_calls_ > 0 && !time_every_potential_ && since_timed < kTimedPotentialEvery)
    return target_.potential(theta.data());
  const auto start = std::chrono::steady_clock::now();
  const double potential = target_.potential(theta.data());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // This call stands for itself and the untimed calls since the last timed one.
  counters_.diagnostic_seconds += double(since_timed) * seconds;
  timed_potential_calls_ = potential_calls_;
  time_every_potential_ = seconds >= kAlwaysTimedSeconds;
  return potential;
}

void Sampler::space_exact_potential(double num_data, double evaluations_per_step) {
  constexpr double kShareOfSampling = 0.2;
  const double spacing =
      std::ceil(num_data / (kShareOfSampling * std::max(evaluations_per_step, 1.0)));
  exact_potential_every_ = static_cast<std::uint64_t>(std::clamp(spacing, 1.0, 1e12));
}

bool Sampler::check_energy(double potential, const char* since) {
  const double hamiltonian = potential + kinetic_energy(r_);
  if (!std::isfinite(hamiltonian)) return diverge("energy H became non-finite");
  const double threshold = free_step_divergence_threshold(target_.dim());
  if (hamiltonian - reference_energy_ > threshold) {
    std::ostringstream why;
    why << "energy H jumped by " << hamiltonian - reference_energy_ << " (> " << threshold
        << ") since " << since;
    return diverge(why.str());
  }
  remember_good_state(hamiltonian);
  return true;
}

bool Sampler::record_free_step(DrawSink& store, bool exact_potential, const double* channel_values,
                               int channel_count) {
  double potential = kNoExactPotential, hamiltonian = kNoExactPotential;
  if (exact_potential) {
    potential = recorded_potential(theta_);
    if (!check_energy(potential, "the previous check point")) return false;
    hamiltonian = reference_energy_;
  }
  store.record({.step = counters_.steps,
                .theta = theta_.data(),
                .momentum = r_.data(),
                .potential = potential,
                .hamiltonian = hamiltonian,
                .channel_values = channel_values,
                .channel_count = channel_count});
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
