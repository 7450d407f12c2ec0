#include "app/cli/cli_run.hpp"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <optional>
#include <sstream>

#include "app/cli/atomic_output.hpp"
#include "app/cli/draw_formats.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/progress_meter.hpp"
#include "app/cli/sampler_labels.hpp"
#include "app/cli/summary_json_writer.hpp"
#include "app/cli/summary_table.hpp"
#include "app/cli/target_options.hpp"
#include "app/cli/trajectories_csv_writer.hpp"
#include "core/io/idx_file.hpp"
#include "core/io/input_limits.hpp"
#include "core/io/npy_file.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "core/samplers/sampler_availability.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/parallel_for.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

std::string known_target_ids() {
  std::string ids;
  for (const TargetInfo& info : target_catalogue()) ids += (ids.empty() ? "" : ", ") + info.id;
  return ids;
}

// Whole numbers only: strtoull alone would accept "-1" (wrapping around), "1e3" partially, or
// leading blanks.
std::uint64_t parse_count(const std::string& text, const std::string& flag, std::uint64_t minimum,
                          std::uint64_t maximum = std::numeric_limits<std::uint64_t>::max()) {
  const bool digits_only =
      !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
  errno = 0;
  const std::uint64_t value = digits_only ? std::strtoull(text.c_str(), nullptr, 10) : 0;
  if (!digits_only || errno == ERANGE)
    throw UserError(flag + " expects a whole number, got '" + excerpt(text) + "'");
  if (value < minimum || value > maximum) {
    std::ostringstream message;
    message << flag << " must be ";
    if (maximum == std::numeric_limits<std::uint64_t>::max()) {
      message << "at least " << minimum;
    } else {
      message << "in [" << minimum << ", " << maximum << "]";
    }
    message << ", got " << excerpt(text);
    throw UserError(message.str());
  }
  return value;
}

}  // namespace

std::vector<double> parse_init_values(const std::string& text) {
  // Counted before parsing: no target has more coordinates than kMaxInitValues.
  const std::size_t count = static_cast<std::size_t>(std::count(text.begin(), text.end(), ',')) + 1;
  if (count > kMaxInitValues)
    throw UserError("--init has " + std::to_string(count) +
                    " values, more than any target has coordinates (" +
                    std::to_string(kMaxInitValues) + ")");
  std::vector<double> values;
  std::stringstream stream(text);
  std::string item;
  int position = 0;
  while (std::getline(stream, item, ',')) {
    ++position;
    const auto begin = item.find_first_not_of(" \t");
    const auto end = item.find_last_not_of(" \t");
    const std::string value_text =
        begin == std::string::npos ? "" : item.substr(begin, end - begin + 1);
    char* parsed_end = nullptr;
    const double value = std::strtod(value_text.c_str(), &parsed_end);
    if (value_text.empty() || parsed_end != value_text.c_str() + value_text.size())
      throw UserError("--init: value " + std::to_string(position) + " is not a number: '" +
                      excerpt(value_text) + "'");
    if (!std::isfinite(value))
      throw UserError("--init: value " + std::to_string(position) + " must be finite, got '" +
                      excerpt(value_text) + "'");
    values.push_back(value);
  }
  if (values.empty() || text.back() == ',')
    throw UserError("--init expects comma-separated numbers, e.g. --init -1,2");
  return values;
}

namespace {

void merge_params(ParamValues& into, const ParamValues& from, const std::string& owner) {
  for (const auto& [name, value] : from) {
    if (!into.emplace(name, value).second)
      throw UserError(owner + ": parameter '" + name + "' given twice");
  }
}

// --data-format names what the file must be; the readers recognise it by itself (the IDX magic
// number, the .npy suffix), so the flag only refuses a file that is something else.
void check_data_format(const RunOptions& options) {
  if (options.data_format.empty()) return;
  const std::string& path = options.data_csv;
  const std::string actual = is_idx_file(path) ? "idx" : (is_npy_path(path) ? "npy" : "csv");
  if (options.data_format != "csv" && options.data_format != "npy" && options.data_format != "idx")
    throw UserError("--data-format expects csv, npy or idx, got '" + excerpt(options.data_format) +
                    "'");
  if (options.data_format != actual)
    throw UserError("--data-format " + options.data_format + ", but '" + excerpt(path) +
                    "' reads as " + actual);
}

TargetSpec build_target_spec(const RunOptions& options) {
  TargetSpec target;
  if (!options.target.empty()) {
    target.id = options.target;
  } else if (!options.potential.empty()) {
    target.id = "custom";  // --potential alone means the custom target
  } else if (const TargetInfo* model = find_target_info(options.model);
             model != nullptr && model->accepts_data_file) {
    // The models are the targets that take a data file (the regressions).
    target.id = options.model;
    if (options.data_csv.empty() && options.synthetic.empty())
      throw UserError("--model " + options.model +
                      " needs --data FILE.csv or --synthetic n=..,d=..,seed=..");
  } else if (!options.model.empty()) {
    throw UserError("unknown model '" + options.model + "' (known: " + data_file_target_ids(", ") +
                    ")");
  } else {
    throw UserError("give --target NAME or --model " + data_file_target_ids("|"));
  }

  const TargetInfo* info = find_target_info(target.id);
  if (info == nullptr)
    throw UserError("unknown target '" + target.id + "' (known: " + known_target_ids() + ")");
  const std::string owner = "target '" + target.id + "'";
  for (const std::string& text : options.target_params)
    merge_params(target.params, parse_param_list(text, info->params, owner), owner);
  if (!options.synthetic.empty())
    merge_params(target.params, parse_param_list(options.synthetic, info->params, owner), owner);
  if (!options.prior_sd.empty()) {
    const ParamDescriptor* prior_sd = find_descriptor(info->params, "prior_sd");
    if (prior_sd == nullptr) throw UserError(owner + " has no prior_sd");
    merge_params(target.params,
                 {{"prior_sd", parse_param_value(*prior_sd, options.prior_sd, owner)}}, owner);
  }
  validate_params(target.params, info->params, owner, info->data_target);

  target.potential = options.potential;
  if (target.id == "custom" && target.potential.empty())
    throw UserError("--target custom needs --potential 'EXPR', e.g. --potential '0.5*x^2'");
  if (target.id != "custom" && !target.potential.empty())
    throw UserError("--potential applies to --target custom only, not to target '" + target.id +
                    "'");
  target.data_csv = options.data_csv;
  check_data_format(options);
  if (!options.response.empty()) target.response = options.response;
  return target;
}

}  // namespace

TargetSpec target_spec_from_flags(const RunOptions& options) {
  return build_target_spec(options);
}

int parse_jobs(const std::string& text) {
  constexpr std::uint64_t kMaxJobs = 1024;
  return text.empty() ? default_jobs() : static_cast<int>(parse_count(text, "--jobs", 1, kMaxJobs));
}

std::uint64_t parse_whole_number(const std::string& text, const std::string& flag,
                                 std::uint64_t minimum, std::uint64_t maximum) {
  return parse_count(text, flag, minimum, maximum);
}

CLI::App* add_run_command(CLI::App& app, RunOptions& options) {
  CLI::App* run = app.add_subcommand("run",
                                     "Run samplers headless and write DIR/draws.csv, "
                                     "DIR/summary.json and SVG figures");
  const TargetFlags flags =
      add_target_options(*run, options, "Target id (see `sgmcmc-lab list targets`)");
  auto* potential =
      run->add_option("--potential", options.potential,
                      "With --target custom: the potential U(x) or U(x, y) as an expression, e.g. "
                      "'0.5*x^2 + 2*(y - 0.5*x^2)^2' (grammar in docs/samplers-and-targets.md)");
  auto* samplers =
      run->add_option("--sampler", options.samplers,
                      "ID[:key=value,...] (repeatable; one chain each, see `list samplers`)");
  run->add_option("--chains", options.chains, "Chains per --sampler (default 1)");
  auto* steps = run->add_option("--steps", options.steps, "Steps per chain after burn-in");
  run->add_option("--burnin", options.burnin, "Steps run before recording starts (default 0)");
  run->add_option("--thin", options.thin, "Record every T-th step (default 1)");
  run->add_option("--seed", options.seed, "Run seed, any 64-bit unsigned integer (default 1)");
  run->add_option("--init", options.init,
                  "Starting point v1,v2,..., one value per coordinate, or map (regressions: the "
                  "posterior mode)");
  run->add_option("--out", options.out_dir, "Output directory (created if missing)")->required();
  run->add_option("--format", options.format,
                  "The draws' files: csv (DIR/draws.csv, the default), netcdf (DIR/draws.nc, "
                  "ArviZ's InferenceData; one draws-LABEL.nc per sampler when there are several) "
                  "or csv,netcdf");

  auto* scenario = run->add_option(
      "--scenario", options.scenario,
      "A preset (`list scenarios`) or a scenario/session .json file, instead of the target and "
      "sampler flags");
  run->add_option("--jobs", options.jobs,
                  "Chains (sweep points, ensemble members) run at once (default: the number of "
                  "cores; the draws are the same for every value)");
  run->add_flag("--quick", options.quick, "With --scenario: the preset's reduced test sizes");
  run->add_flag("--quiet", options.quiet,
                "No progress line on stderr (shown for runs longer than about 2 s)");
  auto* record = run->add_flag(
      "--record-trajectories", options.record_trajectories,
      "Also write DIR/trajectories.csv: every leapfrog point (theta, r, H) of the recorded "
      "iterations (samplers that trace one leapfrog path per iteration: HMC, SGHMC, SGNHT, "
      "HMC-ECS, ...)");
  run->add_option("--max-trajectories", options.max_trajectories,
                  "With --record-trajectories: the first N recorded iterations of each chain "
                  "(default 1000; each has L + 1 rows)")
      ->needs(record);
  for (CLI::Option* option : {flags.target, flags.model, samplers, steps, potential, record})
    scenario->excludes(option);
  potential->excludes(flags.model);
  return run;
}

RunSpec build_run_spec(const RunOptions& options) {
  RunSpec spec;
  spec.target = build_target_spec(options);
  for (const std::string& text : options.samplers) spec.chains.push_back(parse_chain_spec(text));
  const auto or_default = [](const std::string& text, const char* fallback) {
    return text.empty() ? std::string(fallback) : text;
  };
  spec.chains_per_sampler = static_cast<int>(
      parse_count(or_default(options.chains, "1"), "--chains", 1, kMaxChainsPerSampler));
  spec.steps = parse_count(options.steps, "--steps", 1, kMaxSteps);
  spec.burnin = parse_count(or_default(options.burnin, "0"), "--burnin", 0, kMaxSteps);
  spec.thin = parse_count(or_default(options.thin, "1"), "--thin", 1);
  spec.seed = parse_count(or_default(options.seed, "1"), "--seed", 0);
  if (options.init == "map") {
    spec.init_at_map = true;
  } else if (!options.init.empty()) {
    spec.init = parse_init_values(options.init);
  }
  return spec;
}

namespace {

// Attaches a trajectories.csv writer to every chain of the session (refusing samplers without
// leapfrog paths); detaches them and closes the file when done.
class TrajectoryRecording {
 public:
  TrajectoryRecording(Session& session, const RunSpec& spec, const std::string& path,
                      std::uint64_t max_iterations)
      : session_(session), file_(path, session.target().coordinate_names()) {
    const std::vector<std::string> labels = sampler_labels(spec);
    for (std::size_t c = 0; c < session.chains().size(); ++c) {
      observers_.push_back(file_.chain_observer(labels.at(session.chain_sampler_position().at(c)),
                                                session.chain_index_within_sampler().at(c),
                                                spec.burnin, spec.thin, max_iterations));
      session.chains()[c]->set_trajectory_observer(observers_.back().get());
    }
  }
  ~TrajectoryRecording() { detach(); }
  TrajectoryRecording(const TrajectoryRecording&) = delete;
  TrajectoryRecording& operator=(const TrajectoryRecording&) = delete;

  // Returns the iterations left out by --max-trajectories.
  std::uint64_t finish() {
    detach();
    file_.close();
    return file_.iterations_capped();
  }

 private:
  void detach() {
    for (auto& chain : session_.chains()) chain->set_trajectory_observer(nullptr);
  }
  Session& session_;
  TrajectoriesCsvFile file_;
  std::vector<std::unique_ptr<TrajectoryObserver>> observers_;
};

// The samplers that trace one leapfrog path per iteration on `target` (NUTS builds a tree of
// them, SGLD, MALA and RWM take no leapfrog step), for the refusal below.
std::string trajectory_sampler_ids(const Target& target) {
  std::string ids;
  const std::map<std::string, std::string> unavailable = unavailable_samplers(target);
  for (const SamplerInfo& info : sampler_catalogue()) {
    if (unavailable.contains(info.id)) continue;
    try {
      if (info.create(target)->observes_trajectories()) ids += (ids.empty() ? "" : ", ") + info.id;
    } catch (const std::exception&) {  // a sampler this target does not take
    }
  }
  return ids;
}

void require_trajectory_samplers(const Session& session, const RunSpec& spec) {
  const std::vector<std::string> labels = sampler_labels(spec);
  for (std::size_t c = 0; c < session.chains().size(); ++c) {
    if (session.chains()[c]->sampler().observes_trajectories()) continue;
    throw UserError("--record-trajectories: " + labels.at(session.chain_sampler_position().at(c)) +
                    " records no leapfrog path per iteration (those that do here: " +
                    trajectory_sampler_ids(session.target()) + ")");
  }
}

// trajectories.csv's size before anything is written: L + 1 rows per recorded iteration (L: the
// sampler's trajectory_points trait, NUTS's the largest tree; 1 for one step per iteration), each
// (2d + 2) numbers of up to 24 characters and the labels. Refused where it exceeds the free space
// of DIR's file system (L = 1000 with 10⁶ recorded iterations heads for 150 GB); announced on
// stderr above 1 GB.
void check_trajectories_size(const Session& session, const RunSpec& spec,
                             std::uint64_t max_iterations, const std::string& out_dir) {
  const double recorded = double(std::min<std::uint64_t>(
      max_iterations, spec.steps / std::max<std::uint64_t>(spec.thin, 1) + 1));
  const double row_bytes = (2.0 * session.target().dim() + 2.0) * 24.0 + 40.0;
  double bytes = 0.0;
  for (const auto& chain : session.chains()) {
    const ParamValues params = chain->full_params();
    const auto points = find_sampler_info(chain->sampler_id())->traits.trajectory_points;
    const double rows = (points ? std::max(points(params), 1.0) : 1.0) + 1.0;
    bytes += recorded * rows * row_bytes;
  }
  std::filesystem::path existing = std::filesystem::absolute(out_dir);
  std::error_code error;
  while (!existing.empty() && !std::filesystem::exists(existing, error) &&
         existing != existing.parent_path())
    existing = existing.parent_path();
  const auto space = std::filesystem::space(existing, error);
  const double free_bytes = error ? 1e300 : double(space.available);
  if (bytes > free_bytes)
    throw UserError("--record-trajectories would write " + approximate_bytes(bytes) +
                    " to trajectories.csv, more than the " + byte_size(free_bytes) + " free on " +
                    excerpt(existing.string()) + "; lower --max-trajectories (now " +
                    std::to_string(max_iterations) + " iterations per chain) or raise --thin");
  if (bytes > 1e9)
    std::fprintf(stderr, "note: trajectories.csv will take %s\n", approximate_bytes(bytes).c_str());
}

}  // namespace

void require_some_draws(const std::vector<SamplerSummary>& summaries,
                        const std::vector<std::string>& labels) {
  std::string reasons;
  for (std::size_t s = 0; s < summaries.size(); ++s) {
    if (summaries[s].draws > 0) return;
    reasons += (reasons.empty() ? "" : "; ") + (s < labels.size() ? labels[s] : summaries[s].id) +
               ": no draws: " + summaries[s].no_draws;
  }
  throw UserError("no sampler recorded a draw, nothing written (" + reasons + ")");
}

int run_command(const RunOptions& options) {
  // From here on Ctrl+C / SIGTERM end the command cleanly with exit code 130.
  install_interrupt_handlers();
  if (!options.scenario.empty()) return run_scenario_command(options);
  if (options.quick) throw UserError("--quick needs --scenario");
  if (options.samplers.empty()) throw UserError("--sampler is required (or give --scenario)");
  if (options.steps.empty()) throw UserError("--steps is required (or give --scenario)");
  const RunSpec spec = build_run_spec(options);
  const DrawFormats formats = parse_draw_formats(options.format);
  // The chains of one trajectories.csv write to one file in turn: recorded runs stay on one thread.
  const int jobs = options.record_trajectories ? 1 : parse_jobs(options.jobs);
  // Building the session validates everything else (data file, sampler parameters, --init
  // length) before any output exists; the output directory is claimed before the long part.
  Session session(spec);
  const std::uint64_t max_trajectories =
      parse_count(options.max_trajectories, "--max-trajectories", 1, kMaxSteps);
  if (options.record_trajectories) {
    require_trajectory_samplers(session, spec);
    check_trajectories_size(session, spec, max_trajectories, options.out_dir);
  }
  AtomicOutputDir output(options.out_dir);
  std::optional<TrajectoryRecording> trajectories;
  if (options.record_trajectories)
    trajectories.emplace(session, spec, output.staged_path("trajectories.csv"), max_trajectories);
  {
    ProgressMeter progress("run", "steps", !options.quiet);
    const bool finished = session.run_to_end(
        [&progress](std::uint64_t done, std::uint64_t total) {
          progress.update(double(done), double(total));
          return !interrupt_requested();
        },
        jobs);
    if (!finished) throw Interrupted();
  }
  std::uint64_t trajectories_capped = 0;
  if (trajectories) trajectories_capped = trajectories->finish();
  const std::vector<SamplerSummary> summaries = summarize(session);
  require_some_draws(summaries, sampler_labels(spec));

  const std::vector<std::string> draw_files = write_draw_files(
      session, formats, [&output](const std::string& name) { return output.staged_path(name); });
  write_summary_json(summary_json(session, summaries), output.staged_path("summary.json"));
  std::vector<std::string> figures;
  if (options.figure_writer) {
    figures = options.figure_writer(
        session, [&output](const std::string& name) { return output.staged_path(name); });
  }
  output.commit();

  print_summary_table(session, summaries, stdout);
  const std::filesystem::path out_dir(options.out_dir);
  std::string written;
  for (const std::string& name : draw_files) written += (out_dir / name).string() + ", ";
  std::printf("wrote %sand %s\n", written.c_str(), (out_dir / "summary.json").c_str());
  if (trajectories) {
    std::printf("wrote %s\n", (out_dir / "trajectories.csv").c_str());
    if (trajectories_capped > 0)
      std::fprintf(stderr,
                   "note: trajectories.csv holds the first %s recorded iterations of each chain; "
                   "%" PRIu64 " more were left out (raise --max-trajectories)\n",
                   options.max_trajectories.c_str(), trajectories_capped);
  }
  if (!figures.empty()) {
    std::string names;
    for (const std::string& name : figures) names += (names.empty() ? "" : ", ") + name;
    std::printf("wrote figures to %s: %s\n", out_dir.c_str(), names.c_str());
  }
  return 0;
}

}  // namespace sgl
