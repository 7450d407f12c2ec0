#include "core/samplers/sghmc.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {

std::vector<ParamDescriptor> SghmcSampler::descriptors() {
  return {
      step_size_param(0.1, "Discretisation step ε; no MH, so the bias shrinks only as ε → 0"),
      {"friction", "friction C", ParamKind::Real, 0.0, 100.0, 1.0, false,
       "Friction that counteracts the gradient noise and keeps the energy bounded (Chen eq. 13)"},
      {"noise_estimate", "noise estimate B̂", ParamKind::Real, 0.0, 100.0, 0.0, false,
       "Estimate of the gradient-noise diffusion B = ½εV subtracted from the injected noise; "
       "must not exceed C"},
      {"resample_every", "resample r every", ParamKind::Integer, 0, 1e6, 0, false,
       "Redraw r ~ N(0, I) every this many steps (0 = never)"},
      noise_var_param(),
      batch_size_param(),
  };
}

void SghmcSampler::set_params(const ParamValues& params) {
  const double step_size = params.at("step_size");
  const double friction = params.at("friction");
  const double noise_estimate = params.at("noise_estimate");
  if (friction < noise_estimate) {
    std::ostringstream msg;
    msg << id_ << ": friction C = " << friction << " is below noise_estimate B̂ = " << noise_estimate
        << "; the injected noise variance 2(C − B̂)ε would be negative";
    throw UserError(msg.str());
  }
  step_size_ = step_size;
  friction_ = friction;
  injected_sd_ = std::sqrt(2.0 * (friction - noise_estimate) * step_size);
  resample_every_ = static_cast<std::uint64_t>(params.at("resample_every"));
  set_gradient_params(params);
}

void SghmcSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  double* theta = theta_.data();
  double* r = r_.data();
  double* grad = grad_.data();
  const double momentum_keep = 1.0 - step_size_ * friction_;
  for (std::uint64_t s = 0; s < steps; ++s) {
    const bool observed = observe_free_step_start();
    for (int i = 0; i < dim; ++i) theta[i] += step_size_ * r[i];
    estimate_gradient(theta, grad, rng);
    // r ← r − ε∇Ũ − εC r + N(0, 2(C − B̂)ε), with the friction on the pre-update momentum.
    for (int i = 0; i < dim; ++i)
      r[i] = momentum_keep * r[i] - step_size_ * grad[i] + injected_sd_ * rng.normal();
    if (observed) observe_free_step_end();
    if (resample_every_ != 0 && (counters_.steps + 1) % resample_every_ == 0)
      for (int i = 0; i < dim; ++i) r[i] = rng.normal();
    if (!finish_free_step(store)) break;
  }
  sync_gradient_count();
}

std::string SghmcSampler::divergence_cause() const {
  // The momentum update multiplies r by 1 − εC: beyond εC = 2 that factor is below −1, so r
  // flips sign and grows every step whatever the target.
  const double ec = step_size_ * friction_;
  std::ostringstream cause;
  cause.precision(3);
  if (ec >= 2.0) {
    cause << "εC too large (εC = " << ec << " > 2): the friction flips and grows r every step; "
          << "lower C or ε";
    return cause.str();
  }
  // Within the curvature limits the usual cause on data is the minibatch noise.
  const std::string noise = minibatch_noise_cause(
      step_size_, friction_, "2εC + ε²λ_max",
      [&](double lambda) { return 2.0 * ec + step_size_ * step_size_ * lambda; }, "ε");
  if (!noise.empty()) return noise;
  cause << "ε = " << step_size_ << " too large for the curvature at C = " << friction_
        << " (stable needs 2εC + ε²λ_max < 4); lower ε";
  return cause.str();
}

bool SghmcSampler::biased_without_friction(const ParamValues& params) {
  return param_or(params, "friction", 1.0) == 0.0;
}

GradientNoiseView SghmcSampler::friction_noise_view(const ParamValues& params,
                                                    GradientEstimate estimate) {
  return {param_or(params, "step_size", 0.0), param_or(params, "friction", 0.0),
          param_or(params, "noise_estimate", 0.0), estimate};
}

SamplerInfo SghmcSampler::info() {
  return {
      "sghmc",
      "SGHMC (friction)",
      "SGHMC",
      "Chen, Fox & Guestrin 2014, Alg. 2, eq. 13",
      "θ += εr; r += −ε∇Ũ(θ) − εCr + N(0, 2(C−B̂)ε)",
      SghmcSampler::descriptors(),
      sampler_factory<SghmcSampler>(),
      {.output_kind = OutputKind::Asymptotic,
       .stability = sghmc_stability(),
       .regression_defaults = minibatch_sghmc_regression_defaults,
       .biased_when = biased_without_friction,
       .gradient_noise_view =
           [](const ParamValues& p) { return friction_noise_view(p, GradientEstimate::Minibatch); },
       .one_step_per_iteration = [](const ParamValues&) { return true; },
       .palette_slot = 1}};
}

}  // namespace sgl
