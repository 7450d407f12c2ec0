// The flags that choose a target, shared by `run` and `gradnoise`: an analytic target by id with
// its parameters, or a regression model on a CSV file or synthetic data, with the rules between
// them (a target or a model, data or synthetic, ...).
#pragma once

#include <CLI/CLI.hpp>

#include "app/cli/cli_run.hpp"

namespace sgl {

struct TargetFlags {
  CLI::Option* target = nullptr;
  CLI::Option* model = nullptr;
};

// Adds --target (with `target_help`), --target-param, --model, --data, --response, --synthetic
// and --prior-sd to `command`, writing into `options`.
TargetFlags add_target_options(CLI::App& command, RunOptions& options, const char* target_help);

}  // namespace sgl
