#include "app/scenario/batch_sizes.hpp"

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/io/input_limits.hpp"
#include "core/run/memory_estimate.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

// One lightweight ensemble chain (sampler state, its one-draw store, RNG): a few kilobytes.
constexpr double kEnsembleChainBytes = 4096.0;

std::size_t selected_count(const Scenario& scenario, const std::vector<std::string>& labels) {
  if (labels.empty()) return scenario.chains.size();
  return labels.size();
}

void refuse_over_budget(const std::string& where, double bytes, const std::string& figures,
                        const std::string& advice) {
  const double budget = memory_budget_bytes();
  if (bytes <= budget) return;
  throw UserError(where + " would hold " + approximate_bytes(bytes) + " in memory (" + figures +
                  "), more than the budget of " + byte_size(budget) +
                  " (half of the memory available): " + advice);
}

void check_sweep(const Scenario& scenario, int dim) {
  const ScenarioSweep& sweep = *scenario.sweep;
  const std::string where = scenario.source + ": sweep";
  const std::uint64_t steps = sweep.steps ? sweep.steps : scenario.steps;
  if (steps > kMaxSteps || sweep.burnin > kMaxSteps)
    throw UserError(where + " steps and burnin must each be at most 10^15, as in `run`");
  const double runs = double(selected_count(scenario, sweep.chains)) * double(sweep.values.size());
  const double kept = double(std::min<std::uint64_t>(sweep.keep_first, steps));
  // One run's draws at a time, plus the first keep_first draws of every run for the figure.
  const double bytes = double(steps + 1) * bytes_per_draw(dim) + runs * kept * 8.0 * dim;
  char figures[200];
  std::snprintf(figures, sizeof figures,
                "%.0f runs x %.0f kept draws x %d coordinates, and one run of %.0f steps", runs,
                kept, dim, double(steps));
  refuse_over_budget(where, bytes, figures, "lower keep_first or the sweep's steps or values");
}

void check_ensemble(const Scenario& scenario, int dim) {
  const ScenarioEnsemble& ensemble = *scenario.ensemble;
  const std::string where = scenario.source + ": ensemble";
  // `run` caps a chain at 10^15 steps; an ensemble's chains together get the same cap (10^15
  // is a year of the fastest sampler), and data passes (each at least one step) a tenth of it.
  const double chains_in_all =
      double(ensemble.chains) *
      double(scenario.chains.empty() ? 1 : selected_count(scenario, ensemble.of));
  if (ensemble.steps > 0 && chains_in_all * double(ensemble.steps) > double(kMaxSteps))
    throw UserError(where + " steps x chains must be at most 10^15, as a `run`'s steps, got " +
                    std::to_string(ensemble.steps) + " steps x " + exact_number(chains_in_all) +
                    " chains");
  if (ensemble.data_passes > 0 && chains_in_all * ensemble.data_passes > double(kMaxSteps) / 10)
    throw UserError(where + " data_passes x chains must be at most 10^14, got " +
                    exact_number(ensemble.data_passes) + " passes x " +
                    exact_number(chains_in_all) + " chains");
  // One series' chains at a time, each with its position at every checkpoint (for R-hat).
  const double chains = ensemble.chains;
  const double bytes =
      chains * (kEnsembleChainBytes + 8.0 * dim * (double(ensemble.checkpoints) + 4.0));
  char figures[200];
  std::snprintf(figures, sizeof figures, "%.0f chains x %d coordinates x %d checkpoints", chains,
                dim, ensemble.checkpoints);
  refuse_over_budget(where, bytes, figures, "use fewer chains or checkpoints");
}

}  // namespace

void check_batch_sizes(const Scenario& scenario, int dim) {
  if (scenario.sweep) check_sweep(scenario, dim);
  if (scenario.ensemble) check_ensemble(scenario, dim);
}

}  // namespace sgl
