#include "core/run/run_spec.hpp"

#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/rng.hpp"

namespace sgl {

SamplerSpec parse_sampler_spec(const std::string& text) {
  const auto colon = text.find(':');
  SamplerSpec spec;
  spec.id = text.substr(0, colon);
  const SamplerInfo* info = find_sampler_info(spec.id);
  if (!info) {
    std::string known;
    for (const auto& entry : sampler_catalogue()) known += (known.empty() ? "" : ", ") + entry.id;
    throw UserError("unknown sampler '" + spec.id + "' (known: " + known + ")");
  }
  if (colon == std::string::npos) return spec;
  std::vector<ParamDescriptor> accepted = info->params;
  // Let the exact-gradient samplers parse batch_size/noise_var so that make_sampler can explain
  // why they do not apply, rather than calling them unknown.
  for (const char* name : {"batch_size", "noise_var"})
    if (!find_descriptor(accepted, name))
      accepted.push_back(
          {name, name, ParamKind::Real, 0, 1e300, 0, false, "", {}, ParamScope::Any});
  spec.params = parse_param_list(text.substr(colon + 1), accepted, spec.id);
  return spec;
}

std::uint64_t chain_seed(std::uint64_t run_seed, std::size_t sampler_position, int chain) {
  return derive_seed(run_seed, (static_cast<std::uint64_t>(sampler_position) << 32) |
                                   static_cast<std::uint64_t>(chain));
}

}  // namespace sgl
