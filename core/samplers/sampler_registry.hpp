// Sampler ids → descriptors and factories. The ids and parameter names are the public contract
// shared by the CLI, the GUI and scenario files (docs/algorithms.md#sampler-ids-and-parameters).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "core/samplers/sampler.hpp"

namespace sgl {

struct SamplerInfo {
  std::string id;          // e.g. "sghmc"
  std::string name;        // e.g. "SGHMC with friction"
  std::string short_name;  // a chain's default label, e.g. "SGHMC" (then "SGHMC 2", ...)
  std::string reference;   // paper and equation/algorithm
  std::string summary;     // one line: the update rule
  std::vector<ParamDescriptor> params;
  std::function<std::unique_ptr<Sampler>(const Target&)> create;
};

const std::vector<SamplerInfo>& sampler_catalogue();
const SamplerInfo* find_sampler_info(const std::string& id);

// Creates a sampler with the given (user) parameters: validates them against the descriptors and
// the target kind, fills defaults, and applies them. Throws UserError with a one-line message.
std::unique_ptr<Sampler> make_sampler(const std::string& id, const Target& target,
                                      const ParamValues& params);

}  // namespace sgl
