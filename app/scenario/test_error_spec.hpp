// The `test_error` section of a scenario (nn-fashion): each chain is run on a classification
// network, and at every `1/evaluations_per_pass` of a data pass the test error of its current draw
// and of the Bayesian model average (predictive probabilities averaged over the draws evaluated
// since the burn-in) is recorded, with the seconds per pass. The chains run here instead of as a
// Session: a 79 510-parameter draw stream is not kept.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

namespace sgl {

struct ScenarioTestError {
  std::string test_data;  // the test images (IDX, labels file beside it) or CSV/npy with "y"
  double data_passes = 20.0;
  int evaluations_per_pass = 1;
  double burnin_passes = 1.0;   // draws evaluated from this pass on enter the average
  std::int64_t train_rows = 0;  // the first rows of the training data (0: all)
  std::int64_t test_rows = 0;   // the first rows of the test data (0: all)
  // `--quick`: the values to use instead (0: unchanged).
  double quick_data_passes = 0.0;
  int quick_evaluations_per_pass = 0;
  std::int64_t quick_train_rows = 0;
  std::int64_t quick_test_rows = 0;

  ScenarioTestError quick_version() const;
  bool operator==(const ScenarioTestError&) const = default;
};

// Reads the section (path names it in messages); throws UserError.
ScenarioTestError parse_test_error(const nlohmann::ordered_json& value, const std::string& path);
nlohmann::ordered_json test_error_json(const ScenarioTestError& spec);

}  // namespace sgl
