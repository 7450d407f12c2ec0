// parse_scenario: one reader per section of the file (header, target, run settings, chains,
// sweep, ensemble, analysis, quick, layout, session), called in the order the sections are
// checked, so the first error in a file is the one reported.
#include <algorithm>
#include <map>
#include <set>

#include "app/scenario/bounded_json.hpp"
#include "app/scenario/scenario.hpp"
#include "app/scenario/scenario_json.hpp"
#include "app/scenario/scenario_layout.hpp"
#include "core/io/input_limits.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

using namespace scenario_json;

// format, name, title, description, note (and comments, which are ignored).
void parse_header(Fields& fields, Scenario& scenario) {
  fields.ignore("comment");
  if (const json* format = fields.get("format")) {
    if (as_count(*format, fields.where("format"), 1) != 1)
      throw UserError(fields.where("format") + ": this sgmcmc-lab reads format 1");
  }
  scenario.name = as_string(fields.require("name"), fields.where("name"));
  if (const json* title = fields.get("title"))
    scenario.title = as_string(*title, fields.where("title"));
  if (const json* d = fields.get("description"))
    scenario.description = as_string(*d, fields.where("description"));
  if (const json* note = fields.get("note")) scenario.note = as_string(*note, fields.where("note"));
}

TargetSpec parse_target(const json& value, const std::string& path) {
  Fields fields(value, path);
  TargetSpec target;
  target.id = as_string(fields.require("id"), fields.where("id"));
  const TargetInfo* info = find_target_info(target.id);
  if (!info) {
    std::string known;
    for (const auto& entry : target_catalogue()) known += (known.empty() ? "" : ", ") + entry.id;
    throw UserError(fields.where("id") + ": unknown target '" + target.id + "' (known: " + known +
                    ")");
  }
  if (const json* params = fields.get("params")) {
    target.params = parse_params(*params, info->params, fields.where("params"),
                                 "target '" + target.id + "'", false);
    validate_params(target.params, info->params, fields.where("params"), info->data_target);
  }
  if (const json* data = fields.get("data")) {
    if (!info->data_target) throw UserError(fields.where("data") + ": target has no data");
    target.data_csv = as_string(*data, fields.where("data"));
  }
  if (const json* response = fields.get("response"))
    target.response = as_string(*response, fields.where("response"));
  if (const json* potential = fields.get("potential")) {
    if (target.id != "custom")
      throw UserError(fields.where("potential") + ": only target 'custom' takes a potential");
    target.potential = as_string(*potential, fields.where("potential"));
  }
  if (target.id == "custom" && target.potential.empty())
    throw UserError(fields.where("potential") +
                    ": target 'custom' needs its expression, e.g. \"0.5*x^2 + 0.5*y^2\"");
  fields.finish();
  return target;
}

// `init`: a list of numbers, or "map" (data targets).
void parse_init(const json& init, const std::string& where, bool data_target, RunSpec& run) {
  if (init.is_string()) {
    if (init.get<std::string>() != "map")
      throw UserError(where + " must be a list of numbers or \"map\"");
    if (!data_target) throw UserError(where + ": \"map\" needs a data target");
    run.init_at_map = true;
  } else if (init.is_array()) {
    run.init = as_number_list(init, where, kMaxInitValues);
  } else {
    throw UserError(where + " must be a list of numbers or \"map\"");
  }
}

// init, seed, steps, burnin, thin, speed, keep_draws.
void parse_run_settings(Fields& fields, bool data_target, Scenario& scenario) {
  if (const json* init = fields.get("init"))
    parse_init(*init, fields.where("init"), data_target, scenario);
  if (const json* seed = fields.get("seed"))
    scenario.seed = as_count(*seed, fields.where("seed"), 0);
  if (const json* steps = fields.get("steps"))
    scenario.steps = as_count(*steps, fields.where("steps"), 1);
  if (const json* burnin = fields.get("burnin"))
    scenario.burnin = as_count(*burnin, fields.where("burnin"), 0);
  if (const json* thin = fields.get("thin"))
    scenario.thin = as_count(*thin, fields.where("thin"), 1);
  if (const json* speed = fields.get("speed")) {
    scenario.speed = as_number(*speed, fields.where("speed"));
    if (scenario.speed < 0) throw UserError(fields.where("speed") + " must be >= 0 (0 = max)");
  }
  // The memory it implies is checked when the window builds the chains (check_live_memory).
  if (const json* keep = fields.get("keep_draws"))
    scenario.keep_draws = as_count(*keep, fields.where("keep_draws"), 1, std::uint64_t{1} << 30);
}

// `chains`: sampler, params, label, enabled; labels are unique (default: the sampler id, then
// id#2, ...).
std::vector<ChainSpec> parse_chains(const json& chains, const std::string& path, bool data_target) {
  if (!chains.is_array()) throw UserError(path + " must be a list");
  std::vector<ChainSpec> parsed;
  std::set<std::string> labels;
  std::map<std::string, int> next_suffix;
  for (std::size_t i = 0; i < chains.size(); ++i) {
    const std::string where = path + "[" + std::to_string(i) + "]";
    Fields fields(chains[i], where);
    fields.ignore("comment");
    ChainSpec chain;
    chain.sampler_id = as_string(fields.require("sampler"), fields.where("sampler"));
    if (const json* params = fields.get("params"))
      chain.params =
          parse_sampler_params(*params, chain.sampler_id, fields.where("params"), data_target);
    else
      sampler_info(chain.sampler_id, fields.where("sampler"));
    if (const json* label = fields.get("label"))
      chain.label = as_string(*label, fields.where("label"));
    if (const json* enabled = fields.get("enabled"))
      chain.enabled = as_bool(*enabled, fields.where("enabled"));
    fields.finish();
    if (chain.label.empty()) {
      // The smallest free id#k; labels are only ever added, so it never goes down and each
      // sampler's search resumes where it stopped (10^5 unlabelled chains: O(n log n)).
      chain.label = chain.sampler_id;
      int& k = next_suffix.try_emplace(chain.sampler_id, 2).first->second;
      while (labels.count(chain.label)) chain.label = chain.sampler_id + "#" + std::to_string(k++);
    }
    if (!labels.insert(chain.label).second)
      throw UserError(where + ".label: '" + chain.label + "' is used twice");
    parsed.push_back(std::move(chain));
  }
  return parsed;
}

void check_labels(const Scenario& scenario, const std::vector<std::string>& labels,
                  const std::string& where) {
  std::set<std::string_view> known;
  for (const ChainSpec& chain : scenario.chains) known.insert(chain.label);
  for (const std::string& label : labels)
    if (!known.count(label)) chain_index(scenario, label, where);  // throws, naming the labels
}

// Every swept chain must accept every value.
void check_sweep_values(const Scenario& scenario, const ScenarioSweep& sweep,
                        const std::string& where, bool data_target) {
  for (const ChainSpec& chain : scenario.chains) {
    if (!sweep.chains.empty() &&
        std::find(sweep.chains.begin(), sweep.chains.end(), chain.label) == sweep.chains.end())
      continue;
    for (double value : sweep.values) {
      ParamValues params = chain.params;
      params[sweep.param] = value;
      validate_params(params, sampler_info(chain.sampler_id, "").params,
                      where + " (chain '" + chain.label + "')", data_target);
    }
  }
}

ScenarioSweep parse_sweep(const json& value, const std::string& path, const Scenario& scenario,
                          bool data_target) {
  Fields fields(value, path);
  ScenarioSweep sweep;
  sweep.param = as_string(fields.require("param"), fields.where("param"));
  const json& values = fields.require("values");
  if (!values.is_array() || values.empty())
    throw UserError(fields.where("values") + " must be a non-empty list of numbers");
  for (std::size_t i = 0; i < values.size(); ++i)
    sweep.values.push_back(
        as_number(values[i], fields.where("values") + "[" + std::to_string(i) + "]"));
  if (const json* of = fields.get("chains"))
    sweep.chains = as_string_list(*of, fields.where("chains"));
  check_labels(scenario, sweep.chains, fields.where("chains"));
  if (const json* steps = fields.get("steps"))
    sweep.steps = as_count(*steps, fields.where("steps"), 1);
  if (const json* burnin = fields.get("burnin"))
    sweep.burnin = as_count(*burnin, fields.where("burnin"), 0);
  if (const json* keep = fields.get("keep_first"))
    sweep.keep_first = as_count(*keep, fields.where("keep_first"), 0);
  fields.finish();
  check_sweep_values(scenario, sweep, fields.where("values"), data_target);
  return sweep;
}

ScenarioEnsemble parse_ensemble(const json& value, const std::string& path,
                                const Scenario& scenario, bool data_target) {
  Fields fields(value, path);
  ScenarioEnsemble ensemble;
  ensemble.chains =
      static_cast<int>(as_count(fields.require("chains"), fields.where("chains"), 1, 1000000));
  if (const json* of = fields.get("of")) ensemble.of = as_string_list(*of, fields.where("of"));
  check_labels(scenario, ensemble.of, fields.where("of"));
  if (const json* steps = fields.get("steps"))
    ensemble.steps = as_count(*steps, fields.where("steps"), 1);
  if (const json* passes = fields.get("data_passes")) {
    ensemble.data_passes = as_number(*passes, fields.where("data_passes"));
    if (ensemble.data_passes <= 0) throw UserError(fields.where("data_passes") + " must be > 0");
    if (!data_target) throw UserError(fields.where("data_passes") + " needs a data target");
  }
  if ((ensemble.steps > 0) == (ensemble.data_passes > 0))
    throw UserError(fields.where("steps") + ": give exactly one of steps and data_passes");
  if (const json* checkpoints = fields.get("checkpoints"))
    ensemble.checkpoints = static_cast<int>(
        std::min<std::uint64_t>(as_count(*checkpoints, fields.where("checkpoints"), 1), 10000));
  fields.finish();
  return ensemble;
}

// `analysis`: its kind, and what the kind needs (a reference chain, a sweep, an ensemble).
ScenarioAnalysis parse_analysis(const json& value, const std::string& path,
                                const Scenario& scenario) {
  Fields fields(value, path);
  ScenarioAnalysis analysis;
  const std::string name = as_string(fields.require("kind"), fields.where("kind"));
  const std::optional<AnalysisKind> kind = analysis_kind_from_name(name);
  if (!kind) throw UserError(fields.where("kind") + " must be one of " + analysis_kind_names());
  analysis.kind = *kind;
  if (const json* reference = fields.get("reference")) {
    analysis.reference = as_string(*reference, fields.where("reference"));
    chain_index(scenario, analysis.reference, fields.where("reference"));
  }
  fields.finish();
  if (analysis.kind == AnalysisKind::Reference && analysis.reference.empty())
    throw UserError(fields.where("reference") + " is needed for kind \"reference\"");
  if (analysis.kind == AnalysisKind::Sweep && !scenario.sweep)
    throw UserError(fields.where("kind") + ": \"sweep\" needs a sweep");
  if ((analysis.kind == AnalysisKind::Energy || analysis.kind == AnalysisKind::EnsembleKl) &&
      !scenario.ensemble)
    throw UserError(fields.where("kind") + ": \"" + name + "\" needs an ensemble");
  return analysis;
}

ScenarioQuick parse_quick(const json& value, const std::string& path) {
  Fields fields(value, path);
  ScenarioQuick quick;
  if (const json* v = fields.get("steps")) quick.steps = as_count(*v, fields.where("steps"), 1);
  if (const json* v = fields.get("burnin")) quick.burnin = as_count(*v, fields.where("burnin"), 0);
  if (const json* v = fields.get("sweep_steps"))
    quick.sweep_steps = as_count(*v, fields.where("sweep_steps"), 1);
  if (const json* v = fields.get("ensemble_chains"))
    quick.ensemble_chains = static_cast<int>(
        std::min<std::uint64_t>(as_count(*v, fields.where("ensemble_chains"), 1), 1000000));
  fields.finish();
  return quick;
}

std::vector<ParamChange> parse_history(const json& value, const std::string& path,
                                       const std::string& sampler, bool data_target) {
  if (!value.is_array()) throw UserError(path + " must be a list");
  std::vector<ParamChange> history;
  for (std::size_t i = 0; i < value.size(); ++i) {
    const std::string where = path + "[" + std::to_string(i) + "]";
    Fields fields(value[i], where);
    ParamChange change;
    change.step = as_count(fields.require("step"), fields.where("step"), 0);
    change.params = parse_sampler_params(fields.require("params"), sampler, fields.where("params"),
                                         data_target);
    if (const json* resume = fields.get("resume")) {
      Fields from(*resume, fields.where("resume"));
      change.resumes = true;
      change.resume_from = as_count(from.require("from_step"), from.where("from_step"), 0);
      change.resume_theta =
          as_number_list(from.require("theta"), from.where("theta"), kMaxInitValues);
      from.finish();
    }
    fields.finish();
    if (!history.empty() && change.step < history.back().step)
      throw UserError(fields.where("step") + ": changes must be in step order");
    history.push_back(std::move(change));
  }
  return history;
}

// One chain of a saved session: id (not one of `ids`, which it joins), sampler, params,
// history, steps, enabled, label.
ChainSpec parse_saved_chain(const json& value, const std::string& where, bool data_target,
                            std::set<int>& ids) {
  Fields fields(value, where);
  ChainSpec chain;
  chain.id = static_cast<int>(as_count(fields.require("id"), fields.where("id"), 0, 1000000));
  if (!ids.insert(chain.id).second) throw UserError(fields.where("id") + " repeats an id");
  chain.sampler_id = as_string(fields.require("sampler"), fields.where("sampler"));
  chain.params = parse_sampler_params(fields.require("params"), chain.sampler_id,
                                      fields.where("params"), data_target);
  if (const json* history = fields.get("history"))
    chain.history = parse_history(*history, fields.where("history"), chain.sampler_id, data_target);
  chain.steps = as_count(fields.require("steps"), fields.where("steps"), 0);
  if (!chain.history.empty() && chain.history.back().step > chain.steps)
    throw UserError(fields.where("history") + ": a change after the saved step");
  if (const json* enabled = fields.get("enabled"))
    chain.enabled = as_bool(*enabled, fields.where("enabled"));
  if (const json* label = fields.get("label"))
    chain.label = as_string(*label, fields.where("label"));
  fields.finish();
  return chain;
}

SavedSession parse_session(const json& value, const std::string& path, bool data_target) {
  Fields fields(value, path);
  SavedSession session;
  const json& chains = fields.require("chains");
  if (!chains.is_array()) throw UserError(fields.where("chains") + " must be a list");
  std::set<int> ids;
  for (std::size_t i = 0; i < chains.size(); ++i) {
    const std::string where = fields.where("chains") + "[" + std::to_string(i) + "]";
    session.chains.push_back(parse_saved_chain(chains[i], where, data_target, ids));
  }
  fields.finish();
  return session;
}

}  // namespace

Scenario parse_scenario(const std::string& text, const std::string& source) {
  const json root = parse_bounded_json(text, source);
  Fields fields(root, source);
  Scenario scenario;
  scenario.source = source;
  parse_header(fields, scenario);
  scenario.target = parse_target(fields.require("target"), fields.where("target"));
  const bool data_target = find_target_info(scenario.target.id)->data_target;
  parse_run_settings(fields, data_target, scenario);
  scenario.chains = parse_chains(fields.require("chains"), fields.where("chains"), data_target);
  if (const json* sweep = fields.get("sweep"))
    scenario.sweep = parse_sweep(*sweep, fields.where("sweep"), scenario, data_target);
  if (const json* ensemble = fields.get("ensemble"))
    scenario.ensemble = parse_ensemble(*ensemble, fields.where("ensemble"), scenario, data_target);
  if (const json* test_error = fields.get("test_error"))
    scenario.test_error = parse_test_error(*test_error, fields.where("test_error"));
  if (const json* analysis = fields.get("analysis"))
    scenario.analysis = parse_analysis(*analysis, fields.where("analysis"), scenario);
  if (const json* quick = fields.get("quick"))
    scenario.quick = parse_quick(*quick, fields.where("quick"));
  if (const json* layout = fields.get("layout"))
    scenario.layout = parse_layout(*layout, fields.where("layout"));
  if (const json* session = fields.get("session"))
    scenario.session = parse_session(*session, fields.where("session"), data_target);
  fields.finish();
  if (scenario.chains.empty() && !scenario.session)
    throw UserError(fields.where("chains") + " must list at least one chain");
  return scenario;
}

}  // namespace sgl
