// `sgmcmc-lab run --scenario NAME|FILE.json [--quick] --out DIR`: runs a preset or a saved
// scenario headless — its chains as `run` runs them, then its sweep and ensemble — and writes
// every result atomically into DIR.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stop_token>
#include <thread>
#include <utility>

#include "app/cli/atomic_output.hpp"
#include "app/cli/cli_run.hpp"
#include "app/cli/draw_formats.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/progress_meter.hpp"
#include "app/cli/sampler_labels.hpp"
#include "app/cli/summary_json_writer.hpp"
#include "app/cli/summary_table.hpp"
#include "app/cli/test_error_output.hpp"
#include "app/scenario/assets.hpp"
#include "app/scenario/batch_sizes.hpp"
#include "app/scenario/scenario_run.hpp"
#include "core/io/input_limits.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/params.hpp"

namespace sgl {
namespace {

void write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw UserError("cannot write " + path);
}

void print_reports(const ScenarioResults& results) {
  for (const ChainReport& report : results.chains) {
    std::printf("%-22s", report.label.c_str());
    if (std::isfinite(report.tv)) std::printf("  TV %.4f", report.tv);
    if (std::isfinite(report.accept_rate)) std::printf("  accept %.3f", report.accept_rate);
    if (!report.mean_error_sd.empty()) {
      double worst = 0.0;
      for (double e : report.mean_error_sd) worst = std::max(worst, std::abs(e));
      std::printf("  max |mean error|/sd %.3f", worst);
    }
    if (std::isfinite(report.ct)) std::printf("  CT %.3g", report.ct);
    if (!report.stop_reason.empty()) std::printf("  stopped: %s", report.stop_reason.c_str());
    std::printf("\n");
  }
  if (results.sweep)
    for (const SweepPoint& p : results.sweep->points)
      std::printf("sweep %-16s %s=%-8g cov error %.4f  IAT %.2f%s%s\n", p.label.c_str(),
                  results.sweep->param.c_str(), p.value, p.cov_error, p.iat,
                  p.stop_reason.empty() ? "" : "  stopped: ", p.stop_reason.c_str());
  if (results.ensemble)
    for (const EnsembleSeries& s : results.ensemble->series) {
      if (s.checkpoints.empty()) continue;
      const EnsembleCheckpoint& last = s.checkpoints.back();
      std::printf("ensemble %-13s %d chains, %s %g: mean H %.4g  KL %.4g  TV %.4g\n",
                  s.label.c_str(), results.ensemble->chains, results.ensemble->budget_unit.c_str(),
                  last.budget, last.mean_energy, last.kl, last.tv);
    }
}

// run_scenario() blocks; a watcher thread shows its progress and turns Ctrl+C into a cancel
// request, which the scenario's loops check between slices, chains and checkpoints.
ScenarioResults run_with_progress(const Scenario& scenario, bool show_progress, int jobs) {
  ExperimentControl control;
  control.jobs = jobs;
  ProgressMeter progress("scenario " + scenario.name, "", show_progress);
  ScenarioResults results;
  {
    std::jthread watcher([&control, &progress](std::stop_token stop) {
      while (!stop.stop_requested()) {
        if (interrupt_requested()) control.cancel.store(true);
        progress.update(control.progress.load(), 1.0);
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      }
    });
    results = run_scenario(scenario, &control);
  }
  progress.finish();
  throw_if_interrupted();
  return results;
}

// The run flags given beside --scenario override the file's values; one that cannot apply is
// refused, never ignored (issue 26).
void apply_run_flags(const RunOptions& options, Scenario& scenario) {
  if (!options.chains.empty())
    throw UserError(
        "--chains cannot be combined with --scenario: a scenario lists its chains one by one (its "
        "\"chains\" entries)");
  const bool has_chains = !scenario.chains.empty();
  for (const auto& [flag, text] :
       {std::pair{"--burnin", &options.burnin}, std::pair{"--thin", &options.thin}})
    if (!text->empty() && !has_chains)
      throw UserError(std::string(flag) + " applies to a scenario's chains, and " +
                      scenario.source + " has none (its sweep and ensemble set their own lengths)");
  if (!options.seed.empty())
    scenario.seed =
        parse_whole_number(options.seed, "--seed", 0, std::numeric_limits<std::uint64_t>::max());
  if (!options.burnin.empty())
    scenario.burnin = parse_whole_number(options.burnin, "--burnin", 0, kMaxSteps);
  if (!options.thin.empty())
    scenario.thin =
        parse_whole_number(options.thin, "--thin", 1, std::numeric_limits<std::uint64_t>::max());
  if (options.init == "map") {
    scenario.init_at_map = true;
    scenario.init.clear();
  } else if (!options.init.empty()) {
    scenario.init = parse_init_values(options.init);
    scenario.init_at_map = false;
  }
  if (options.target_params.empty()) return;
  const TargetInfo* info = find_target_info(scenario.target.id);
  if (info == nullptr) throw UserError("unknown target '" + scenario.target.id + "'");
  const std::string owner = "target '" + scenario.target.id + "'";
  ParamValues given;
  for (const std::string& text : options.target_params)
    for (const auto& [name, value] : parse_param_list(text, info->params, owner))
      if (!given.emplace(name, value).second)
        throw UserError(owner + ": parameter '" + name + "' given twice");
  for (const auto& [name, value] : given) scenario.target.params[name] = value;
  validate_params(scenario.target.params, info->params, owner, info->data_target);
}

void print_written(const std::vector<std::string>& written) {
  std::string list;
  for (const std::string& path : written) list += (list.empty() ? "" : ", ") + path;
  std::printf("wrote %s\n", list.c_str());
}

}  // namespace

int run_scenario_command(const RunOptions& options) {
  if (options.out_dir.empty()) throw UserError("--out DIR is required");
  const DrawFormats formats = parse_draw_formats(options.format);
  const int jobs = parse_jobs(options.jobs);
  Scenario scenario = load_scenario(options.scenario);
  if (options.quick) scenario = quick_version(scenario);
  apply_run_flags(options, scenario);
  if (scenario.session)
    throw UserError(scenario.source +
                    " is a saved GUI session: open it with `sgmcmc-lab gui --scenario FILE`");
  // Validate the chains (data file, parameters against the target) before claiming DIR.
  if (!scenario.chains.empty() && !scenario.test_error) {
    const Session check(scenario_run_spec(scenario));
    check_batch_sizes(scenario, check.target().dim());
  }
  AtomicOutputDir output(options.out_dir);
  const ScenarioResults results = run_with_progress(scenario, !options.quiet, jobs);
  if (results.session && !results.sweep && !results.ensemble)
    require_some_draws(results.summaries, sampler_labels(results.session->spec()));

  std::vector<std::string> written;
  auto stage = [&](const std::string& name) {
    written.push_back((std::filesystem::path(options.out_dir) / name).string());
    return output.staged_path(name);
  };
  if (results.test_error) {
    write_test_error_outputs(scenario, *results.test_error, options, stage);
    output.commit();
    std::printf("scenario %s%s\n", scenario.name.c_str(), options.quick ? " (quick)" : "");
    print_test_error_table(*results.test_error, stdout);
    print_written(written);
    return 0;
  }
  if (results.session) {
    write_draw_files(*results.session, formats, stage);
    write_summary_json(summary_json(*results.session, results.summaries), stage("summary.json"));
    // The same SVG figures as a plain `run --out` (when the GUI's plotting code is built in).
    if (options.figure_writer) options.figure_writer(*results.session, stage);
  }
  if (results.sweep) {
    write_file(stage("sweep.csv"), sweep_csv(*results.sweep));
    write_file(stage("sweep_samples.csv"), sweep_samples_csv(*results.sweep));
  }
  if (results.ensemble) write_file(stage("ensemble.csv"), ensemble_csv(*results.ensemble));
  write_file(stage("analysis.json"), analysis_json(results));
  output.commit();

  std::printf("scenario %s%s\n", scenario.name.c_str(), options.quick ? " (quick)" : "");
  if (results.session) print_summary_table(*results.session, results.summaries, stdout);
  print_reports(results);
  print_written(written);
  return 0;
}

}  // namespace sgl
