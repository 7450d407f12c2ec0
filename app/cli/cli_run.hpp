// `sgmcmc-lab run`: builds a RunSpec from the flags, runs the session headless, writes
// DIR/draws.csv, DIR/summary.json and the SVG figures atomically and prints a short summary table.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <string>
#include <vector>

#include "core/run/run_spec.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

namespace sgl {

struct TestErrorResult;  // app/scenario/test_error_experiment.hpp

// The flags as typed. Numbers stay text until build_run_spec() so that every bad value gets the
// same one-line error, whichever flag it came from.
struct RunOptions {
  std::string target;
  std::string potential;                   // --target custom: the expression U(x) or U(x, y)
  std::vector<std::string> target_params;  // "k=v" or "k1=v1,k2=v2"
  std::string model;
  std::string data_csv;
  std::string data_format;  // --data-format csv|npy|idx (empty: from the file)
  std::string response;
  std::string synthetic;
  std::string prior_sd;
  std::vector<std::string> samplers;  // "id[:key=value,...]"
  // Empty = not given (then 1 chain per sampler, burn-in 0, thin 1, seed 1): `run --scenario`
  // must tell a given flag from a default one, to apply it or refuse it.
  std::string chains;
  std::string steps;
  std::string burnin;
  std::string thin;
  std::string seed;
  std::string init;
  std::string out_dir;
  std::string format = "csv";  // the draws' files: csv, netcdf or csv,netcdf (draw_formats.hpp)
  // Writes the run's figures (SVG) via staged_path(name) and returns their names. Set by main.cpp
  // when the GUI's plotting code is built in (SGL_BUILD_GUI); unset, `run` writes no figures.
  std::function<std::vector<std::string>(
      const Session&, const std::function<std::string(const std::string&)>& staged_path)>
      figure_writer;
  // The SVG of a test-error scenario's curves (test error against data passes), likewise.
  std::function<std::string(const TestErrorResult&, const std::string& title)> test_error_figure;
  std::string scenario;  // preset name or scenario/session file: replaces target/sampler flags
  bool quick = false;    // with --scenario: the preset's reduced sizes (tests)
  bool quiet = false;    // no progress line on stderr
  bool record_trajectories = false;       // also write DIR/trajectories.csv
  std::string max_trajectories = "1000";  // recorded iterations per chain in trajectories.csv
  std::string jobs;  // chains (sweep points, ensemble members) run at once; empty: every core
};

CLI::App* add_run_command(CLI::App& app, RunOptions& options);

// Throws UserError for any invalid flag value.
RunSpec build_run_spec(const RunOptions& options);

// The target the flags describe (--target, --target-param, --potential, --model, --data,
// --response, --synthetic, --prior-sd), as `run` reads them; `gradnoise` reads them the same way.
TargetSpec target_spec_from_flags(const RunOptions& options);

// A whole number in [minimum, maximum] from a flag's text, or UserError naming the flag.
std::uint64_t parse_whole_number(const std::string& text, const std::string& flag,
                                 std::uint64_t minimum, std::uint64_t maximum);

// The values of --init: "v1,v2,..." (UserError naming the bad value); "map" is handled by callers.
std::vector<double> parse_init_values(const std::string& text);

// Refuses (UserError) a run where no sampler recorded a single draw: there is nothing to report.
void require_some_draws(const std::vector<SamplerSummary>& summaries,
                        const std::vector<std::string>& labels);

// `run --scenario`: the scenario's chains (draws.csv, summary.json), its sweep and ensemble
// (sweep.csv, sweep_samples.csv, ensemble.csv) and analysis.json (cli_run_scenario.cpp).
int run_scenario_command(const RunOptions& options);

// The value of --jobs: a whole number in [1, 1024]; empty means the number of cores.
int parse_jobs(const std::string& text);

// Runs the command; returns the exit code. Throws UserError (exit code 2 in main) and
// Interrupted (Ctrl+C, SIGTERM: exit code 130, nothing written).
int run_command(const RunOptions& options);

}  // namespace sgl
