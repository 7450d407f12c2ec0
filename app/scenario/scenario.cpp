// What a scenario answers once read: its quick version, a chain by label, its start point and
// the run spec a Session runs (parsing and writing are in scenario_parse.cpp and
// scenario_write.cpp).
#include "app/scenario/scenario.hpp"

#include "core/targets/data_target.hpp"
#include "core/util/error.hpp"

namespace sgl {

Scenario quick_version(const Scenario& scenario) {
  Scenario quick = scenario;
  if (scenario.quick.steps) quick.steps = scenario.quick.steps;
  if (scenario.quick.burnin) quick.burnin = scenario.quick.burnin;
  if (quick.sweep && scenario.quick.sweep_steps) quick.sweep->steps = scenario.quick.sweep_steps;
  if (quick.ensemble && scenario.quick.ensemble_chains)
    quick.ensemble->chains = scenario.quick.ensemble_chains;
  if (quick.test_error) quick.test_error = quick.test_error->quick_version();
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
  RunSpec spec = static_cast<const RunSpec&>(scenario);  // the run part, as the file gave it
  spec.chains_per_sampler = 1;
  // init_at_map stays: θ* is found on the target the session builds (no throwaway build).
  return spec;
}

}  // namespace sgl
