#include "core/samplers/mala.hpp"

#include <cmath>

#include "core/samplers/common_params.hpp"
#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/metropolis.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

void MalaSampler::regression_defaults(RegressionScale& scale) {
  const double s = scale.smallest_sd();
  const double d = double(scale.target().dim());
  if (s > 0.0) scale.set("step_size", 1.65 * 1.65 * std::pow(d, -1.0 / 3.0) * s * s);
}

std::vector<ParamDescriptor> MalaSampler::descriptors() {
  return {step_size_param(
      0.1,
      "Langevin step ε (as in SGLD): proposal −(ε/2)∇U plus N(0, ε), then MH; exact at any "
      "ε, but past 4/λ_max almost nothing is accepted")};
}

double MalaSampler::log_proposal_density(const Vec& to, const Vec& from, const Vec& grad_from,
                                         double step_size) {
  double squared = 0.0;
  for (Eigen::Index i = 0; i < to.size(); ++i) {
    const double residual = to[i] - from[i] + 0.5 * step_size * grad_from[i];
    squared += residual * residual;
  }
  return -squared / (2.0 * step_size);
}

void MalaSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");
}

void MalaSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  r_.setZero();  // no momentum: H is U alone
  potential_ = target_.potential(theta_.data());
  target_.gradient(theta_.data(), grad_.data());
  counters_.gradient_evaluations += static_cast<std::uint64_t>(target_.evaluation_cost());
  counters_.density_evaluations += static_cast<std::uint64_t>(target_.evaluation_cost());
}

void MalaSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  const auto cost = static_cast<std::uint64_t>(target_.evaluation_cost());
  const double noise_sd = std::sqrt(step_size_);
  for (std::uint64_t s = 0; s < steps; ++s) {
    for (int i = 0; i < dim; ++i)
      proposal_[i] = theta_[i] - 0.5 * step_size_ * grad_[i] + noise_sd * rng.normal();
    const double proposed_potential = target_.potential(proposal_.data());
    target_.gradient(proposal_.data(), proposal_grad_.data());
    counters_.gradient_evaluations += cost;
    counters_.density_evaluations += cost;
    // −log of the MH ratio as an energy difference: (U' − log q(θ|θ')) − (U − log q(θ'|θ)).
    const double forward = log_proposal_density(proposal_, theta_, grad_, step_size_);
    const double backward = log_proposal_density(theta_, proposal_, proposal_grad_, step_size_);
    const MetropolisOutcome outcome =
        metropolis_decision(potential_ - forward, proposed_potential - backward, true, rng);
    if (outcome.accepted) {
      theta_ = proposal_;
      grad_ = proposal_grad_;
      potential_ = proposed_potential;
    }
    finish_metropolis_step(store, outcome.accepted, outcome.accept_prob, outcome.divergent,
                           potential_);
  }
}

SamplerInfo MalaSampler::info() {
  return {"mala",
          "MALA",
          "MALA",
          "Roberts & Tweedie 1996, eq. 2.2",
          "θ' = θ − (ε/2)∇U(θ) + N(0, ε) (an SGLD step); MH with U and q(θ|θ')/q(θ'|θ)",
          MalaSampler::descriptors(),
          sampler_factory<MalaSampler>(),
          {.output_kind = OutputKind::Exact,
           .stability = langevin_stability(),
           .regression_defaults = MalaSampler::regression_defaults,
           .palette_slot = 3}};
}

}  // namespace sgl
