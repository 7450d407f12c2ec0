#include "cli_list.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "samplers/sampler_registry.hpp"
#include "targets/target_registry.hpp"
#include "util/error.hpp"

namespace sgl {
namespace {

using json = nlohmann::ordered_json;

const char* kind_name(ParamKind kind) {
  switch (kind) {
    case ParamKind::Real:
      return "real";
    case ParamKind::Integer:
      return "integer";
    case ParamKind::Boolean:
      return "boolean";
    case ParamKind::Choice:
      return "choice";
  }
  return "?";
}

const char* scope_name(ParamScope scope) {
  switch (scope) {
    case ParamScope::Any:
      return "any";
    case ParamScope::DataTargetsOnly:
      return "data targets only";
    case ParamScope::AnalyticTargetsOnly:
      return "analytic targets only";
  }
  return "?";
}

std::string range_text(const ParamDescriptor& d) {
  if (d.kind == ParamKind::Boolean) return "true | false";
  if (d.kind == ParamKind::Choice) {
    std::string choices;
    for (const std::string& choice : d.choices) choices += (choices.empty() ? "" : " | ") + choice;
    return choices;
  }
  return "[" + format_param_value(d, d.min) + ", " + format_param_value(d, d.max) + "]";
}

void print_params(const std::vector<ParamDescriptor>& params) {
  if (params.empty()) {
    std::printf("  parameters: none\n");
    return;
  }
  std::printf("  parameters:\n");
  for (const ParamDescriptor& d : params) {
    std::string notes = d.log_scale ? ", log scale" : "";
    if (d.scope != ParamScope::Any) notes += std::string(", ") + scope_name(d.scope);
    std::printf("    %-18s %-8s default %-10s range %s%s\n", d.name.c_str(), kind_name(d.kind),
                format_param_value(d, d.default_value).c_str(), range_text(d).c_str(),
                notes.c_str());
    std::printf("    %-18s %s: %s\n", "", d.label.c_str(), d.tooltip.c_str());
  }
}

json params_json(const std::vector<ParamDescriptor>& params) {
  json list = json::array();
  for (const ParamDescriptor& d : params) {
    json entry = {{"name", d.name},
                  {"label", d.label},
                  {"kind", kind_name(d.kind)},
                  {"min", d.min},
                  {"max", d.max},
                  {"default", d.default_value},
                  {"default_text", format_param_value(d, d.default_value)},
                  {"log_scale", d.log_scale},
                  {"scope", scope_name(d.scope)},
                  {"tooltip", d.tooltip}};
    if (d.kind == ParamKind::Choice) entry["choices"] = d.choices;
    list.push_back(entry);
  }
  return list;
}

void list_targets(bool as_json) {
  if (as_json) {
    json list = json::array();
    for (const TargetInfo& info : target_catalogue())
      list.push_back({{"id", info.id},
                      {"description", info.description},
                      {"data_target", info.data_target},
                      {"params", params_json(info.params)}});
    std::printf("%s\n", list.dump(2).c_str());
    return;
  }
  for (const TargetInfo& info : target_catalogue()) {
    std::printf("%s%s\n  %s\n", info.id.c_str(), info.data_target ? " (data target)" : "",
                info.description.c_str());
    print_params(info.params);
    std::printf("\n");
  }
}

void list_samplers(bool as_json) {
  if (as_json) {
    json list = json::array();
    for (const SamplerInfo& info : sampler_catalogue())
      list.push_back({{"id", info.id},
                      {"name", info.name},
                      {"reference", info.reference},
                      {"summary", info.summary},
                      {"params", params_json(info.params)}});
    std::printf("%s\n", list.dump(2).c_str());
    return;
  }
  for (const SamplerInfo& info : sampler_catalogue()) {
    std::printf("%s: %s\n  %s\n  reference: %s\n", info.id.c_str(), info.name.c_str(),
                info.summary.c_str(), info.reference.c_str());
    print_params(info.params);
    std::printf("\n");
  }
}

}  // namespace

CLI::App* add_list_command(CLI::App& app, ListOptions& options) {
  CLI::App* list = app.add_subcommand("list", "List targets or samplers with their parameters");
  list->add_option("what", options.what, "targets | samplers")->required();
  list->add_flag("--json", options.json, "Machine-readable output");
  return list;
}

int list_command(const ListOptions& options) {
  if (options.what == "targets") {
    list_targets(options.json);
  } else if (options.what == "samplers") {
    list_samplers(options.json);
  } else {
    throw UserError("list: expected 'targets' or 'samplers', got '" + options.what + "'");
  }
  return 0;
}

}  // namespace sgl
