#include "core/samplers/hmc.hpp"

#include <algorithm>
#include <cmath>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

HmcSampler::HmcSampler(const Target& target)
    : Sampler(target), grad_(Vec::Zero(target.dim())), transition_(target.dim()) {}

std::vector<ParamDescriptor> HmcSampler::descriptors() {
  return {
      step_size_param(0.1,
                      "Leapfrog step ε: larger moves further per gradient but lowers acceptance"),
      {"leapfrog_steps", "leapfrog steps L", ParamKind::Integer, 1, 1000, 20, true,
       "Leapfrog steps per proposal: trajectory length is ε·L"},
      {"mh", "Metropolis–Hastings", ParamKind::Boolean, 0, 1, 1, false,
       "Accept/reject with the exact energy; off = Chen's 'HMC (no MH)', biased by O(ε²)"},
  };
}

void HmcSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");
  leapfrog_steps_ = static_cast<int>(params.at("leapfrog_steps"));
  metropolis_ = params.at("mh") != 0.0;
}

void HmcSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  potential_ = target_.potential(theta_.data());
  target_.gradient(theta_.data(), grad_.data());
  counters_.gradient_evaluations += static_cast<std::uint64_t>(target_.evaluation_cost());
  counters_.density_evaluations += static_cast<std::uint64_t>(target_.evaluation_cost());
}

void HmcSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const auto cost = static_cast<std::uint64_t>(target_.evaluation_cost());
  auto exact_gradient = [this](const double* theta, double* grad) {
    target_.gradient(theta, grad);
  };
  for (std::uint64_t s = 0; s < steps; ++s) {
    transition_.observe(observer_, counters_.steps + 1);
    const MetropolisOutcome outcome =
        transition_.run_with_exact_energy(target_, {theta_, r_, grad_}, potential_, step_size_,
                                          leapfrog_steps_, metropolis_, rng, exact_gradient);
    counters_.gradient_evaluations += cost * static_cast<std::uint64_t>(leapfrog_steps_);
    counters_.density_evaluations += cost;
    if (metropolis_) {
      finish_metropolis_step(store, outcome.accepted, outcome.accept_prob, outcome.divergent,
                             potential_);
    } else {
      // Without MH only divergent trajectories are turned back (counted as divergences): no
      // acceptance rate is counted, so the metrics show "—" as for the other samplers without
      // MH, not a meaningless ~100%.
      const SamplerCounters before = counters_;
      finish_metropolis_step(store, outcome.accepted, outcome.accept_prob, outcome.divergent,
                             potential_);
      counters_.mh_proposals = before.mh_proposals;
      counters_.mh_accepts = before.mh_accepts;
      counters_.accept_prob_sum = before.accept_prob_sum;
    }
  }
}

SamplerInfo HmcSampler::info() {
  return {
      "hmc",
      "HMC",
      "HMC",
      "Chen, Fox & Guestrin 2014, Alg. 1; Neal 2010",
      "r ~ N(0,I); L leapfrog steps with the exact ∇U; MH with exact H",
      HmcSampler::descriptors(),
      sampler_factory<HmcSampler>(),
      {.output_kind = OutputKind::Exact,
       .stability = leapfrog_stability(),
       .regression_defaults = leapfrog_regression_defaults,
       .trajectory_points = [](const ParamValues& p) { return param_or(p, "leapfrog_steps", 1.0); },
       .palette_slot = 0}};
}

}  // namespace sgl
