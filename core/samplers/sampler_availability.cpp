#include "core/samplers/sampler_availability.hpp"

#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"

namespace sgl {

std::map<std::string, std::string> unavailable_samplers(const Target& target) {
  std::map<std::string, std::string> reasons;
  if (target.as_data_target()) return reasons;
  for (const SamplerInfo& info : sampler_catalogue()) {
    try {
      make_sampler(info.id, target, {});
    } catch (const UserError& error) {
      reasons[info.id] = error.what();
    }
  }
  return reasons;
}

}  // namespace sgl
