#include "app/cli/sampler_labels.hpp"

#include <map>

namespace sgl {

std::vector<std::string> sampler_labels(const RunSpec& spec) {
  std::map<std::string, int> occurrences;
  std::vector<std::string> labels;
  labels.reserve(spec.samplers.size());
  for (const SamplerSpec& sampler : spec.samplers) {
    const int occurrence = ++occurrences[sampler.id];
    labels.push_back(occurrence == 1 ? sampler.id : sampler.id + "#" + std::to_string(occurrence));
  }
  return labels;
}

}  // namespace sgl
