#include "core/samplers/sgld.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

std::vector<ParamDescriptor> SgldSampler::descriptors() {
  return {
      step_size_param(0.01, "Step ε: drift −(ε/2)∇Ũ plus N(0, ε) noise; bias grows with ε"),
      {"schedule_a", "schedule a", ParamKind::Real, 0.0, 10.0, 0.0, false,
       "If > 0, use the decreasing step ε_t = a (b + t)^−γ instead of a fixed ε"},
      {"schedule_b", "schedule b", ParamKind::Real, 0.0, 1e9, 1.0, false,
       "Offset b in ε_t = a (b + t)^−γ"},
      {"schedule_gamma", "schedule γ", ParamKind::Real, 0.0, 1.0, 0.55, false,
       "Decay exponent γ in ε_t = a (b + t)^−γ (Welling & Teh: γ ∈ (0.5, 1])"},
      noise_var_param(),
      batch_size_param(),
  };
}

void SgldSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");
  schedule_a_ = params.at("schedule_a");
  schedule_b_ = params.at("schedule_b");
  schedule_gamma_ = params.at("schedule_gamma");
  set_gradient_params(params);
}

void SgldSampler::reset(const Vec& theta0, Rng& rng) {
  StochasticGradientSampler::reset(theta0, rng);
  r_.setZero();
  remember_good_state(target_.potential(theta_.data()));
}

void SgldSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  double* theta = theta_.data();
  double* grad = grad_.data();
  for (std::uint64_t s = 0; s < steps; ++s) {
    const double step =
        schedule_a_ > 0.0
            ? schedule_a_ *
                  std::pow(schedule_b_ + static_cast<double>(counters_.steps), -schedule_gamma_)
            : step_size_;
    const double noise_sd = std::sqrt(step);
    estimate_gradient(theta, grad, rng);
    for (int i = 0; i < dim; ++i) theta[i] += -0.5 * step * grad[i] + noise_sd * rng.normal();
    if (!finish_free_step(store)) break;
  }
  sync_gradient_count();
}

std::string SgldSampler::divergence_cause() const {
  std::ostringstream cause;
  cause.precision(3);
  if (schedule_a_ > 0.0) {
    cause << "the scheduled step ε_t = a(b + t)^−γ (a = " << schedule_a_
          << ") is too large for the curvature: each step overshoots the mode; lower a or raise b";
    return cause.str();
  }
  // Within the curvature limit the usual cause on data is the minibatch noise: (ε/2)²·Cov(G_B)
  // against the injected ε per step, the noise ratio at friction 2.
  const std::string noise = minibatch_noise_cause(
      step_size_, 2.0, "ελ_max", [&](double lambda) { return step_size_ * lambda; }, "ε");
  if (!noise.empty()) return noise;
  cause << "step ε = " << step_size_ << " too large for the curvature: each step overshoots "
        << "the mode (stable needs ε < 4/λ_max); lower ε";
  return cause.str();
}

SamplerInfo SgldSampler::info() {
  return {"sgld",
          "SGLD",
          "SGLD",
          "Welling & Teh 2011 (form of Dang et al. 2019, §6.2)",
          "θ += −(ε/2)∇Ũ(θ) + N(0, ε)",
          SgldSampler::descriptors(),
          sampler_factory<SgldSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .stability = langevin_stability(),
           .regression_defaults = minibatch_langevin_regression_defaults,
           .palette_slot = 2}};
}

}  // namespace sgl
