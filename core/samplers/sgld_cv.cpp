#include "core/samplers/sgld_cv.hpp"

#include "core/samplers/sampler_registry.hpp"

namespace sgl {

std::vector<ParamDescriptor> SgldCvSampler::descriptors() {
  return control_variate_descriptors(SgldSampler::descriptors());
}

SamplerInfo SgldCvSampler::info() {
  return {"sgld-cv",
          "SGLD with control variates",
          "SGLD-CV",
          "Baker, Fearnhead, Fox & Nemeth 2017; Dang et al. 2019, §6.2",
          "θ += −(ε/2)∇Ũ_cv(θ) + N(0, ε), ∇Ũ_cv centred at the MAP",
          SgldCvSampler::descriptors(),
          sampler_factory<SgldCvSampler>(),
          {.output_kind = OutputKind::Asymptotic,
           .stability = langevin_stability(),
           .regression_defaults = langevin_regression_defaults,
           .gradient_noise_view =
               [](const ParamValues& p) {
                 return GradientNoiseView{param_or(p, "step_size", 0.0), std::nullopt, std::nullopt,
                                          control_variate_estimate(p)};
               },
           .palette_slot = 4}};
}

}  // namespace sgl
