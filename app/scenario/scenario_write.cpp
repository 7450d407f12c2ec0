// scenario_to_json: the file parse_scenario reads, with every run setting written out (so a
// saved file does not depend on defaults) and the optional sections only when they are set.
#include "app/scenario/scenario.hpp"
#include "app/scenario/scenario_json.hpp"

namespace sgl {

using scenario_json::json;
using scenario_json::params_json;
using scenario_json::sampler_params_json;

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
  if (s.keep_draws > 0) root["keep_draws"] = s.keep_draws;
  json chains = json::array();
  for (const ChainSpec& chain : s.chains) {
    json entry;
    entry["label"] = chain.label;
    entry["sampler"] = chain.sampler_id;
    entry["params"] = sampler_params_json(chain.sampler_id, chain.params);
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
  if (s.test_error) root["test_error"] = test_error_json(*s.test_error);
  if (s.analysis.kind != AnalysisKind::None) {
    json analysis;
    analysis["kind"] = analysis_kind_name(s.analysis.kind);
    if (!s.analysis.reference.empty()) analysis["reference"] = s.analysis.reference;
    root["analysis"] = analysis;
  }
  if (s.layout.mode != "dashboard" || !s.layout.panels.empty() || !s.layout.settings.empty()) {
    json layout;
    layout["mode"] = s.layout.mode;
    if (!s.layout.panels.empty()) layout["panels"] = s.layout.panels;
    if (!s.layout.settings.empty()) {
      json settings = json::object();
      for (const auto& [panel, text] : s.layout.settings) settings[panel] = json::parse(text);
      layout["settings"] = settings;
    }
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
    for (const ChainSpec& chain : s.session->chains) {
      json entry;
      entry["id"] = chain.id;
      entry["sampler"] = chain.sampler_id;
      entry["params"] = sampler_params_json(chain.sampler_id, chain.params);
      entry["steps"] = chain.steps;
      entry["enabled"] = chain.enabled;
      if (!chain.label.empty()) entry["label"] = chain.label;
      json history = json::array();
      for (const ParamChange& change : chain.history) {
        json step = {{"step", change.step},
                     {"params", sampler_params_json(chain.sampler_id, change.params)}};
        if (change.resumes)  // absent: an ordinary change
          step["resume"] = {{"from_step", change.resume_from}, {"theta", change.resume_theta}};
        history.push_back(std::move(step));
      }
      entry["history"] = history;
      chains_out.push_back(entry);
    }
    root["session"] = {{"chains", chains_out}};
  }
  return root.dump(2) + "\n";
}

}  // namespace sgl
