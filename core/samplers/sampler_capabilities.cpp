#include "core/samplers/sampler_capabilities.hpp"

#include "core/samplers/sampler_registry.hpp"

namespace sgl {

double param_or(const ParamValues& full, const std::string& name, double fallback) {
  const auto it = full.find(name);
  return it != full.end() ? it->second : fallback;
}

GradientNoiseView gradient_noise_view_of(const std::string& sampler_id, const ParamValues& full) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  if (info != nullptr && info->traits.gradient_noise_view != nullptr)
    return info->traits.gradient_noise_view(full);
  // Without a declared view: the common step size (common_params.hpp), no friction.
  GradientNoiseView view;
  view.step_size = param_or(full, "step_size", 0.0);
  return view;
}

bool one_step_per_iteration(const std::string& sampler_id, const ParamValues& full) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  return info != nullptr && info->traits.one_step_per_iteration != nullptr &&
         info->traits.one_step_per_iteration(full);
}

bool energy_is_estimate(const std::string& sampler_id) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  return info != nullptr && info->traits.energy_is_estimate;
}

}  // namespace sgl
