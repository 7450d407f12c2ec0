#include "core/run/chain_spec.hpp"

#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {

ChainSpec parse_chain_spec(const std::string& text) {
  const auto colon = text.find(':');
  ChainSpec spec;
  spec.sampler_id = text.substr(0, colon);
  const SamplerInfo* info = find_sampler_info(spec.sampler_id);
  if (!info) {
    std::string known;
    for (const auto& entry : sampler_catalogue()) known += (known.empty() ? "" : ", ") + entry.id;
    throw UserError("unknown sampler '" + spec.sampler_id + "' (known: " + known + ")");
  }
  if (colon == std::string::npos) return spec;
  std::vector<ParamDescriptor> accepted = info->params;
  // Let the exact-gradient samplers parse batch_size/noise_var so that make_sampler can explain
  // why they do not apply, rather than calling them unknown.
  for (const char* name : {"batch_size", "noise_var"})
    if (!find_descriptor(accepted, name))
      accepted.push_back(
          {name, name, ParamKind::Real, 0, 1e300, 0, false, "", {}, ParamScope::Any});
  spec.params = parse_param_list(text.substr(colon + 1), accepted, spec.sampler_id);
  return spec;
}

}  // namespace sgl
