#include "app/cli/sampler_labels.hpp"

#include <map>

namespace sgl {

std::vector<std::string> sampler_labels(const RunSpec& spec) {
  std::map<std::string, int> occurrences;
  std::vector<std::string> labels;
  labels.reserve(spec.chains.size());
  for (const ChainSpec& chain : spec.chains) {
    const std::string& id = chain.sampler_id;
    const int occurrence = ++occurrences[id];
    labels.push_back(occurrence == 1 ? id : id + "#" + std::to_string(occurrence));
  }
  return labels;
}

}  // namespace sgl
