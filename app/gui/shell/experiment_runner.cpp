#include "app/gui/shell/experiment_runner.hpp"

#include <algorithm>
#include <exception>

#include "core/util/error.hpp"

namespace sgl {

ExperimentRunner::ExperimentRunner(const Scenario& scenario, Kind kind) : kind_(kind) {
  std::vector<std::string> labels;
  if (scenario.ensemble)
    for (const ChainSpec& chain : scenario.chains)
      if (scenario.ensemble->of.empty() ||
          std::find(scenario.ensemble->of.begin(), scenario.ensemble->of.end(), chain.label) !=
              scenario.ensemble->of.end())
        labels.push_back(chain.label);
  for (const std::string& label : labels) clouds_.push_back({label, {}, {}});

  worker_ = std::thread([this, scenario] {
    try {
      if (kind_ == Kind::Reference) {
        Scenario chains_only = scenario;
        chains_only.sweep.reset();
        chains_only.ensemble.reset();
        ScenarioResults result = run_scenario(chains_only, &control_);
        std::lock_guard lock(mutex_);
        reports_ = std::move(result.chains);
      } else if (kind_ == Kind::Sweep) {
        SweepResult result = run_sweep(scenario, &control_);
        std::lock_guard lock(mutex_);
        sweep_ = std::move(result);
      } else {
        const EnsembleObserver observer = [this](std::size_t series,
                                                 const std::vector<double>& positions,
                                                 const EnsembleCheckpoint& checkpoint) {
          std::lock_guard lock(mutex_);
          if (series >= clouds_.size()) return;
          clouds_[series].positions = positions;
          clouds_[series].checkpoints.push_back(checkpoint);
        };
        EnsembleResult result = run_ensemble(scenario, &control_, observer);
        std::lock_guard lock(mutex_);
        ensemble_ = std::move(result);
      }
    } catch (const std::exception& error) {
      std::lock_guard lock(mutex_);
      error_ = error.what();
    }
    std::lock_guard lock(mutex_);
    finished_ = true;
  });
}

ExperimentRunner::~ExperimentRunner() {
  control_.cancel.store(true);
  if (worker_.joinable()) worker_.join();
}

bool ExperimentRunner::finished() const {
  std::lock_guard lock(mutex_);
  return finished_;
}

std::string ExperimentRunner::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

std::vector<ExperimentRunner::Cloud> ExperimentRunner::clouds() const {
  std::lock_guard lock(mutex_);
  return clouds_;
}

std::optional<SweepResult> ExperimentRunner::sweep() const {
  std::lock_guard lock(mutex_);
  return sweep_;
}

std::optional<std::vector<ChainReport>> ExperimentRunner::reports() const {
  std::lock_guard lock(mutex_);
  return reports_;
}

std::optional<EnsembleResult> ExperimentRunner::ensemble() const {
  std::lock_guard lock(mutex_);
  return ensemble_;
}

}  // namespace sgl
