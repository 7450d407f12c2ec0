// Reading and writing the JSON of scenario files, shared by the section parsers
// (scenario_parse.cpp) and the writer (scenario_write.cpp): an object whose keys must all be
// known, typed readers whose messages name the field's path ("s.json.chains[0].params"), and
// parameter values read against the sampler's or target's descriptors.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

#include "core/samplers/sampler_registry.hpp"
#include "core/util/params.hpp"

namespace sgl::scenario_json {

using json = nlohmann::ordered_json;

// A JSON object being read: every key must be consumed or listed as allowed, so an unknown
// (e.g. misspelt) key is an error naming its path.
class Fields {
 public:
  Fields(const json& value, std::string path);
  std::string where(const std::string& key) const { return path_ + "." + key; }
  const json* get(const std::string& key);  // nullptr when absent
  const json& require(const std::string& key);
  void ignore(const std::string& key) { seen_.insert(key); }
  // Call last: rejects keys nobody asked for.
  void finish() const;

 private:
  const json& value_;
  std::string path_;
  std::set<std::string> seen_;
};

// Typed readers; each throws UserError naming `where`.
std::string as_string(const json& value, const std::string& where);
double as_number(const json& value, const std::string& where);  // finite
std::uint64_t as_count(const json& value, const std::string& where, std::uint64_t minimum,
                       std::uint64_t maximum = std::numeric_limits<std::uint64_t>::max());
bool as_bool(const json& value, const std::string& where);
std::vector<std::string> as_string_list(const json& value, const std::string& where);
// Finite numbers, at most `max_values` of them (a coordinate vector).
std::vector<double> as_number_list(const json& value, const std::string& where,
                                   std::size_t max_values);

// Parameter values: numbers, true/false, or the names of choices ("uniform", "auto").
// `accept_gradient_noise`: also parse batch_size/noise_var (as the command line does), so that
// an exact-gradient sampler itself can say why they do not apply.
ParamValues parse_params(const json& value, const std::vector<ParamDescriptor>& descriptors,
                         const std::string& where, const std::string& owner,
                         bool accept_gradient_noise);
// The JSON of parameter values: booleans and choices by name, numbers otherwise.
json params_json(const ParamValues& params, const std::vector<ParamDescriptor>& descriptors);

// The registry entry of sampler `id`, or a UserError naming `where` and the known ids.
const SamplerInfo& sampler_info(const std::string& id, const std::string& where);
// A sampler's parameter values, read and validated for a target of this kind.
ParamValues parse_sampler_params(const json& value, const std::string& sampler,
                                 const std::string& where, bool data_target);
// A sampler's parameter values as JSON (an unknown sampler writes none).
json sampler_params_json(const std::string& sampler, const ParamValues& params);

}  // namespace sgl::scenario_json
