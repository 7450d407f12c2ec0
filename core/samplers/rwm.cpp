#include "core/samplers/rwm.hpp"

#include <cmath>

#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

// The Robbins–Monro gain t^(−κ): κ ∈ (0.5, 1] makes the adaptation settle; 0.6 lets σ move by
// orders of magnitude in a few hundred steps (Σ t^(−0.6) ≈ 2.5 t^0.4).
constexpr double kGainExponent = 0.6;

}  // namespace

std::vector<ParamDescriptor> RandomWalkMetropolisSampler::descriptors() {
  return {
      {"scale", "proposal scale σ", ParamKind::Real, 1e-6, 100.0, 1.0, true,
       "Proposal θ' = θ + σ·N(0, I); with adapt on, where σ starts (burn-in tunes it)"},
      {"adapt", "adapt σ in burn-in", ParamKind::Boolean, 0, 1, 1, false,
       "Tune σ during burn-in toward acceptance 0.234 (0.44 in 1-D), then freeze it so the kept "
       "chain is exact"},
  };
}

std::vector<ChannelDescriptor> RandomWalkMetropolisSampler::channels() {
  return {{.id = "proposal_scale",
           .label = "σ",
           .description = "the proposal scale σ used after burn-in (adapted toward acceptance "
                          "0.234, 0.44 in 1-D)",
           .kind = ChannelKind::Setting,
           .summary_key = "proposal_scale",
           .metric_column = true}};
}

void RandomWalkMetropolisSampler::regression_defaults(RegressionScale& scale) {
  const double sd = scale.smallest_sd();
  if (sd > 0.0) scale.set("scale", 2.38 * sd / std::sqrt(double(scale.target().dim())));
}

void RandomWalkMetropolisSampler::set_params(const ParamValues& params) {
  const double scale = params.at("scale");
  adapt_ = params.at("adapt") != 0.0;
  // Any parameter change calls this; only a new `scale` replaces the adapted σ.
  if (scale != scale_param_) {
    scale_param_ = scale;
    set_scale(scale);
  }
}

void RandomWalkMetropolisSampler::reset(const Vec& theta0, Rng& rng) {
  Sampler::reset(theta0, rng);
  r_.setZero();  // no momentum: H is U alone
  adaptation_steps_ = 0;
  set_scale(scale_param_);
  potential_ = target_.potential(theta_.data());
  counters_.density_evaluations += static_cast<std::uint64_t>(target_.evaluation_cost());
}

void RandomWalkMetropolisSampler::set_scale(double scale) {
  scale_ = scale;
  channel_tally(0) = {scale, 1};
}

void RandomWalkMetropolisSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  const auto cost = static_cast<std::uint64_t>(target_.evaluation_cost());
  const double target_accept = target_acceptance(dim);
  for (std::uint64_t s = 0; s < steps; ++s) {
    for (int i = 0; i < dim; ++i) proposal_[i] = theta_[i] + scale_ * rng.normal();
    const double proposed_potential = target_.potential(proposal_.data());
    counters_.density_evaluations += cost;
    // A proposal where U is not finite (outside the support) is an ordinary rejection, not a
    // divergence: nothing was integrated.
    const double delta = proposed_potential - potential_;
    const double accept_prob =
        std::isfinite(proposed_potential) ? (delta <= 0.0 ? 1.0 : std::exp(-delta)) : 0.0;
    const bool accepted = accept_prob >= 1.0 || rng.uniform() < accept_prob;
    if (accepted) {
      theta_ = proposal_;
      potential_ = proposed_potential;
    }
    if (adapt_ && counters_.steps < store.burnin()) {
      ++adaptation_steps_;
      const double gain = std::pow(double(adaptation_steps_), -kGainExponent);
      set_scale(scale_ * std::exp(gain * (accept_prob - target_accept)));
    }
    finish_metropolis_step(store, accepted, accept_prob, false, potential_);
  }
}

SamplerInfo RandomWalkMetropolisSampler::info() {
  return {"rwm",
          "Random-walk Metropolis",
          "RWM",
          "Metropolis et al. 1953; adaptation: Andrieu & Thoms 2008, Alg. 4",
          "θ' = θ + σ N(0, I); MH with U; σ tuned in burn-in to acceptance 0.234 (0.44 in 1-D)",
          RandomWalkMetropolisSampler::descriptors(),
          sampler_factory<RandomWalkMetropolisSampler>(),
          {.output_kind = OutputKind::Exact,
           .channels = RandomWalkMetropolisSampler::channels(),
           .regression_defaults = RandomWalkMetropolisSampler::regression_defaults,
           .palette_slot = 6}};
}

}  // namespace sgl
