// The batch parts of a scenario — a parameter sweep and an ensemble of independent chains — run
// headless by `sgmcmc-lab run --scenario` and on the GUI's experiment thread alike. Both report
// progress and can be cancelled between chains.
#pragma once

#include <atomic>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "app/scenario/scenario.hpp"
#include "core/diagnostics/convergence.hpp"

namespace sgl {

constexpr double kNotAvailable = std::numeric_limits<double>::quiet_NaN();

struct ExperimentControl {
  std::atomic<double> progress{0.0};  // 0 → 1 over the whole experiment
  std::atomic<bool> cancel{false};    // checked between chains and checkpoints
  // Chains, sweep points and ensemble members run at once (parallel_for.hpp); the results do not
  // depend on it. Set before the run starts.
  int jobs = 1;
};

// The target's reference posterior where it is exact (ewsg-gauss, gauss2d, harmonic, linear).
struct GaussianTruth {
  Vec mean;
  Eigen::MatrixXd covariance;
};
std::optional<GaussianTruth> gaussian_truth(const Target& target);

// KL(N(m, S) ‖ N(μ, T)); +∞ when S is singular.
double gaussian_kl(const Vec& m, const Eigen::MatrixXd& s, const GaussianTruth& truth);

struct SweepPoint {
  std::string label;    // the scenario chain
  std::string sampler;  // its sampler id
  double value = 0.0;   // the swept parameter's value
  std::uint64_t draws = 0;
  double cov_error = kNotAvailable;  // mean |Σ̂_ij − Σ_ij| over all entries (Gaussian truth)
  double iat = kNotAvailable;        // mean over coordinates of the integrated autocorrelation time
  double ess_min = kNotAvailable;
  double tv = kNotAvailable;  // histogram against the true density (1-D / 2-D targets)
  double accept_rate = kNotAvailable;
  double data_passes = 0.0;
  std::string stop_reason;          // non-empty if the run stopped early
  std::vector<double> first_draws;  // the first keep_first draws, row-major (k × dim)
};

struct SweepResult {
  std::string param;
  int dim = 0;
  std::vector<SweepPoint> points;  // chain by chain, values in the given order
};

struct EnsembleCheckpoint {
  double budget = 0.0;  // steps or data passes (mean over the chains) at this checkpoint
  double mean_steps = 0.0;
  double data_passes = kNotAvailable;
  int running = 0;  // chains not stopped
  double mean_energy = kNotAvailable;
  double kl = kNotAvailable;  // of the Gaussian fitted to the cloud, against a Gaussian truth
  double tv = kNotAvailable;  // of the cloud's histogram against the true density
  Vec mean;
  Eigen::MatrixXd covariance;
};

struct EnsembleSeries {
  std::string label;
  std::string sampler;
  std::vector<EnsembleCheckpoint> checkpoints;
  // R̂ and bulk/tail ESS per coordinate over the chains that never stopped, each contributing
  // its positions at the later half of the checkpoints (the first half is warm-up: every chain
  // starts at the same point). NaN with fewer than 8 checkpoints or 2 such chains.
  std::vector<ConvergenceDiagnostics> convergence;
  int convergence_chains = 0;
  int convergence_checkpoints = 0;  // per chain
};

struct EnsembleResult {
  std::string budget_unit;  // "steps" or "data_passes"
  int chains = 0;
  int dim = 0;
  std::vector<EnsembleSeries> series;
};

// After each checkpoint: the positions of every running particle (K × dim, row-major) of one
// series, and that checkpoint's summary.
using EnsembleObserver =
    std::function<void(std::size_t series, const std::vector<double>& positions,
                       const EnsembleCheckpoint& checkpoint)>;

// Throws UserError (bad scenario) — returns early, with what was done, when cancelled.
SweepResult run_sweep(const Scenario& scenario, ExperimentControl* control = nullptr,
                      double progress_from = 0.0, double progress_to = 1.0);
EnsembleResult run_ensemble(const Scenario& scenario, ExperimentControl* control = nullptr,
                            const EnsembleObserver& observer = {}, double progress_from = 0.0,
                            double progress_to = 1.0);

}  // namespace sgl
