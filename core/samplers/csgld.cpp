#include "core/samplers/csgld.hpp"

#include <cmath>
#include <sstream>

#include "core/samplers/common_params.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {

std::vector<ParamDescriptor> CsgldSampler::descriptors() {
  std::vector<ParamDescriptor> params = {
      step_size_param(0.1,
                      "Peak step ε at the start of each cycle (SGLD's ε: drift −(ε_k/2)∇Ũ, noise "
                      "N(0, ε_k)); the peak must stay below 4/λ_max or the cycle's top diverges"),
  };
  for (ParamDescriptor& cycle : cycle_descriptors()) params.push_back(std::move(cycle));
  params.push_back(noise_var_param());
  params.push_back(batch_size_param());
  return params;
}

void CsgldSampler::set_params(const ParamValues& params) {
  step_size_ = params.at("step_size");
  set_cycle_params(params);
  set_gradient_params(params);
}

void CsgldSampler::reset(const Vec& theta0, Rng& rng) {
  CyclicalSampler::reset(theta0, rng);
  r_.setZero();
  remember_good_state(target_.potential(theta_.data()));
}

void CsgldSampler::run(std::uint64_t steps, Rng& rng, DrawSink& store) {
  const int dim = target_.dim();
  double* theta = theta_.data();
  double* grad = grad_.data();
  for (std::uint64_t s = 0; s < steps; ++s) {
    const Stage stage = stage_at(counters_.steps + 1, step_size_);
    estimate_gradient(theta, grad, rng);
    if (stage.exploring) {
      for (int i = 0; i < dim; ++i) theta[i] -= 0.5 * stage.step * grad[i];
    } else {
      const double noise_sd = std::sqrt(stage.step);
      for (int i = 0; i < dim; ++i)
        theta[i] += -0.5 * stage.step * grad[i] + noise_sd * rng.normal();
    }
    if (!finish_cyclical_step(store, stage)) break;
  }
  sync_gradient_count();
}

std::string CsgldSampler::divergence_cause() const {
  std::ostringstream cause;
  cause.precision(3);
  cause << "the cycle's peak step ε = " << step_size_
        << " is too large for the curvature (stable needs ε < 4/λ_max): lower ε";
  return cause.str();
}

SamplerInfo CsgldSampler::info() {
  return {"csgld",
          "Cyclical SGLD",
          "cSGLD",
          "Zhang, Li, Zhang, Chen & Wilson 2020, Alg. 1, eq. 1 (with SGLD)",
          "ε_k = (ε/2)(cos πr_k + 1), r_k = ((k−1) mod L)/L; r_k < β: θ += −(ε_k/2)∇Ũ (explore, "
          "not kept); else θ += −(ε_k/2)∇Ũ + N(0, ε_k) (kept)",
          CsgldSampler::descriptors(),
          sampler_factory<CsgldSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .channels = CyclicalSampler::channels(),
           .stability = langevin_stability(),
           .regression_defaults = CyclicalSampler::csgld_regression_defaults,
           .palette_slot = 4}};
}

}  // namespace sgl
