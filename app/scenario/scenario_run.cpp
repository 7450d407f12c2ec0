#include "app/scenario/scenario_run.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "app/scenario/batch_sizes.hpp"
#include "core/io/csv_fields.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

using json = nlohmann::ordered_json;

json number(double value) {
  return std::isfinite(value) ? json(value) : json(nullptr);
}

json numbers(const std::vector<double>& values) {
  json out = json::array();
  for (double value : values) out.push_back(number(value));
  return out;
}

}  // namespace

std::vector<ChainReport> chain_reports(const Scenario& scenario,
                                       const std::vector<SamplerSummary>& summaries) {
  std::vector<ChainReport> reports;
  const SamplerSummary* reference = nullptr;
  if (!scenario.analysis.reference.empty())
    reference = &summaries.at(chain_index(scenario, scenario.analysis.reference, "reference"));
  for (std::size_t i = 0; i < summaries.size() && i < scenario.chains.size(); ++i) {
    const SamplerSummary& summary = summaries[i];
    ChainReport report;
    report.label = scenario.chains[i].label;
    report.sampler = scenario.chains[i].sampler_id;
    if (summary.has_truth) {
      report.tv = summary.tv_distance;
      report.kl = summary.kl;
    }
    if (summary.has_accept_rate) report.accept_rate = summary.accept_rate;
    // α_u: the acceptance of a subsample update, for samplers that declare one (HMC-ECS).
    if (const auto rate = summary.channel("subsample_acceptance"))
      report.subsample_accept_rate = *rate;
    double iat_sum = 0.0;
    for (std::size_t c = 0; c < summary.coordinates.size(); ++c) {
      const CoordinateSummary& coordinate = summary.coordinates[c];
      report.mean.push_back(coordinate.mean);
      report.variance.push_back(coordinate.sd * coordinate.sd);
      iat_sum += coordinate.iat;
      if (reference && c < reference->coordinates.size()) {
        const CoordinateSummary& ref = reference->coordinates[c];
        report.mean_error_sd.push_back((coordinate.mean - ref.mean) / ref.sd);
        report.variance_ratio.push_back(coordinate.sd * coordinate.sd / (ref.sd * ref.sd));
      }
    }
    if (!summary.coordinates.empty()) report.iat = iat_sum / double(summary.coordinates.size());
    if (summary.steps > 0 && summary.chains > 0)
      report.evaluations_per_step = summary.data_passes / double(summary.steps * summary.chains);
    report.ct = report.iat * report.evaluations_per_step;
    // Signed HMC-ECS (Dang et al. eq. 5.4): CT = IF / (2τ − 1)² × evaluations, τ estimated by
    // the fraction of positive signs; the ratio estimator's variance grows as 1/(2τ − 1)².
    if (summary.has_sign_positive_fraction) {
      const double mean_sign = 2.0 * summary.sign_positive_fraction - 1.0;
      report.ct = mean_sign != 0.0 ? report.ct / (mean_sign * mean_sign)
                                   : std::numeric_limits<double>::infinity();
    }
    for (const std::string& reason : summary.stop_reasons)
      report.stop_reason += (report.stop_reason.empty() ? "" : "; ") + reason;
    reports.push_back(std::move(report));
  }
  return reports;
}

ScenarioResults run_scenario(const Scenario& scenario, ExperimentControl* control) {
  ScenarioResults results;
  results.scenario = scenario;
  // A test-error scenario's chains are its experiment's (a network's draws are not kept).
  if (scenario.test_error) {
    results.test_error = run_test_error(scenario, control);
    return results;
  }
  const bool has_sweep = scenario.sweep.has_value(), has_ensemble = scenario.ensemble.has_value();
  const double chains_share = has_sweep || has_ensemble ? 0.2 : 1.0;
  if (!scenario.chains.empty()) {
    results.session = std::make_unique<Session>(scenario_run_spec(scenario));
    // The sweep and ensemble are sized before the chains spend any time.
    check_batch_sizes(scenario, results.session->target().dim());
    // In slices, with progress and a chance to cancel; chains at once with control->jobs > 1.
    results.session->run_to_end(
        [control, chains_share](std::uint64_t done, std::uint64_t total) {
          if (!control) return true;
          control->progress.store(chains_share * double(done) /
                                  double(std::max<std::uint64_t>(total, 1)));
          return !control->cancel.load();
        },
        control ? control->jobs : 1);
    results.summaries = summarize(*results.session);
    results.chains = chain_reports(scenario, results.summaries);
  }
  // A cancelled run keeps the progress it reached ("cancelled 5%", not "cancelled 100%").
  const auto cancelled = [control] { return control && control->cancel.load(); };
  if (control && !cancelled()) control->progress.store(chains_share);
  const double sweep_end = has_ensemble ? chains_share + (1 - chains_share) / 2 : 1.0;
  if (has_sweep) results.sweep = run_sweep(scenario, control, chains_share, sweep_end);
  if (has_ensemble)
    results.ensemble =
        run_ensemble(scenario, control, {}, has_sweep ? sweep_end : chains_share, 1.0);
  if (control && !cancelled()) control->progress.store(1.0);
  return results;
}

double iat_at_cov_error(const SweepResult& sweep, const std::string& label, double cov_error) {
  std::vector<std::pair<double, double>> curve;  // (log error, log iat)
  for (const SweepPoint& point : sweep.points)
    if (point.label == label && std::isfinite(point.cov_error) && std::isfinite(point.iat) &&
        point.cov_error > 0 && point.iat > 0)
      curve.emplace_back(std::log(point.cov_error), std::log(point.iat));
  std::sort(curve.begin(), curve.end());
  const double x = std::log(cov_error);
  for (std::size_t i = 0; i + 1 < curve.size(); ++i) {
    const auto [x0, y0] = curve[i];
    const auto [x1, y1] = curve[i + 1];
    if (x >= x0 && x <= x1) {
      const double t = x1 > x0 ? (x - x0) / (x1 - x0) : 0.0;
      return std::exp(y0 + t * (y1 - y0));
    }
  }
  return kNotAvailable;
}

std::string analysis_json(const ScenarioResults& results) {
  const Scenario& scenario = results.scenario;
  json root;
  root["scenario"] = scenario.name;
  root["kind"] = analysis_kind_name(scenario.analysis.kind);
  if (!scenario.analysis.reference.empty()) root["reference"] = scenario.analysis.reference;
  json chains = json::array();
  for (const ChainReport& report : results.chains) {
    json entry;
    entry["label"] = report.label;
    entry["sampler"] = report.sampler;
    entry["tv"] = number(report.tv);
    entry["kl"] = number(report.kl);
    entry["accept_rate"] = number(report.accept_rate);
    entry["subsample_accept_rate"] = number(report.subsample_accept_rate);
    entry["mean"] = numbers(report.mean);
    entry["variance"] = numbers(report.variance);
    if (!report.mean_error_sd.empty()) {
      entry["mean_error_sd"] = numbers(report.mean_error_sd);
      entry["variance_ratio"] = numbers(report.variance_ratio);
    }
    entry["iat"] = number(report.iat);
    entry["evaluations_per_step"] = number(report.evaluations_per_step);
    entry["ct"] = number(report.ct);
    entry["stop_reason"] = report.stop_reason;
    chains.push_back(entry);
  }
  root["chains"] = chains;
  if (results.sweep) {
    json points = json::array();
    for (const SweepPoint& point : results.sweep->points)
      points.push_back({{"label", point.label},
                        {"value", point.value},
                        {"cov_error", number(point.cov_error)},
                        {"iat", number(point.iat)},
                        {"tv", number(point.tv)},
                        {"stop_reason", point.stop_reason}});
    root["sweep"] = {{"param", results.sweep->param}, {"points", points}};
  }
  if (results.ensemble) {
    json series = json::array();
    for (const EnsembleSeries& s : results.ensemble->series) {
      const EnsembleCheckpoint* last = s.checkpoints.empty() ? nullptr : &s.checkpoints.back();
      series.push_back({{"label", s.label},
                        {"final_budget", last ? number(last->budget) : json(nullptr)},
                        {"final_mean_energy", last ? number(last->mean_energy) : json(nullptr)},
                        {"final_kl", last ? number(last->kl) : json(nullptr)},
                        {"final_tv", last ? number(last->tv) : json(nullptr)},
                        {"running", last ? last->running : 0}});
    }
    root["ensemble"] = {{"chains", results.ensemble->chains},
                        {"budget_unit", results.ensemble->budget_unit},
                        {"series", series}};
  }
  return root.dump(2) + "\n";
}

std::string sweep_csv(const SweepResult& sweep) {
  std::ostringstream out;
  out << "label,sampler," << csv_text(sweep.param)
      << ",draws,cov_error,iat,ess_min,tv,accept_rate,data_passes,stop_reason\n";
  for (const SweepPoint& p : sweep.points)
    out << csv_text(p.label) << ',' << p.sampler << ',' << csv_number(p.value) << ',' << p.draws
        << ',' << csv_number(p.cov_error) << ',' << csv_number(p.iat) << ','
        << csv_number(p.ess_min) << ',' << csv_number(p.tv) << ',' << csv_number(p.accept_rate)
        << ',' << csv_number(p.data_passes) << ',' << csv_text(p.stop_reason) << '\n';
  return out.str();
}

std::string sweep_samples_csv(const SweepResult& sweep) {
  std::ostringstream out;
  out << "label," << csv_text(sweep.param) << ",index";
  for (int c = 0; c < sweep.dim; ++c) out << ",theta" << c;
  out << '\n';
  for (const SweepPoint& p : sweep.points) {
    const std::size_t rows = p.first_draws.size() / std::size_t(std::max(sweep.dim, 1));
    for (std::size_t i = 0; i < rows; ++i) {
      out << csv_text(p.label) << ',' << csv_number(p.value) << ',' << i;
      for (int c = 0; c < sweep.dim; ++c)
        out << ',' << csv_number(p.first_draws[i * std::size_t(sweep.dim) + std::size_t(c)]);
      out << '\n';
    }
  }
  return out.str();
}

std::string ensemble_csv(const EnsembleResult& ensemble) {
  std::ostringstream out;
  out << "label,sampler,budget,mean_steps,data_passes,running,mean_energy,kl,tv";
  for (int c = 0; c < ensemble.dim; ++c) out << ",mean" << c;
  for (int a = 0; a < ensemble.dim; ++a)
    for (int b = a; b < ensemble.dim; ++b) out << ",cov" << a << b;
  out << '\n';
  for (const EnsembleSeries& s : ensemble.series)
    for (const EnsembleCheckpoint& p : s.checkpoints) {
      out << csv_text(s.label) << ',' << s.sampler << ',' << csv_number(p.budget) << ','
          << csv_number(p.mean_steps) << ',' << csv_number(p.data_passes) << ',' << p.running << ','
          << csv_number(p.mean_energy) << ',' << csv_number(p.kl) << ',' << csv_number(p.tv);
      for (int c = 0; c < ensemble.dim; ++c)
        out << ',' << csv_number(p.mean.size() > c ? p.mean[c] : kNotAvailable);
      for (int a = 0; a < ensemble.dim; ++a)
        for (int b = a; b < ensemble.dim; ++b)
          out << ',' << csv_number(p.covariance.rows() > a ? p.covariance(a, b) : kNotAvailable);
      out << '\n';
    }
  return out.str();
}

}  // namespace sgl
