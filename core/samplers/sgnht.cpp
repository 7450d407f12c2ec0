#include "core/samplers/sgnht.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

std::vector<ParamDescriptor> SgnhtSampler::descriptors() {
  return {
      step_size_param(0.1, "Discretisation step ε; no MH, so the bias shrinks only as ε → 0"),
      {"diffusion", "diffusion A", ParamKind::Real, 0.0, 100.0, 1.0, false,
       "Injected noise √(2Aε) and the thermostat's start ξ = A; the thermostat adds the friction "
       "the unknown gradient noise needs"},
      noise_var_param(),
      batch_size_param(),
  };
}

std::vector<ChannelDescriptor> SgnhtSampler::channels() {
  return {{.id = "thermostat",
           .label = "ξ",
           .description = "the thermostat ξ, an adaptive friction: it settles near A + B, B = ½εV "
                          "the gradient-noise diffusion (A alone with exact gradients)",
           .kind = ChannelKind::PerDraw,
           .summary_key = "thermostat_mean",
           .csv_column = "thermostat",
           .csv_absent = 0.0,
           .traced = true,
           .metric_column = true}};
}

void SgnhtSampler::set_params(const ParamValues& params) {
  // A change mid-run keeps ξ where the thermostat has taken it.
  step_size_ = params.at("step_size");
  diffusion_ = params.at("diffusion");
  injected_sd_ = std::sqrt(2.0 * diffusion_ * step_size_);
  set_gradient_params(params);
}

void SgnhtSampler::reset(const Vec& theta0, Rng& rng) {
  StochasticGradientSampler::reset(theta0, rng);
  thermostat_ = diffusion_;
}

void SgnhtSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  double* theta = theta_.data();
  double* r = r_.data();
  double* grad = grad_.data();
  for (std::uint64_t s = 0; s < steps; ++s) {
    const bool observed = observe_free_step_start();
    estimate_gradient(theta, grad, rng);
    double kinetic_sum = 0.0;  // rᵀr after the momentum update
    for (int i = 0; i < dim; ++i) {
      r[i] += -thermostat_ * r[i] * step_size_ - step_size_ * grad[i] + injected_sd_ * rng.normal();
      kinetic_sum += r[i] * r[i];
    }
    for (int i = 0; i < dim; ++i) theta[i] += step_size_ * r[i];
    thermostat_ += (kinetic_sum / double(dim) - 1.0) * step_size_;
    if (observed) observe_free_step_end();
    channel_tally(0).add(thermostat_);
    if (!finish_free_step(store, &thermostat_, 1)) break;
  }
  sync_gradient_count();
}

std::string SgnhtSampler::divergence_cause() const {
  std::ostringstream cause;
  cause.precision(3);
  cause << "ε = " << step_size_ << " too large for the curvature (ξ = " << thermostat_
        << "; stable needs 2εξ + ε²λ_max < 4): lower ε";
  return cause.str();
}

SamplerInfo SgnhtSampler::info() {
  return {"sgnht",
          "SGNHT (thermostat)",
          "SGNHT",
          "Ding, Fang, Babbush, Chen, Skeel & Neven 2014, Alg. 1",
          "r += −ξrε − ∇Ũ(θ)ε + N(0, 2Aε); θ += εr; ξ += (rᵀr/d − 1)ε (ξ adapts to the noise)",
          SgnhtSampler::descriptors(),
          sampler_factory<SgnhtSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .channels = SgnhtSampler::channels(),
           .stability = leapfrog_stability(),
           .regression_defaults = sghmc_regression_defaults,
           .one_step_per_iteration = [](const ParamValues&) { return true; },
           .palette_slot = 5}};
}

}  // namespace sgl
