#include "app/gui/shell/experiment_runner.hpp"

#include <algorithm>
#include <exception>

#include "core/util/error.hpp"
#include "core/util/threads_available.hpp"

namespace sgl {

ExperimentRunner::ExperimentRunner(const Scenario& scenario, Kind kind) : kind_(kind) {
  // Thousands of chains run to completion: on the one thread of the browser build they would
  // freeze the page for minutes.
  if (!kThreadsAvailable)
    throw UserError(
        "sweeps and ensembles need threads, which the browser build has not: run "
        "them in the desktop app or with `sgmcmc-lab run --scenario`");
  ExperimentSnapshot initial;
  if (scenario.ensemble)
    for (const ChainSpec& chain : scenario.chains)
      if (scenario.ensemble->of.empty() ||
          std::find(scenario.ensemble->of.begin(), scenario.ensemble->of.end(), chain.label) !=
              scenario.ensemble->of.end())
        initial.clouds.push_back({chain.label, {}, {}});
  published_ = std::make_shared<const ExperimentSnapshot>(std::move(initial));
  worker_ = std::thread([this, scenario] { run(scenario); });
}

ExperimentRunner::~ExperimentRunner() {
  control_.cancel.store(true);
  if (worker_.joinable()) worker_.join();
}

std::shared_ptr<const ExperimentSnapshot> ExperimentRunner::snapshot() const {
  std::lock_guard lock(snapshot_mutex_);
  return published_;
}

void ExperimentRunner::publish(const ExperimentSnapshot& state) {
  // Built outside the lock: the UI thread waits only for the pointer swap.
  auto next = std::make_shared<const ExperimentSnapshot>(state);
  std::lock_guard lock(snapshot_mutex_);
  published_ = std::move(next);
}

void ExperimentRunner::run(const Scenario& scenario) {
  // Only this thread touches `state`; the UI sees copies of it.
  ExperimentSnapshot state = *snapshot();
  try {
    if (kind_ == Kind::Reference) {
      Scenario chains_only = scenario;
      chains_only.sweep.reset();
      chains_only.ensemble.reset();
      ScenarioResults result = run_scenario(chains_only, &control_);
      state.reports = std::move(result.chains);
    } else if (kind_ == Kind::Sweep) {
      state.sweep = run_sweep(scenario, &control_);
    } else {
      const EnsembleObserver observer = [this, &state](std::size_t series,
                                                       const std::vector<double>& positions,
                                                       const EnsembleCheckpoint& checkpoint) {
        if (series >= state.clouds.size()) return;
        state.clouds[series].positions = positions;
        state.clouds[series].checkpoints.push_back(checkpoint);
        publish(state);
      };
      state.ensemble = run_ensemble(scenario, &control_, observer);
    }
  } catch (const std::exception& error) {
    state.error = error.what();
  }
  state.finished = true;
  try {
    publish(state);
  } catch (const std::exception&) {
    // Out of memory for the copy: publish at least "finished" with the error, without results.
    ExperimentSnapshot last;
    last.finished = true;
    last.error = "the experiment's results do not fit in memory";
    std::lock_guard lock(snapshot_mutex_);
    published_ = std::make_shared<const ExperimentSnapshot>(std::move(last));
  }
}

}  // namespace sgl
