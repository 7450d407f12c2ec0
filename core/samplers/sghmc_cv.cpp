#include "core/samplers/sghmc_cv.hpp"

#include "core/samplers/sampler_registry.hpp"

namespace sgl {

std::vector<ParamDescriptor> SghmcCvSampler::descriptors() {
  return control_variate_descriptors(SghmcSampler::descriptors());
}

SamplerInfo SghmcCvSampler::info() {
  return {"sghmc-cv",
          "SGHMC with control variates",
          "SGHMC-CV",
          "Chen et al. 2014, eq. 13; Dang et al. 2019, §6.2",
          "θ += εr; r += −ε∇Ũ_cv(θ) − εCr + N(0, 2(C−B̂)ε), ∇Ũ_cv centred at the MAP",
          SghmcCvSampler::descriptors(),
          sampler_factory<SghmcCvSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .stability = sghmc_stability(),
           .regression_defaults = sghmc_regression_defaults,
           .biased_when = SghmcSampler::biased_without_friction,
           .gradient_noise_view =
               [](const ParamValues& p) {
                 return SghmcSampler::friction_noise_view(p, control_variate_estimate(p));
               },
           .one_step_per_iteration = [](const ParamValues&) { return true; },
           .palette_slot = 3}};
}

}  // namespace sgl
