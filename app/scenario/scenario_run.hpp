// Runs a whole scenario headless — its chains as a Session, then its sweep and ensemble — and
// computes the analysis its figure needs. `sgmcmc-lab run --scenario` writes the results; the
// preset tests assert each paper's claim on them.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/scenario/experiment.hpp"
#include "app/scenario/test_error_experiment.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

namespace sgl {

// One chain's figures against the analysis (NaN where they do not apply).
struct ChainReport {
  std::string label;
  std::string sampler;
  double tv = kNotAvailable;
  double kl = kNotAvailable;
  double accept_rate = kNotAvailable;            // α_θ (MH)
  double subsample_accept_rate = kNotAvailable;  // α_u (HMC-ECS)
  std::vector<double> mean, variance;
  std::vector<double> mean_error_sd;            // (mean − reference mean) / reference sd
  std::vector<double> variance_ratio;           // variance / reference variance
  double iat = kNotAvailable;                   // inefficiency factor IF, mean over coordinates
  double evaluations_per_step = kNotAvailable;  // data passes per iteration
  double ct = kNotAvailable;  // IF × evaluations per iteration (data passes); signed: ÷ (2τ̂ − 1)²
  std::string stop_reason;
};

struct ScenarioResults {
  Scenario scenario;
  std::unique_ptr<Session> session;  // the chains, run to the end (null if there are none)
  std::vector<SamplerSummary> summaries;
  std::vector<ChainReport> chains;
  std::optional<SweepResult> sweep;
  std::optional<EnsembleResult> ensemble;
  std::optional<TestErrorResult> test_error;  // a test_error section's curves (no session then)
};

// Throws UserError. `control` (optional) gets progress and can cancel the batch parts.
ScenarioResults run_scenario(const Scenario& scenario, ExperimentControl* control = nullptr);

// Per-chain reports from a finished session's summaries (reference chain from the analysis).
std::vector<ChainReport> chain_reports(const Scenario& scenario,
                                       const std::vector<SamplerSummary>& summaries);

// The claim-ready figures as JSON (analysis.json), and the batch results as CSV text.
std::string analysis_json(const ScenarioResults& results);
std::string sweep_csv(const SweepResult& sweep);
std::string sweep_samples_csv(const SweepResult& sweep);
std::string ensemble_csv(const EnsembleResult& ensemble);

// "Covariance error against autocorrelation time": for each point of `other`, the
// autocorrelation time of `series` at the same covariance error, by log-log interpolation
// between `series`'s neighbouring points (NaN outside its range).
double iat_at_cov_error(const SweepResult& sweep, const std::string& label, double cov_error);

}  // namespace sgl
