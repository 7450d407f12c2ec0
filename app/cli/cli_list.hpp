// `sgmcmc-lab list targets|samplers [--json|--markdown]`: every id with its description and every
// parameter with default, range, scale and tooltip, straight from the registries that the GUI
// builds its sliders from.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace sgl {

struct ListOptions {
  std::string what;  // "targets" or "samplers"
  bool json = false;
  bool markdown = false;  // targets and samplers: the tables of docs/samplers-and-targets.md
};

CLI::App* add_list_command(CLI::App& app, ListOptions& options);

// Returns the exit code. Throws UserError for an unknown `what`.
int list_command(const ListOptions& options);

}  // namespace sgl
