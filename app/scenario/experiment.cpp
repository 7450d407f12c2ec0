#include "app/scenario/experiment.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>

#include "app/scenario/batch_sizes.hpp"
#include "core/diagnostics/distance.hpp"
#include "core/diagnostics/ess.hpp"
#include "core/diagnostics/histogram.hpp"
#include "core/io/input_limits.hpp"
#include "core/run/memory_estimate.hpp"
#include "core/run/sliced_run.hpp"
#include "core/run/start_point.hpp"
#include "core/targets/data_target.hpp"
#include "core/targets/truth_grid.hpp"
#include "core/util/error.hpp"
#include "core/util/parallel_for.hpp"

namespace sgl {
namespace {

constexpr int kTruthBins = 25;  // per axis, as summary.json's tv_distance

bool selected(const std::vector<std::string>& labels, const std::string& label) {
  return labels.empty() || std::find(labels.begin(), labels.end(), label) != labels.end();
}

void report(ExperimentControl* control, double from, double to, double fraction) {
  if (control) control->progress.store(from + (to - from) * std::clamp(fraction, 0.0, 1.0));
}

bool cancelled(const ExperimentControl* control) {
  return control && control->cancel.load();
}

double data_passes(const SamplerCounters& counters, const Target& target) {
  const DataTarget* data = target.as_data_target();
  const double n = data ? double(data->num_data()) : 1.0;
  return double(counters.gradient_evaluations + counters.density_evaluations) / n;
}

// TV of a set of points (rows of `points`, dim 1 or 2) against the target's true density.
double cloud_tv(const Target& target, const std::vector<double>& points, int dim) {
  const TruthGrid* truth = target.truth();
  if (!truth || points.empty()) return kNotAvailable;
  const auto box = target.view_box();
  if (dim == 1) {
    Histogram1D histogram(box[0].lo, box[0].hi, kTruthBins);
    for (double x : points) histogram.add(x);
    return distance_to_truth(histogram, *truth, 0).tv;
  }
  if (dim == 2) {
    Histogram2D histogram(box[0].lo, box[0].hi, kTruthBins, box[1].lo, box[1].hi, kTruthBins);
    for (std::size_t i = 0; i + 1 < points.size(); i += 2) histogram.add(points[i], points[i + 1]);
    return distance_to_truth(histogram, *truth).tv;
  }
  return kNotAvailable;
}

// Mean and covariance (divisor k − 1) of k points of dimension dim, row-major.
void moments(const std::vector<double>& points, int dim, Vec& mean, Eigen::MatrixXd& covariance) {
  const auto k = static_cast<Eigen::Index>(points.size() / std::size_t(dim));
  const Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>> x(
      points.data(), k, dim);
  mean = x.colwise().mean().transpose();
  const Eigen::MatrixXd centred = x.rowwise() - mean.transpose();
  covariance = k > 1 ? Eigen::MatrixXd(centred.transpose() * centred / double(k - 1))
                     : Eigen::MatrixXd::Zero(dim, dim);
}

}  // namespace

std::optional<GaussianTruth> gaussian_truth(const Target& target) {
  const std::optional<ReferencePosterior> reference = target.reference_posterior();
  if (!reference || reference->kind != ReferencePosterior::Kind::Exact) return std::nullopt;
  return GaussianTruth{reference->mean, reference->covariance};
}

double gaussian_kl(const Vec& m, const Eigen::MatrixXd& s, const GaussianTruth& truth) {
  const Eigen::LLT<Eigen::MatrixXd> s_factor(s);
  if (s_factor.info() != Eigen::Success) return std::numeric_limits<double>::infinity();
  const Eigen::LLT<Eigen::MatrixXd> t_factor(truth.covariance);
  const Vec offset = truth.mean - m;
  const double trace = t_factor.solve(s).trace();
  const double quadratic = offset.dot(t_factor.solve(offset));
  double log_det_t = 0.0, log_det_s = 0.0;
  for (Eigen::Index i = 0; i < s.rows(); ++i) {
    log_det_t += 2.0 * std::log(Eigen::MatrixXd(t_factor.matrixL())(i, i));
    log_det_s += 2.0 * std::log(Eigen::MatrixXd(s_factor.matrixL())(i, i));
  }
  return 0.5 * (trace + quadratic - double(s.rows()) + log_det_t - log_det_s);
}

namespace {

// The measures of one finished sweep run.
SweepPoint sweep_point(const Chain& chain, const ChainSpec& spec, double value,
                       std::size_t keep_first, const std::optional<GaussianTruth>& truth) {
  const Target& target = chain.target();
  const int dim = target.dim();
  SweepPoint point;
  point.label = spec.label;
  point.sampler = spec.sampler_id;
  point.value = value;
  point.stop_reason = chain.stopped() ? chain.stop_reason() : "";
  const DrawStore& draws = chain.draws();
  point.draws = draws.size();
  const SamplerCounters& counters = chain.counters();
  if (counters.mh_proposals > 0)
    point.accept_rate = double(counters.mh_accepts) / double(counters.mh_proposals);
  point.data_passes = data_passes(counters, target);
  const std::size_t keep = std::min(keep_first, draws.size());
  for (std::size_t i = 0; i < keep; ++i)
    for (int c = 0; c < dim; ++c) point.first_draws.push_back(draws.theta(i, c));
  if (draws.size() >= 4 && point.stop_reason.empty()) {
    std::vector<double> all(draws.size() * std::size_t(dim));
    double iat_sum = 0.0;
    point.ess_min = std::numeric_limits<double>::infinity();
    for (int c = 0; c < dim; ++c) {
      const std::vector<double> series = draws.coordinate(c);
      const EssResult ess = effective_sample_size(series);
      iat_sum += ess.iat;
      point.ess_min = std::min(point.ess_min, ess.ess);
      for (std::size_t i = 0; i < series.size(); ++i)
        all[i * std::size_t(dim) + std::size_t(c)] = series[i];
    }
    point.iat = iat_sum / dim;
    if (truth) {
      Vec mean;
      Eigen::MatrixXd covariance;
      moments(all, dim, mean, covariance);
      point.cov_error = (covariance - truth->covariance).cwiseAbs().mean();
    }
    point.tv = cloud_tv(target, all, dim);
  }
  return point;
}

}  // namespace

SweepResult run_sweep(const Scenario& scenario, ExperimentControl* control, double progress_from,
                      double progress_to) {
  if (!scenario.sweep) throw UserError(scenario.source + ": no sweep");
  const ScenarioSweep& sweep = *scenario.sweep;
  const auto target = make_target(scenario.target);
  const Vec common = scenario_start(scenario, *target);
  const StartChoice start_choice{scenario.init, scenario.init_at_map};
  const auto truth = gaussian_truth(*target);
  const std::uint64_t steps = sweep.steps ? sweep.steps : scenario.steps;
  const int dim = target->dim();
  // Each run keeps every draw: refuse sizes beyond the memory budget before the first one.
  check_batch_sizes(scenario, dim);

  SweepResult result;
  result.param = sweep.param;
  result.dim = dim;
  // One task per (chain, value), in the order the points are reported.
  struct Task {
    std::size_t position;
    double value;
  };
  std::vector<Task> tasks;
  for (std::size_t position = 0; position < scenario.chains.size(); ++position)
    if (selected(sweep.chains, scenario.chains[position].label))
      for (double value : sweep.values) tasks.push_back({position, value});
  std::vector<std::optional<SweepPoint>> points(tasks.size());
  std::atomic<std::size_t> done{0};
  const auto keep_going = [control] { return !cancelled(control); };

  parallel_for(tasks.size(), control ? control->jobs : 1, [&](std::size_t index) {
    if (cancelled(control)) return;
    const ChainSpec& spec = scenario.chains[tasks[index].position];
    // The same start as `run` gives this sampler (HMC-ECS at θ* unless values were given).
    const Vec start = sampler_start(*target, start_choice, common, spec.sampler_id);
    ParamValues params = spec.params;
    params[sweep.param] = tasks[index].value;
    Chain chain(target, spec.sampler_id, params,
                chain_seed(scenario.seed, tasks[index].position, 0), start, sweep.burnin, 1);
    chain.reserve_draws(static_cast<std::size_t>(steps));
    // In timed slices, so that a cancel (Ctrl+C, the GUI's stop button, a closing window) is
    // seen within 100 ms of a long run. The slice length never changes the draws.
    SlicedRunner slices;
    if (!slices.run(chain, sweep.burnin + steps, keep_going)) return;
    points[index] = sweep_point(chain, spec, tasks[index].value, sweep.keep_first, truth);
    report(control, progress_from, progress_to, double(++done) / double(tasks.size()));
  });
  // A cancelled sweep keeps the points finished before the first unfinished one.
  for (std::optional<SweepPoint>& point : points) {
    if (!point) break;
    result.points.push_back(std::move(*point));
  }
  return result;
}

namespace {

void ensemble_convergence(const std::vector<std::vector<double>>& paths, int dim,
                          EnsembleSeries& series) {
  const std::size_t done = series.checkpoints.size();
  const std::size_t first = done / 2;
  const std::size_t length = done - first;
  std::vector<const std::vector<double>*> complete;
  for (const auto& path : paths)
    if (path.size() == done * std::size_t(dim)) complete.push_back(&path);
  series.convergence_chains = int(complete.size());
  series.convergence_checkpoints = int(length);
  for (int c = 0; c < dim; ++c) {
    std::vector<std::vector<double>> draws;
    draws.reserve(complete.size());
    for (const auto* path : complete) {
      std::vector<double>& one = draws.emplace_back(length);
      for (std::size_t j = 0; j < length; ++j)
        one[j] = (*path)[(first + j) * std::size_t(dim) + std::size_t(c)];
    }
    // Fewer than 4 checkpoints per chain (or 2 chains) gives NaN (convergence.hpp).
    series.convergence.push_back(convergence_diagnostics(draws));
  }
}

}  // namespace

EnsembleResult run_ensemble(const Scenario& scenario, ExperimentControl* control,
                            const EnsembleObserver& observer, double progress_from,
                            double progress_to) {
  if (!scenario.ensemble) throw UserError(scenario.source + ": no ensemble");
  const ScenarioEnsemble& ensemble = *scenario.ensemble;
  const auto target = make_target(scenario.target);
  const Vec common = scenario_start(scenario, *target);
  const StartChoice start_choice{scenario.init, scenario.init_at_map};
  const auto truth = gaussian_truth(*target);
  const int dim = target->dim();
  check_batch_sizes(scenario, dim);
  const bool by_passes = ensemble.data_passes > 0;

  EnsembleResult result;
  result.budget_unit = by_passes ? "data_passes" : "steps";
  result.chains = ensemble.chains;
  result.dim = dim;
  std::size_t series_count = 0;
  for (const auto& chain : scenario.chains)
    if (selected(ensemble.of, chain.label)) ++series_count;

  std::size_t series_done = 0;
  const auto keep_going = [control] { return !cancelled(control); };
  for (std::size_t position = 0; position < scenario.chains.size(); ++position) {
    const ChainSpec& spec = scenario.chains[position];
    if (!selected(ensemble.of, spec.label)) continue;
    EnsembleSeries series;
    series.label = spec.label;
    series.sampler = spec.sampler_id;
    // The same start as `run` gives this sampler (HMC-ECS at θ* unless values were given).
    const Vec start = sampler_start(*target, start_choice, common, spec.sampler_id);
    std::vector<std::unique_ptr<Chain>> chains;
    chains.reserve(std::size_t(ensemble.chains));
    for (int k = 0; k < ensemble.chains; ++k)
      chains.push_back(std::make_unique<Chain>(target, spec.sampler_id, spec.params,
                                               chain_seed(scenario.seed, position, k), start, 0, 1,
                                               /*draw_capacity=*/1));
    // The mean energy at each checkpoint needs every member's exact H.
    for (auto& chain : chains) chain->record_exact_potential_on_every_draw();
    std::vector<SlicedRunner> slices(chains.size());
    std::vector<double> positions;
    // Each chain's position at every checkpoint (chain-major, then checkpoint, then coordinate),
    // for the ensemble's R̂; a chain that stops leaves a shorter record and is left out.
    std::vector<std::vector<double>> paths(chains.size());
    for (int j = 1; j <= ensemble.checkpoints; ++j) {
      if (cancelled(control)) break;
      const double budget = by_passes
                                ? ensemble.data_passes * j / ensemble.checkpoints
                                : std::round(double(ensemble.steps) * j / ensemble.checkpoints);
      EnsembleCheckpoint checkpoint;
      checkpoint.budget = budget;
      positions.clear();
      double energy_sum = 0.0, steps_sum = 0.0, passes_sum = 0.0;
      // The members advance to the checkpoint at once (each owns its chain and RNG stream), then
      // are read in order.
      parallel_for(chains.size(), control ? control->jobs : 1, [&](std::size_t k) {
        Chain& chain = *chains[k];
        // Cancellable within 100 ms however large the budget (steps 10^15 is accepted).
        if (by_passes) {
          // One step at a time: a step's cost in data passes can vary (EWSG's index chain).
          while (!chain.stopped() && data_passes(chain.counters(), *target) < budget - 1e-12 &&
                 !cancelled(control))
            chain.run(1);
        } else {
          const auto owed = static_cast<std::uint64_t>(budget) - chain.counters().steps;
          if (owed > 0) slices[k].run(chain, owed, keep_going);
        }
      });
      if (cancelled(control)) break;  // this checkpoint is incomplete: not recorded
      for (std::size_t k = 0; k < chains.size(); ++k) {
        const Chain& chain = *chains[k];
        steps_sum += double(chain.counters().steps);
        passes_sum += data_passes(chain.counters(), *target);
        if (chain.stopped() || chain.draws().size() == 0) continue;
        const std::size_t last = chain.draws().size() - 1;
        for (int c = 0; c < dim; ++c) positions.push_back(chain.draws().theta(last, c));
        for (int c = 0; c < dim; ++c) paths[k].push_back(chain.draws().theta(last, c));
        energy_sum += chain.draws().hamiltonian(last);
        ++checkpoint.running;
      }
      checkpoint.mean_steps = steps_sum / double(chains.size());
      if (target->as_data_target()) checkpoint.data_passes = passes_sum / double(chains.size());
      if (checkpoint.running > 0) {
        checkpoint.mean_energy = energy_sum / checkpoint.running;
        moments(positions, dim, checkpoint.mean, checkpoint.covariance);
        if (truth && checkpoint.running > dim)
          checkpoint.kl = gaussian_kl(checkpoint.mean, checkpoint.covariance, *truth);
        checkpoint.tv = cloud_tv(*target, positions, dim);
      }
      if (observer) observer(series_done, positions, checkpoint);
      series.checkpoints.push_back(std::move(checkpoint));
      report(control, progress_from, progress_to,
             (double(series_done) + double(j) / ensemble.checkpoints) / double(series_count));
    }
    ensemble_convergence(paths, dim, series);
    result.series.push_back(std::move(series));
    ++series_done;
    if (cancelled(control)) break;
  }
  return result;
}

}  // namespace sgl
