// Runs a scenario's sweep or ensemble on its own worker thread while the live chains keep
// running: progress for the progress bar, the newest particle cloud of the ensemble for the
// target view, and the results once done. Cancelled and joined on destruction (Tracy's
// Worker pattern, as the live engine).
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "app/scenario/experiment.hpp"
#include "app/scenario/scenario_run.hpp"

namespace sgl {

class ExperimentRunner {
 public:
  // Reference: the scenario's chains run to the end headless, compared with the reference chain.
  enum class Kind { Sweep, Ensemble, Reference };

  ExperimentRunner(const Scenario& scenario, Kind kind);
  ~ExperimentRunner();
  ExperimentRunner(const ExperimentRunner&) = delete;
  ExperimentRunner& operator=(const ExperimentRunner&) = delete;

  Kind kind() const { return kind_; }
  double progress() const { return control_.progress.load(); }
  bool finished() const;
  void cancel() { control_.cancel.store(true); }
  bool cancelled() const { return control_.cancel.load(); }
  std::string error() const;  // non-empty if the experiment failed

  // Each ensemble series so far: its newest particle cloud (K × dim) and its checkpoints.
  struct Cloud {
    std::string label;
    std::vector<double> positions;
    std::vector<EnsembleCheckpoint> checkpoints;
  };
  std::vector<Cloud> clouds() const;

  // Results once finished (nullopt before).
  std::optional<SweepResult> sweep() const;
  std::optional<EnsembleResult> ensemble() const;
  std::optional<std::vector<ChainReport>> reports() const;

 private:
  Kind kind_;
  ExperimentControl control_;
  mutable std::mutex mutex_;
  bool finished_ = false;
  std::string error_;
  std::vector<Cloud> clouds_;
  std::optional<SweepResult> sweep_;
  std::optional<EnsembleResult> ensemble_;
  std::optional<std::vector<ChainReport>> reports_;
  std::thread worker_;
};

}  // namespace sgl
