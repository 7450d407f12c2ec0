#include "core/samplers/naive_sghmc.hpp"

#include "core/integrators/leapfrog.hpp"
#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {

NaiveSghmcSampler::NaiveSghmcSampler(const Target& target)
    : StochasticGradientSampler(target),
      grad_(Vec::Zero(target.dim())),
      transition_(target.dim()) {}

std::vector<ParamDescriptor> NaiveSghmcSampler::descriptors() {
  return {
      step_size_param(0.1, "Leapfrog step ε; the gradient noise adds N(0, ε²V) to r every step"),
      {"leapfrog_steps", "resample r every", ParamKind::Integer, 0, 1000, 50, false,
       "Leapfrog steps between momentum resamplings (trajectory length with MH); 0 = never: "
       "the energy then random-walks upward (Chen Fig. 2)"},
      {"mh", "Metropolis–Hastings", ParamKind::Boolean, 0, 1, 0, false,
       "MH test on each trajectory with the exact full-data energy (costly; Chen's 'with MH')"},
      noise_var_param(),
      batch_size_param(),
  };
}

void NaiveSghmcSampler::set_params(const ParamValues& params) {
  const bool metropolis = params.at("mh") != 0.0;
  const int leapfrog_steps = static_cast<int>(params.at("leapfrog_steps"));
  if (metropolis && leapfrog_steps == 0)
    throw UserError(
        "naive-sghmc: mh=true needs leapfrog_steps >= 1 (the MH test closes each trajectory)");
  step_size_ = params.at("step_size");
  leapfrog_steps_ = leapfrog_steps;
  // Switched on mid-run: the dynamics moved θ without tracking U, so the first MH test must
  // start from U at the current θ, not from the U of the last reset.
  if (metropolis && !metropolis_) potential_stale_ = true;
  metropolis_ = metropolis;
  set_gradient_params(params);
}

void NaiveSghmcSampler::reset(const Vec& theta0, Rng& rng) {
  StochasticGradientSampler::reset(theta0, rng);
  estimate_gradient(theta_.data(), grad_.data(), rng);
  potential_ = target_.potential(theta_.data());
  potential_stale_ = false;
}

void NaiveSghmcSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  if (metropolis_) {
    run_metropolis(steps, rng, store);
  } else {
    run_dynamics(steps, rng, store);
  }
  sync_gradient_count();
}

void NaiveSghmcSampler::run_dynamics(std::uint64_t steps, Rng& rng, DrawSink& store) {
  // Free dynamics: single leapfrog steps with the transition's unit metric, no MH.
  const Metric& metric = transition_.metric();
  auto noisy_gradient = [this, &rng](const double* theta, double* grad) {
    estimate_gradient(theta, grad, rng);
  };
  for (std::uint64_t s = 0; s < steps; ++s) {
    const bool observed = observe_free_step_start();
    leapfrog_step(metric, theta_, r_, grad_, step_size_, noisy_gradient);
    if (observed) observe_free_step_end();
    if (leapfrog_steps_ != 0 &&
        (counters_.steps + 1) % static_cast<std::uint64_t>(leapfrog_steps_) == 0)
      metric.draw_momentum(rng, r_);
    if (!finish_free_step(store)) return;
  }
}

void NaiveSghmcSampler::run_metropolis(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const auto cost = static_cast<std::uint64_t>(target_.evaluation_cost());
  auto noisy_gradient = [this, &rng](const double* theta, double* grad) {
    estimate_gradient(theta, grad, rng);
  };
  if (potential_stale_) {
    potential_ = target_.potential(theta_.data());
    counters_.density_evaluations += cost;
    potential_stale_ = false;
  }
  for (std::uint64_t s = 0; s < steps; ++s) {
    // The MH test uses the exact, full-data energy: this is what makes the method costly.
    transition_.observe(observer_, counters_.steps + 1);
    const MetropolisOutcome outcome =
        transition_.run_with_exact_energy(target_, {theta_, r_, grad_}, potential_, step_size_,
                                          leapfrog_steps_, true, rng, noisy_gradient);
    counters_.density_evaluations += cost;
    finish_metropolis_step(store, outcome.accepted, outcome.accept_prob, outcome.divergent,
                           potential_);
  }
}

std::string NaiveSghmcSampler::divergence_cause() const {
  if (metropolis_) return {};  // MH rejects divergent trajectories; the chain does not stop
  std::string cause = "frictionless noisy dynamics gains energy; ";
  cause += leapfrog_steps_ == 0 ? "r is never resampled: resample momentum more often or switch "
                                  "to SGHMC"
                                : "resample momentum more often or switch to SGHMC";
  return cause;
}

SamplerInfo NaiveSghmcSampler::info() {
  return {
      "naive-sghmc",
      "Naive SGHMC",
      "naive SGHMC",
      "Chen, Fox & Guestrin 2014, §3.1",
      "HMC with ∇Ũ in the leapfrog; r redrawn every L steps; optional MH with exact H",
      NaiveSghmcSampler::descriptors(),
      sampler_factory<NaiveSghmcSampler>(),
      {.output_kind = OutputKind::Biased,
       .stability = leapfrog_stability(),
       .regression_defaults = leapfrog_regression_defaults,
       .biased_only_by_gradient_noise = true,
       // Without MH each iteration is one leapfrog step (r is redrawn every L of them).
       .one_step_per_iteration = [](const ParamValues& p) { return param_or(p, "mh", 0.0) == 0.0; },
       .palette_slot = 3}};
}

}  // namespace sgl
