#include "app/cli/cli_list_markdown.hpp"

#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"

namespace sgl {
namespace {

// A table cell: '|' escaped and line breaks as spaces, so that a row stays one row.
std::string cell(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') {
      out += "\\|";
    } else if (c == '\n' || c == '\r') {
      out += ' ';
    } else {
      out += c;
    }
  }
  return out;
}

// `name` (default), ... ; "none" without parameters.
std::string parameter_list(const std::vector<ParamDescriptor>& params) {
  if (params.empty()) return "none";
  std::string list;
  for (const ParamDescriptor& d : params) {
    const std::string default_text =
        d.default_text.empty() ? format_param_value(d, d.default_value) : d.default_text;
    list += (list.empty() ? "" : ", ") + ("`" + d.name + "` (" + default_text + ")");
  }
  return cell(list);
}

}  // namespace

std::string samplers_markdown_table() {
  std::string table =
      "| id | sampler | update | parameters (default) | reference |\n|---|---|---|---|---|\n";
  for (const SamplerInfo& info : sampler_catalogue())
    table += "| `" + info.id + "` | " + cell(info.name) + " | " + cell(info.summary) + " | " +
             parameter_list(info.params) + " | " + cell(info.reference) + " |\n";
  return table;
}

std::string targets_markdown_table() {
  std::string table = "| id | U(θ) | data target | parameters (default) |\n|---|---|---|---|\n";
  for (const TargetInfo& info : target_catalogue())
    table += "| `" + info.id + "` | " + cell(info.description) + " | " +
             (info.data_target ? "yes" : "no") + " | " + parameter_list(info.params) + " |\n";
  return table;
}

}  // namespace sgl
