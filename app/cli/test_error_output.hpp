// What `run --scenario` writes and prints for a scenario with a `test_error` section
// (nn-fashion): test_error.csv, summary.json and, when the GUI's plotting code is built in,
// test_error.svg (both curves of each sampler against data passes), and a table on stdout.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "app/cli/cli_run.hpp"
#include "app/scenario/scenario.hpp"
#include "app/scenario/test_error_experiment.hpp"

namespace sgl {

// Writes the files via stage(name), which returns the staged path and records the name.
void write_test_error_outputs(const Scenario& scenario, const TestErrorResult& result,
                              const RunOptions& options,
                              const std::function<std::string(const std::string&)>& stage);

// One row per sampler: passes, last-draw and averaged test error, seconds per pass, stop reason.
void print_test_error_table(const TestErrorResult& result, std::FILE* out);

}  // namespace sgl
