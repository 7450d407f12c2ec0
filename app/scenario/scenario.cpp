#include "app/scenario/scenario.hpp"

#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>

#include "app/scenario/bounded_json.hpp"
#include "app/scenario/scenario_layout.hpp"
#include "core/io/input_limits.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/data_target.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

using json = nlohmann::ordered_json;

// A JSON object being read: every key must be consumed or listed as allowed, so an unknown
// (e.g. misspelt) key is an error naming its path.
class Fields {
 public:
  Fields(const json& value, std::string path) : value_(value), path_(std::move(path)) {
    if (!value_.is_object()) throw UserError(path_ + " must be a JSON object");
  }
  std::string where(const std::string& key) const { return path_ + "." + key; }
  const json* get(const std::string& key) {
    seen_.insert(key);
    auto it = value_.find(key);
    return it == value_.end() ? nullptr : &*it;
  }
  const json& require(const std::string& key) {
    const json* value = get(key);
    if (!value) throw UserError(where(key) + " is missing");
    return *value;
  }
  void ignore(const std::string& key) { seen_.insert(key); }
  // Call last: rejects keys nobody asked for.
  void finish() const {
    for (auto it = value_.begin(); it != value_.end(); ++it)
      if (!seen_.count(it.key())) {
        std::string known;
        for (const auto& key : seen_) known += (known.empty() ? "" : ", ") + key;
        throw UserError(where(it.key()) + ": unknown key (known here: " + known + ")");
      }
  }

 private:
  const json& value_;
  std::string path_;
  std::set<std::string> seen_;
};

std::string as_string(const json& value, const std::string& where) {
  if (!value.is_string()) throw UserError(where + " must be a string");
  return value.get<std::string>();
}

double as_number(const json& value, const std::string& where) {
  if (!value.is_number()) throw UserError(where + " must be a number");
  const double number = value.get<double>();
  if (!std::isfinite(number)) throw UserError(where + " must be finite");
  return number;
}

std::uint64_t as_count(const json& value, const std::string& where, std::uint64_t minimum,
                       std::uint64_t maximum = std::numeric_limits<std::uint64_t>::max()) {
  if (!value.is_number_integer() ||
      (value.is_number_integer() && value.get<std::int64_t>() < 0 && !value.is_number_unsigned()))
    throw UserError(where + " must be a whole number >= " + std::to_string(minimum));
  const std::uint64_t count = value.get<std::uint64_t>();
  if (count < minimum) throw UserError(where + " must be at least " + std::to_string(minimum));
  // Checked before any narrowing cast, so 2^32 + 1 is not read as 1.
  if (count > maximum) throw UserError(where + " must be at most " + std::to_string(maximum));
  return count;
}

bool as_bool(const json& value, const std::string& where) {
  if (!value.is_boolean()) throw UserError(where + " must be true or false");
  return value.get<bool>();
}

std::vector<std::string> as_string_list(const json& value, const std::string& where) {
  if (!value.is_array()) throw UserError(where + " must be a list of strings");
  std::vector<std::string> list;
  for (std::size_t i = 0; i < value.size(); ++i)
    list.push_back(as_string(value[i], where + "[" + std::to_string(i) + "]"));
  return list;
}

// Parameter values: numbers, true/false, or the names of choices ("uniform", "auto").
ParamValues parse_params(const json& value, const std::vector<ParamDescriptor>& descriptors,
                         const std::string& where, const std::string& owner,
                         bool accept_gradient_noise) {
  if (!value.is_object()) throw UserError(where + " must be a JSON object of parameter values");
  std::vector<ParamDescriptor> accepted = descriptors;
  // As on the command line: exact-gradient samplers parse batch_size/noise_var so that the
  // sampler itself can say why they do not apply.
  if (accept_gradient_noise)
    for (const char* name : {"batch_size", "noise_var"})
      if (!find_descriptor(accepted, name))
        accepted.push_back(
            {name, name, ParamKind::Real, 0, 1e300, 0, false, "", {}, ParamScope::Any});
  ParamValues params;
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string key_where = where + "." + it.key();
    const ParamDescriptor* descriptor = find_descriptor(accepted, it.key());
    if (!descriptor) {
      std::string known;
      for (const auto& d : descriptors) known += (known.empty() ? "" : ", ") + d.name;
      throw UserError(key_where + ": unknown parameter of " + owner + " (known: " + known + ")");
    }
    const json& item = it.value();
    double number = 0.0;
    if (item.is_boolean()) {
      number = item.get<bool>() ? 1.0 : 0.0;
      if (descriptor->kind != ParamKind::Boolean) throw UserError(key_where + " is not a boolean");
    } else if (item.is_string()) {
      number = parse_param_value(*descriptor, item.get<std::string>(), key_where);
    } else {
      number = as_number(item, key_where);
    }
    params[it.key()] = number;
  }
  return params;
}

json params_json(const ParamValues& params, const std::vector<ParamDescriptor>& descriptors) {
  json out = json::object();
  for (const auto& [name, value] : params) {
    const ParamDescriptor* d = find_descriptor(descriptors, name);
    if (d && d->kind == ParamKind::Boolean) {
      out[name] = value != 0.0;
    } else if (d && (d->kind == ParamKind::Choice || (d->zero_means_auto && value == 0.0))) {
      out[name] = format_param_value(*d, value);
    } else {
      out[name] = value;
    }
  }
  return out;
}

const SamplerInfo& sampler_info(const std::string& id, const std::string& where) {
  const SamplerInfo* info = find_sampler_info(id);
  if (!info) {
    std::string known;
    for (const auto& entry : sampler_catalogue()) known += (known.empty() ? "" : ", ") + entry.id;
    throw UserError(where + ": unknown sampler '" + id + "' (known: " + known + ")");
  }
  return *info;
}

ParamValues parse_sampler_params(const json& value, const std::string& sampler,
                                 const std::string& where, bool data_target) {
  const SamplerInfo& info = sampler_info(sampler, where);
  ParamValues params = parse_params(value, info.params, where, "sampler '" + sampler + "'", true);
  validate_params(params, info.params, where, data_target);
  return params;
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
    fields.finish();
    if (!history.empty() && change.step < history.back().step)
      throw UserError(fields.where("step") + ": changes must be in step order");
    history.push_back(std::move(change));
  }
  return history;
}

SavedSession parse_session(const json& value, const std::string& path, bool data_target) {
  Fields fields(value, path);
  SavedSession session;
  const json& chains = fields.require("chains");
  if (!chains.is_array()) throw UserError(fields.where("chains") + " must be a list");
  std::set<int> ids;
  for (std::size_t i = 0; i < chains.size(); ++i) {
    const std::string where = fields.where("chains") + "[" + std::to_string(i) + "]";
    Fields chain_fields(chains[i], where);
    SavedChain chain;
    chain.id = static_cast<int>(
        as_count(chain_fields.require("id"), chain_fields.where("id"), 0, 1000000));
    if (!ids.insert(chain.id).second) throw UserError(chain_fields.where("id") + " repeats an id");
    chain.sampler = as_string(chain_fields.require("sampler"), chain_fields.where("sampler"));
    chain.initial_params = parse_sampler_params(chain_fields.require("params"), chain.sampler,
                                                chain_fields.where("params"), data_target);
    if (const json* history = chain_fields.get("history"))
      chain.history =
          parse_history(*history, chain_fields.where("history"), chain.sampler, data_target);
    chain.steps = as_count(chain_fields.require("steps"), chain_fields.where("steps"), 0);
    if (!chain.history.empty() && chain.history.back().step > chain.steps)
      throw UserError(chain_fields.where("history") + ": a change after the saved step");
    if (const json* enabled = chain_fields.get("enabled"))
      chain.enabled = as_bool(*enabled, chain_fields.where("enabled"));
    if (const json* label = chain_fields.get("label"))
      chain.label = as_string(*label, chain_fields.where("label"));
    chain_fields.finish();
    session.chains.push_back(std::move(chain));
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
  scenario.target = parse_target(fields.require("target"), fields.where("target"));
  const bool data_target = find_target_info(scenario.target.id)->data_target;

  if (const json* init = fields.get("init")) {
    if (init->is_string()) {
      if (init->get<std::string>() != "map")
        throw UserError(fields.where("init") + " must be a list of numbers or \"map\"");
      if (!data_target) throw UserError(fields.where("init") + ": \"map\" needs a data target");
      scenario.init_at_map = true;
    } else if (init->is_array()) {
      if (init->size() > kMaxInitValues)
        throw UserError(fields.where("init") + " has " + std::to_string(init->size()) +
                        " values, more than any target has coordinates (" +
                        std::to_string(kMaxInitValues) + ")");
      for (std::size_t i = 0; i < init->size(); ++i)
        scenario.init.push_back(
            as_number((*init)[i], fields.where("init") + "[" + std::to_string(i) + "]"));
    } else {
      throw UserError(fields.where("init") + " must be a list of numbers or \"map\"");
    }
  }
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

  const json& chains = fields.require("chains");
  if (!chains.is_array()) throw UserError(fields.where("chains") + " must be a list");
  std::set<std::string> labels;
  for (std::size_t i = 0; i < chains.size(); ++i) {
    const std::string where = fields.where("chains") + "[" + std::to_string(i) + "]";
    Fields chain_fields(chains[i], where);
    chain_fields.ignore("comment");
    ScenarioChain chain;
    chain.sampler.id = as_string(chain_fields.require("sampler"), chain_fields.where("sampler"));
    if (const json* params = chain_fields.get("params"))
      chain.sampler.params = parse_sampler_params(*params, chain.sampler.id,
                                                  chain_fields.where("params"), data_target);
    else
      sampler_info(chain.sampler.id, chain_fields.where("sampler"));
    if (const json* label = chain_fields.get("label"))
      chain.label = as_string(*label, chain_fields.where("label"));
    if (const json* enabled = chain_fields.get("enabled"))
      chain.enabled = as_bool(*enabled, chain_fields.where("enabled"));
    chain_fields.finish();
    if (chain.label.empty()) {
      chain.label = chain.sampler.id;
      for (int k = 2; labels.count(chain.label); ++k)
        chain.label = chain.sampler.id + "#" + std::to_string(k);
    }
    if (!labels.insert(chain.label).second)
      throw UserError(where + ".label: '" + chain.label + "' is used twice");
    scenario.chains.push_back(std::move(chain));
  }

  auto check_labels = [&](const std::vector<std::string>& list, const std::string& where) {
    for (const std::string& label : list) chain_index(scenario, label, where);
  };

  if (const json* sweep = fields.get("sweep")) {
    Fields sweep_fields(*sweep, fields.where("sweep"));
    ScenarioSweep s;
    s.param = as_string(sweep_fields.require("param"), sweep_fields.where("param"));
    const json& values = sweep_fields.require("values");
    if (!values.is_array() || values.empty())
      throw UserError(sweep_fields.where("values") + " must be a non-empty list of numbers");
    for (std::size_t i = 0; i < values.size(); ++i)
      s.values.push_back(
          as_number(values[i], sweep_fields.where("values") + "[" + std::to_string(i) + "]"));
    if (const json* of = sweep_fields.get("chains"))
      s.chains = as_string_list(*of, sweep_fields.where("chains"));
    check_labels(s.chains, sweep_fields.where("chains"));
    if (const json* steps = sweep_fields.get("steps"))
      s.steps = as_count(*steps, sweep_fields.where("steps"), 1);
    if (const json* burnin = sweep_fields.get("burnin"))
      s.burnin = as_count(*burnin, sweep_fields.where("burnin"), 0);
    if (const json* keep = sweep_fields.get("keep_first"))
      s.keep_first = as_count(*keep, sweep_fields.where("keep_first"), 0);
    sweep_fields.finish();
    // Every swept chain must accept every value.
    for (std::size_t c = 0; c < scenario.chains.size(); ++c) {
      const ScenarioChain& chain = scenario.chains[c];
      if (!s.chains.empty() &&
          std::find(s.chains.begin(), s.chains.end(), chain.label) == s.chains.end())
        continue;
      for (double value : s.values) {
        ParamValues params = chain.sampler.params;
        params[s.param] = value;
        validate_params(params, sampler_info(chain.sampler.id, "").params,
                        sweep_fields.where("values") + " (chain '" + chain.label + "')",
                        data_target);
      }
    }
    scenario.sweep = std::move(s);
  }

  if (const json* ensemble = fields.get("ensemble")) {
    Fields e_fields(*ensemble, fields.where("ensemble"));
    ScenarioEnsemble e;
    e.chains = static_cast<int>(
        as_count(e_fields.require("chains"), e_fields.where("chains"), 1, 1000000));
    if (const json* of = e_fields.get("of")) e.of = as_string_list(*of, e_fields.where("of"));
    check_labels(e.of, e_fields.where("of"));
    if (const json* steps = e_fields.get("steps"))
      e.steps = as_count(*steps, e_fields.where("steps"), 1);
    if (const json* passes = e_fields.get("data_passes")) {
      e.data_passes = as_number(*passes, e_fields.where("data_passes"));
      if (e.data_passes <= 0) throw UserError(e_fields.where("data_passes") + " must be > 0");
      if (!data_target) throw UserError(e_fields.where("data_passes") + " needs a data target");
    }
    if ((e.steps > 0) == (e.data_passes > 0))
      throw UserError(e_fields.where("steps") + ": give exactly one of steps and data_passes");
    if (const json* checkpoints = e_fields.get("checkpoints"))
      e.checkpoints = static_cast<int>(
          std::min<std::uint64_t>(as_count(*checkpoints, e_fields.where("checkpoints"), 1), 10000));
    e_fields.finish();
    scenario.ensemble = std::move(e);
  }

  if (const json* analysis = fields.get("analysis")) {
    Fields a_fields(*analysis, fields.where("analysis"));
    scenario.analysis.kind = as_string(a_fields.require("kind"), a_fields.where("kind"));
    static const std::set<std::string> kinds = {"none",  "distance",    "energy",
                                                "sweep", "ensemble-kl", "reference"};
    if (!kinds.count(scenario.analysis.kind))
      throw UserError(a_fields.where("kind") +
                      " must be one of none, distance, energy, sweep, ensemble-kl, reference");
    if (const json* reference = a_fields.get("reference")) {
      scenario.analysis.reference = as_string(*reference, a_fields.where("reference"));
      chain_index(scenario, scenario.analysis.reference, a_fields.where("reference"));
    }
    a_fields.finish();
    const std::string& kind = scenario.analysis.kind;
    if (kind == "reference" && scenario.analysis.reference.empty())
      throw UserError(a_fields.where("reference") + " is needed for kind \"reference\"");
    if (kind == "sweep" && !scenario.sweep)
      throw UserError(a_fields.where("kind") + ": \"sweep\" needs a sweep");
    if ((kind == "energy" || kind == "ensemble-kl") && !scenario.ensemble)
      throw UserError(a_fields.where("kind") + ": \"" + kind + "\" needs an ensemble");
  }

  if (const json* quick = fields.get("quick")) {
    Fields q_fields(*quick, fields.where("quick"));
    if (const json* v = q_fields.get("steps"))
      scenario.quick.steps = as_count(*v, q_fields.where("steps"), 1);
    if (const json* v = q_fields.get("burnin"))
      scenario.quick.burnin = as_count(*v, q_fields.where("burnin"), 0);
    if (const json* v = q_fields.get("sweep_steps"))
      scenario.quick.sweep_steps = as_count(*v, q_fields.where("sweep_steps"), 1);
    if (const json* v = q_fields.get("ensemble_chains"))
      scenario.quick.ensemble_chains = static_cast<int>(
          std::min<std::uint64_t>(as_count(*v, q_fields.where("ensemble_chains"), 1), 1000000));
    q_fields.finish();
  }

  if (const json* layout = fields.get("layout"))
    scenario.layout = parse_layout(*layout, fields.where("layout"));
  if (const json* session = fields.get("session"))
    scenario.session = parse_session(*session, fields.where("session"), data_target);
  fields.finish();
  if (scenario.chains.empty() && !scenario.session)
    throw UserError(fields.where("chains") + " must list at least one chain");
  return scenario;
}

std::string scenario_to_json(const Scenario& s) {
  json root;
  root["format"] = 1;
  root["name"] = s.name;
  if (!s.title.empty()) root["title"] = s.title;
  if (!s.description.empty()) root["description"] = s.description;
  if (!s.note.empty()) root["note"] = s.note;
  const TargetInfo* target_info = find_target_info(s.target.id);
  json target;
  target["id"] = s.target.id;
  if (!s.target.params.empty() && target_info)
    target["params"] = params_json(s.target.params, target_info->params);
  if (!s.target.data_csv.empty()) target["data"] = s.target.data_csv;
  if (s.target.response != "y") target["response"] = s.target.response;
  if (!s.target.potential.empty()) target["potential"] = s.target.potential;
  root["target"] = target;
  if (s.init_at_map) {
    root["init"] = "map";
  } else if (!s.init.empty()) {
    root["init"] = s.init;
  }
  root["seed"] = s.seed;
  root["steps"] = s.steps;
  root["burnin"] = s.burnin;
  root["thin"] = s.thin;
  root["speed"] = s.speed;
  auto sampler_params = [](const std::string& id, const ParamValues& params) {
    const SamplerInfo* info = find_sampler_info(id);
    return info ? params_json(params, info->params) : json::object();
  };
  json chains = json::array();
  for (const ScenarioChain& chain : s.chains) {
    json entry;
    entry["label"] = chain.label;
    entry["sampler"] = chain.sampler.id;
    entry["params"] = sampler_params(chain.sampler.id, chain.sampler.params);
    if (!chain.enabled) entry["enabled"] = false;
    chains.push_back(entry);
  }
  root["chains"] = chains;
  if (s.sweep) {
    json sweep;
    sweep["param"] = s.sweep->param;
    sweep["values"] = s.sweep->values;
    if (!s.sweep->chains.empty()) sweep["chains"] = s.sweep->chains;
    if (s.sweep->steps) sweep["steps"] = s.sweep->steps;
    sweep["burnin"] = s.sweep->burnin;
    sweep["keep_first"] = s.sweep->keep_first;
    root["sweep"] = sweep;
  }
  if (s.ensemble) {
    json ensemble;
    ensemble["chains"] = s.ensemble->chains;
    if (!s.ensemble->of.empty()) ensemble["of"] = s.ensemble->of;
    if (s.ensemble->steps) ensemble["steps"] = s.ensemble->steps;
    if (s.ensemble->data_passes > 0) ensemble["data_passes"] = s.ensemble->data_passes;
    ensemble["checkpoints"] = s.ensemble->checkpoints;
    root["ensemble"] = ensemble;
  }
  if (s.analysis.kind != "none") {
    json analysis;
    analysis["kind"] = s.analysis.kind;
    if (!s.analysis.reference.empty()) analysis["reference"] = s.analysis.reference;
    root["analysis"] = analysis;
  }
  if (s.layout.mode != "dashboard" || !s.layout.panels.empty()) {
    json layout;
    layout["mode"] = s.layout.mode;
    if (!s.layout.panels.empty()) layout["panels"] = s.layout.panels;
    root["layout"] = layout;
  }
  json quick = json::object();
  if (s.quick.steps) quick["steps"] = s.quick.steps;
  if (s.quick.burnin) quick["burnin"] = s.quick.burnin;
  if (s.quick.sweep_steps) quick["sweep_steps"] = s.quick.sweep_steps;
  if (s.quick.ensemble_chains) quick["ensemble_chains"] = s.quick.ensemble_chains;
  if (!quick.empty()) root["quick"] = quick;
  if (s.session) {
    json chains_out = json::array();
    for (const SavedChain& chain : s.session->chains) {
      json entry;
      entry["id"] = chain.id;
      entry["sampler"] = chain.sampler;
      entry["params"] = sampler_params(chain.sampler, chain.initial_params);
      entry["steps"] = chain.steps;
      entry["enabled"] = chain.enabled;
      if (!chain.label.empty()) entry["label"] = chain.label;
      json history = json::array();
      for (const ParamChange& change : chain.history)
        history.push_back(
            {{"step", change.step}, {"params", sampler_params(chain.sampler, change.params)}});
      entry["history"] = history;
      chains_out.push_back(entry);
    }
    root["session"] = {{"chains", chains_out}};
  }
  return root.dump(2) + "\n";
}

Scenario quick_version(const Scenario& scenario) {
  Scenario quick = scenario;
  if (scenario.quick.steps) quick.steps = scenario.quick.steps;
  if (scenario.quick.burnin) quick.burnin = scenario.quick.burnin;
  if (quick.sweep && scenario.quick.sweep_steps) quick.sweep->steps = scenario.quick.sweep_steps;
  if (quick.ensemble && scenario.quick.ensemble_chains)
    quick.ensemble->chains = scenario.quick.ensemble_chains;
  return quick;
}

std::size_t chain_index(const Scenario& scenario, const std::string& label,
                        const std::string& field) {
  for (std::size_t i = 0; i < scenario.chains.size(); ++i)
    if (scenario.chains[i].label == label) return i;
  std::string known;
  for (const auto& chain : scenario.chains) known += (known.empty() ? "" : ", ") + chain.label;
  throw UserError(field + ": no chain labelled '" + label + "' (labels: " + known + ")");
}

Vec scenario_start(const Scenario& scenario, const Target& target) {
  if (scenario.init_at_map) {
    std::optional<Vec> mode = target.posterior_mode();
    if (!mode) throw UserError(scenario.source + ": init \"map\" needs a regression target");
    return *std::move(mode);
  }
  Vec start = target.default_init();
  if (scenario.init.empty()) return start;
  if (static_cast<int>(scenario.init.size()) != target.dim())
    throw UserError(scenario.source + ": init has " + std::to_string(scenario.init.size()) +
                    " values but the target has " + std::to_string(target.dim()) + " coordinates");
  for (std::size_t i = 0; i < scenario.init.size(); ++i)
    start[static_cast<Eigen::Index>(i)] = scenario.init[i];
  return start;
}

RunSpec scenario_run_spec(const Scenario& scenario) {
  RunSpec spec;
  spec.target = scenario.target;
  for (const ScenarioChain& chain : scenario.chains) spec.samplers.push_back(chain.sampler);
  spec.chains_per_sampler = 1;
  spec.steps = scenario.steps;
  spec.burnin = scenario.burnin;
  spec.thin = scenario.thin;
  spec.seed = scenario.seed;
  spec.init = scenario.init;
  // θ* is found on the target the session builds (no throwaway build to read the data twice).
  spec.init_at_map = scenario.init_at_map;
  return spec;
}

}  // namespace sgl
