// The test-error experiment of a scenario's `test_error` section (test_error_spec.hpp; the
// nn-fashion preset, issue 31): each chain of the scenario samples a classification network on the
// training data, and at every evaluation point the current draw and the Bayesian model average of
// the predictive probabilities over the draws since the burn-in are scored on the test data. The
// chains run on control->jobs threads, one chain per piece of work with its own seed stream
// (chain_seed(seed, s, 0), as a Session seeds them), so the results do not depend on the threads.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/scenario/experiment.hpp"
#include "app/scenario/scenario.hpp"

namespace sgl {

struct TestErrorPoint {
  double pass = 0.0;                        // data passes (steps · b / n) at this evaluation
  double error_last = kNotAvailable;        // test error of the current draw
  double error_average = kNotAvailable;     // of the model average (NaN before the burn-in ends)
  double seconds_per_pass = kNotAvailable;  // sampling alone, over the interval just run
};

struct TestErrorSeries {
  std::string label;
  std::string sampler;
  ParamValues params;  // with defaults filled in
  std::vector<TestErrorPoint> points;
  double wall_seconds = 0.0;  // the chain's sampling time, whole run
  double passes_run = 0.0;    // data passes sampled (an early stop's last interval included)
  std::string stop_reason;    // non-empty if the chain stopped early
};

struct TestErrorResult {
  std::int64_t train_rows = 0;
  std::int64_t test_rows = 0;
  int dim = 0;
  int classes = 0;
  double burnin_passes = 0.0;
  std::vector<TestErrorSeries> series;  // in the scenario's chain order
  double wall_seconds = 0.0;            // the whole experiment, loading the data included
  int jobs = 1;
};

// Throws UserError (no `test_error` section, a target that is not a categorical mlp with a data
// file, unreadable data). Returns early with what was done when cancelled.
TestErrorResult run_test_error(const Scenario& scenario, ExperimentControl* control = nullptr);

// test_error.csv: sampler,pass,error_last,error_average,seconds (seconds per data pass).
std::string test_error_csv(const TestErrorResult& result);
// summary.json of a test-error run: the data sizes and, per chain, its settings, passes run,
// final errors, mean seconds per pass and stop reason.
std::string test_error_summary_json(const Scenario& scenario, const TestErrorResult& result);

}  // namespace sgl
