#include "app/scenario/scenario_json.hpp"

#include <cmath>

#include "core/util/error.hpp"

namespace sgl::scenario_json {

Fields::Fields(const json& value, std::string path) : value_(value), path_(std::move(path)) {
  if (!value_.is_object()) throw UserError(path_ + " must be a JSON object");
}

const json* Fields::get(const std::string& key) {
  seen_.insert(key);
  auto it = value_.find(key);
  return it == value_.end() ? nullptr : &*it;
}

const json& Fields::require(const std::string& key) {
  const json* value = get(key);
  if (!value) throw UserError(where(key) + " is missing");
  return *value;
}

void Fields::finish() const {
  for (auto it = value_.begin(); it != value_.end(); ++it)
    if (!seen_.count(it.key())) {
      std::string known;
      for (const auto& key : seen_) known += (known.empty() ? "" : ", ") + key;
      throw UserError(where(it.key()) + ": unknown key (known here: " + known + ")");
    }
}

std::string as_string(const json& value, const std::string& where) {
  if (!value.is_string()) throw UserError(where + " must be a string");
  return value.get<std::string>();
}

double as_number(const json& value, const std::string& where) {
  if (!value.is_number()) throw UserError(where + " must be a number");
  const double number = value.get<double>();
  if (!std::isfinite(number)) throw UserError(where + " must be finite");
  return number;
}

std::uint64_t as_count(const json& value, const std::string& where, std::uint64_t minimum,
                       std::uint64_t maximum) {
  if (!value.is_number_integer() ||
      (value.is_number_integer() && value.get<std::int64_t>() < 0 && !value.is_number_unsigned()))
    throw UserError(where + " must be a whole number >= " + std::to_string(minimum));
  const std::uint64_t count = value.get<std::uint64_t>();
  if (count < minimum) throw UserError(where + " must be at least " + std::to_string(minimum));
  // Checked before any narrowing cast, so 2^32 + 1 is not read as 1.
  if (count > maximum) throw UserError(where + " must be at most " + std::to_string(maximum));
  return count;
}

bool as_bool(const json& value, const std::string& where) {
  if (!value.is_boolean()) throw UserError(where + " must be true or false");
  return value.get<bool>();
}

std::vector<std::string> as_string_list(const json& value, const std::string& where) {
  if (!value.is_array()) throw UserError(where + " must be a list of strings");
  std::vector<std::string> list;
  for (std::size_t i = 0; i < value.size(); ++i)
    list.push_back(as_string(value[i], where + "[" + std::to_string(i) + "]"));
  return list;
}

std::vector<double> as_number_list(const json& value, const std::string& where,
                                   std::size_t max_values) {
  if (!value.is_array()) throw UserError(where + " must be a list of numbers");
  if (value.size() > max_values)
    throw UserError(where + " has " + std::to_string(value.size()) +
                    " values, more than any target has coordinates (" + std::to_string(max_values) +
                    ")");
  std::vector<double> list;
  for (std::size_t i = 0; i < value.size(); ++i)
    list.push_back(as_number(value[i], where + "[" + std::to_string(i) + "]"));
  return list;
}

ParamValues parse_params(const json& value, const std::vector<ParamDescriptor>& descriptors,
                         const std::string& where, const std::string& owner,
                         bool accept_gradient_noise) {
  if (!value.is_object()) throw UserError(where + " must be a JSON object of parameter values");
  std::vector<ParamDescriptor> accepted = descriptors;
  // As on the command line: exact-gradient samplers parse batch_size/noise_var so that the
  // sampler itself can say why they do not apply.
  if (accept_gradient_noise)
    for (const char* name : {"batch_size", "noise_var"})
      if (!find_descriptor(accepted, name))
        accepted.push_back(
            {name, name, ParamKind::Real, 0, 1e300, 0, false, "", {}, ParamScope::Any});
  ParamValues params;
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string key_where = where + "." + it.key();
    const ParamDescriptor* descriptor = find_descriptor(accepted, it.key());
    if (!descriptor) {
      std::string known;
      for (const auto& d : descriptors) known += (known.empty() ? "" : ", ") + d.name;
      throw UserError(key_where + ": unknown parameter of " + owner + " (known: " + known + ")");
    }
    const json& item = it.value();
    double number = 0.0;
    if (item.is_boolean()) {
      number = item.get<bool>() ? 1.0 : 0.0;
      if (descriptor->kind != ParamKind::Boolean) throw UserError(key_where + " is not a boolean");
    } else if (item.is_string()) {
      number = parse_param_value(*descriptor, item.get<std::string>(), key_where);
    } else {
      number = as_number(item, key_where);
    }
    params[it.key()] = number;
  }
  return params;
}

json params_json(const ParamValues& params, const std::vector<ParamDescriptor>& descriptors) {
  json out = json::object();
  for (const auto& [name, value] : params) {
    const ParamDescriptor* d = find_descriptor(descriptors, name);
    if (d && d->kind == ParamKind::Boolean) {
      out[name] = value != 0.0;
    } else if (d && (d->kind == ParamKind::Choice || (d->zero_means_auto && value == 0.0))) {
      out[name] = format_param_value(*d, value);
    } else {
      out[name] = value;
    }
  }
  return out;
}

const SamplerInfo& sampler_info(const std::string& id, const std::string& where) {
  const SamplerInfo* info = find_sampler_info(id);
  if (!info) {
    std::string known;
    for (const auto& entry : sampler_catalogue()) known += (known.empty() ? "" : ", ") + entry.id;
    throw UserError(where + ": unknown sampler '" + id + "' (known: " + known + ")");
  }
  return *info;
}

ParamValues parse_sampler_params(const json& value, const std::string& sampler,
                                 const std::string& where, bool data_target) {
  const SamplerInfo& info = sampler_info(sampler, where);
  ParamValues params = parse_params(value, info.params, where, "sampler '" + sampler + "'", true);
  validate_params(params, info.params, where, data_target);
  return params;
}

json sampler_params_json(const std::string& sampler, const ParamValues& params) {
  const SamplerInfo* info = find_sampler_info(sampler);
  return info ? params_json(params, info->params) : json::object();
}

}  // namespace sgl::scenario_json
