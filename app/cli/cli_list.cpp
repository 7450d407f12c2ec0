#include "app/cli/cli_list.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>

#include "app/cli/cli_list_markdown.hpp"
#include "app/scenario/assets.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"

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
    const std::string default_text =
        d.default_text.empty() ? format_param_value(d, d.default_value) : d.default_text;
    std::printf("    %-18s %-8s default %-10s range %s%s\n", d.name.c_str(), kind_name(d.kind),
                default_text.c_str(), range_text(d).c_str(), notes.c_str());
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
                  {"default_text", d.default_text.empty() ? format_param_value(d, d.default_value)
                                                          : d.default_text},
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

void list_scenarios(bool as_json) {
  json list = json::array();
  for (const std::string& name : preset_names()) {
    const Scenario scenario = load_scenario(name);
    if (as_json) {
      list.push_back({{"name", name},
                      {"title", scenario.title},
                      {"description", scenario.description},
                      {"target", scenario.target.id},
                      {"chains", scenario.chains.size()},
                      {"sweep", scenario.sweep.has_value()},
                      {"ensemble", scenario.ensemble.has_value()},
                      {"note", scenario.note}});
    } else {
      std::printf("%-20s %s\n%-20s %s\n", name.c_str(), scenario.title.c_str(), "",
                  scenario.description.c_str());
    }
  }
  if (as_json) std::printf("%s\n", list.dump(2).c_str());
}

}  // namespace

CLI::App* add_list_command(CLI::App& app, ListOptions& options) {
  CLI::App* list = app.add_subcommand(
      "list", "List targets, samplers (with their parameters) or scenario presets");
  list->add_option("what", options.what, "targets | samplers | scenarios")->required();
  auto* as_json = list->add_flag("--json", options.json, "Machine-readable output");
  list->add_flag("--markdown", options.markdown,
                 "targets, samplers: a Markdown table (as in docs/samplers-and-targets.md)")
      ->excludes(as_json);
  return list;
}

int list_command(const ListOptions& options) {
  if (options.markdown) {
    if (options.what != "targets" && options.what != "samplers")
      throw UserError("list --markdown: expected 'targets' or 'samplers', got '" + options.what +
                      "'");
    std::fputs(
        (options.what == "targets" ? targets_markdown_table() : samplers_markdown_table()).c_str(),
        stdout);
    return 0;
  }
  if (options.what == "targets") {
    list_targets(options.json);
  } else if (options.what == "samplers") {
    list_samplers(options.json);
  } else if (options.what == "scenarios") {
    list_scenarios(options.json);
  } else {
    throw UserError("list: expected 'targets', 'samplers' or 'scenarios', got '" + options.what +
                    "'");
  }
  return 0;
}

}  // namespace sgl
