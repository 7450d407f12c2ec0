#include "core/util/params.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

std::string known_names(const std::vector<ParamDescriptor>& descriptors) {
  std::string names;
  for (const auto& d : descriptors) names += (names.empty() ? "" : ", ") + d.name;
  return names.empty() ? "(none)" : names;
}

std::string trim(const std::string& s) {
  const auto begin = s.find_first_not_of(" \t");
  if (begin == std::string::npos) return "";
  const auto end = s.find_last_not_of(" \t");
  return s.substr(begin, end - begin + 1);
}

}  // namespace

const ParamDescriptor* find_descriptor(const std::vector<ParamDescriptor>& descriptors,
                                       const std::string& name) {
  for (const auto& d : descriptors)
    if (d.name == name) return &d;
  return nullptr;
}

double parse_param_value(const ParamDescriptor& d, const std::string& raw,
                         const std::string& owner) {
  const std::string text = trim(raw);
  const std::string where = owner + ": parameter '" + d.name + "'";
  if (d.kind == ParamKind::Boolean) {
    if (text == "true" || text == "1" || text == "yes" || text == "on") return 1.0;
    if (text == "false" || text == "0" || text == "no" || text == "off") return 0.0;
    throw UserError(where + " expects true or false, got '" + excerpt(text) + "'");
  }
  if (d.kind == ParamKind::Choice) {
    for (std::size_t i = 0; i < d.choices.size(); ++i)
      if (d.choices[i] == text) return static_cast<double>(i);
    std::string options;
    for (const auto& c : d.choices) options += (options.empty() ? "" : " | ") + c;
    throw UserError(where + " expects one of " + options + ", got '" + excerpt(text) + "'");
  }
  if (d.zero_means_auto && text == "auto") return 0.0;
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || end != text.c_str() + text.size())
    throw UserError(where + " expects a number, got '" + excerpt(text) + "'");
  return value;
}

ParamValues parse_param_list(const std::string& text,
                             const std::vector<ParamDescriptor>& descriptors,
                             const std::string& owner) {
  ParamValues values;
  std::stringstream stream(text);
  std::string item;
  while (std::getline(stream, item, ',')) {
    item = trim(item);
    if (item.empty()) continue;
    const auto eq = item.find('=');
    if (eq == std::string::npos)
      throw UserError(owner + ": expected key=value, got '" + excerpt(item) + "'");
    const std::string key = trim(item.substr(0, eq));
    const ParamDescriptor* d = find_descriptor(descriptors, key);
    if (!d)
      throw UserError(owner + ": unknown parameter '" + excerpt(key) +
                      "' (known: " + known_names(descriptors) + ")");
    if (values.count(key))
      throw UserError(owner + ": parameter '" + excerpt(key) + "' given twice");
    // Where both NAME and NAME2 are parameters, "NAME=AxB" is short for "NAME=A,NAME2=B" (the
    // MLP's hidden=20x10: two layer widths in one word).
    std::string value = item.substr(eq + 1);
    const ParamDescriptor* second = find_descriptor(descriptors, key + "2");
    if (const auto x = value.find('x'); second != nullptr && x != std::string::npos) {
      if (values.count(second->name))
        throw UserError(owner + ": parameter '" + second->name + "' given twice");
      if (value.find('x', x + 1) != std::string::npos)
        throw UserError(owner + ": parameter '" + key + "' expects A or AxB, got '" +
                        excerpt(value) + "'");
      values[second->name] = parse_param_value(*second, value.substr(x + 1), owner);
      value.resize(x);
    }
    values[key] = parse_param_value(*d, value, owner);
  }
  return values;
}

void validate_params(const ParamValues& values, const std::vector<ParamDescriptor>& descriptors,
                     const std::string& owner, bool data_target) {
  for (const auto& [name, value] : values) {
    const ParamDescriptor* d = find_descriptor(descriptors, name);
    if (!d)
      throw UserError(owner + ": unknown parameter '" + excerpt(name) +
                      "' (known: " + known_names(descriptors) + ")");
    const std::string where = owner + ": parameter '" + name + "'";
    if (d->scope == ParamScope::DataTargetsOnly && !data_target)
      throw UserError(where + " applies to data targets only; on an analytic target use noise_var");
    if (d->scope == ParamScope::AnalyticTargetsOnly && data_target)
      throw UserError(where +
                      " applies to analytic targets only; on a data target the noise comes from "
                      "minibatches (use batch_size)");
    if (!std::isfinite(value)) throw UserError(where + " must be finite");
    if (value < d->min || value > d->max) {
      std::ostringstream msg;
      // Enough digits to differ from the bound: 10.0000001 is not "10".
      msg << where << " = " << exact_number(value) << " is out of range [" << exact_number(d->min)
          << ", " << exact_number(d->max) << "]";
      throw UserError(msg.str());
    }
    if (d->kind != ParamKind::Real && value != std::floor(value))
      throw UserError(where + " must be a whole number");
  }
}

ParamValues with_defaults(const ParamValues& values,
                          const std::vector<ParamDescriptor>& descriptors, bool data_target) {
  ParamValues full;
  for (const auto& d : descriptors) {
    if (d.scope == ParamScope::DataTargetsOnly && !data_target) continue;
    if (d.scope == ParamScope::AnalyticTargetsOnly && data_target) continue;
    full[d.name] = d.default_value;
  }
  for (const auto& [name, value] : values) full[name] = value;
  return full;
}

std::string format_param_value(const ParamDescriptor& d, double value) {
  if (d.kind == ParamKind::Boolean) return value != 0.0 ? "true" : "false";
  if (d.kind == ParamKind::Choice) {
    const auto index = static_cast<std::size_t>(value);
    return index < d.choices.size() ? d.choices[index] : "?";
  }
  if (d.zero_means_auto && value == 0.0) return "auto";
  std::ostringstream out;
  out.precision(d.kind == ParamKind::Integer ? 15 : 10);
  out << value;
  return out.str();
}

std::string format_param_list(const ParamValues& values,
                              const std::vector<ParamDescriptor>& descriptors) {
  std::string text;
  for (const auto& d : descriptors) {
    const auto it = values.find(d.name);
    if (it == values.end()) continue;
    text += (text.empty() ? "" : ",") + d.name + "=" + format_param_value(d, it->second);
  }
  return text;
}

}  // namespace sgl
