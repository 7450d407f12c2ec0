// Runs a scenario's sweep or ensemble on its own worker thread while the live chains keep
// running: progress for the progress bar, the newest particle cloud of the ensemble for the
// target view, and the results once done. Cancelled and joined on destruction (Tracy's
// Worker pattern, as the live engine).
//
// It publishes like the LiveEngine: the worker keeps its working state to itself, builds an
// immutable ExperimentSnapshot after each change and swaps it in under a short lock; the UI
// takes one snapshot per frame and reads only that, so what it shows (finished, error, results,
// clouds) is always one consistent state.
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

struct ExperimentSnapshot {
  // One ensemble series: its newest particle cloud (K × dim) and its checkpoints so far.
  struct Cloud {
    std::string label;
    std::vector<double> positions;
    std::vector<EnsembleCheckpoint> checkpoints;
  };

  bool finished = false;
  std::string error;  // non-empty if the experiment failed
  std::vector<Cloud> clouds;
  // Results once finished (nullopt before).
  std::optional<SweepResult> sweep;
  std::optional<EnsembleResult> ensemble;
  std::optional<std::vector<ChainReport>> reports;
};

class ExperimentRunner {
 public:
  // Reference: the scenario's chains run to the end headless, compared with the reference chain.
  enum class Kind { Sweep, Ensemble, Reference };
  using Cloud = ExperimentSnapshot::Cloud;

  ExperimentRunner(const Scenario& scenario, Kind kind);
  ~ExperimentRunner();
  ExperimentRunner(const ExperimentRunner&) = delete;
  ExperimentRunner& operator=(const ExperimentRunner&) = delete;

  Kind kind() const { return kind_; }
  double progress() const { return control_.progress.load(); }
  void cancel() { control_.cancel.store(true); }
  bool cancelled() const { return control_.cancel.load(); }

  // The newest published state (never null).
  std::shared_ptr<const ExperimentSnapshot> snapshot() const;

 private:
  // Worker thread: publishes a copy of `state` as the newest snapshot.
  void publish(const ExperimentSnapshot& state);
  void run(const Scenario& scenario);

  Kind kind_;
  ExperimentControl control_;
  mutable std::mutex snapshot_mutex_;  // guards only the pointer swap
  std::shared_ptr<const ExperimentSnapshot> published_;
  std::thread worker_;
};

}  // namespace sgl
