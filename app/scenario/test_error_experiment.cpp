#include "app/scenario/test_error_experiment.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/io/csv_fields.hpp"
#include "core/run/chain.hpp"
#include "core/run/run_spec.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/mlp_target.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/parallel_for.hpp"

namespace sgl {
namespace {

using Matrix = PredictiveModel::Matrix;

// The first `rows` rows of a data set (0 or more than it has: all of it).
MlpData first_rows(MlpData data, std::int64_t rows) {
  if (rows <= 0 || rows >= data.size()) return data;
  data.x = Matrix(data.x.topRows(rows));
  data.y = Eigen::VectorXd(data.y.head(rows));
  return data;
}

std::shared_ptr<const MlpTarget> training_target(const Scenario& scenario,
                                                 const ScenarioTestError& spec) {
  const TargetSpec& target = scenario.target;
  if (target.id != "mlp" || target.data_csv.empty())
    throw UserError(scenario.source +
                    ": test_error needs target 'mlp' with a data file (\"data\": the training "
                    "images)");
  const TargetInfo& info = *find_target_info("mlp");
  const MlpOptions options =
      mlp_options_from_params(with_defaults(target.params, info.params, true));
  if (options.likelihood != MlpLikelihood::Categorical)
    throw UserError(scenario.source + ": test_error needs likelihood \"categorical\"");
  MlpData data = load_mlp_data_file(target.data_csv, target.response, options.likelihood);
  return std::make_shared<const MlpTarget>(first_rows(std::move(data), spec.train_rows), options);
}

double error_rate(const Matrix& probabilities, const Eigen::VectorXd& labels) {
  std::int64_t wrong = 0;
  for (Eigen::Index k = 0; k < probabilities.rows(); ++k) {
    Eigen::Index best = 0;
    probabilities.row(k).maxCoeff(&best);
    wrong += double(best) != labels[k];
  }
  return double(wrong) / double(std::max<Eigen::Index>(probabilities.rows(), 1));
}

// The minibatch size b of a sampler's values (full-data samplers: n).
double batch_size(const ParamValues& values, std::int64_t rows) {
  const auto batch = values.find("batch_size");
  return batch == values.end() ? double(rows) : batch->second;
}

struct Schedule {
  std::uint64_t steps_per_evaluation = 1;
  int evaluations = 0;
  double passes_per_step = 0.0;
};

// Evaluations every round(n / (b · evaluations_per_pass)) steps (at least 1), as many as cover
// data_passes.
Schedule schedule_for(const ScenarioTestError& spec, std::int64_t rows, double batch_size) {
  Schedule schedule;
  const double batch = std::min(batch_size, double(rows));
  schedule.passes_per_step = batch / double(rows);
  const double steps = std::round(double(rows) / (batch * spec.evaluations_per_pass));
  schedule.steps_per_evaluation = static_cast<std::uint64_t>(std::max(1.0, steps));
  const double steps_total = spec.data_passes / schedule.passes_per_step;
  schedule.evaluations = static_cast<int>(
      std::max(1.0, std::round(steps_total / double(schedule.steps_per_evaluation))));
  return schedule;
}

TestErrorSeries run_one(const Scenario& scenario, std::size_t position,
                        const std::shared_ptr<const MlpTarget>& target, const MlpData& test,
                        const ScenarioTestError& spec, ExperimentControl* control,
                        std::atomic<std::int64_t>& done, std::int64_t total) {
  const ChainSpec& chain_spec = scenario.chains[position];
  TestErrorSeries series;
  series.label = chain_spec.label;
  series.sampler = chain_spec.sampler_id;
  const ParamValues given_and_defaults =
      with_defaults(chain_spec.params, find_sampler_info(chain_spec.sampler_id)->params, true);
  const Schedule schedule =
      schedule_for(spec, target->num_data(), batch_size(given_and_defaults, target->num_data()));
  // One recorded draw per evaluation (thin), and only the newest kept: a draw is 79 510 numbers.
  Chain chain(target, chain_spec.sampler_id, chain_spec.params,
              chain_seed(scenario.seed, position, 0), target->default_init(), 0,
              schedule.steps_per_evaluation, 1);
  series.params = chain.full_params();
  Matrix average = Matrix::Zero(test.x.rows(), target->data().classes);
  int averaged = 0;
  Vec theta(target->dim());
  for (int k = 1; k <= schedule.evaluations; ++k) {
    if (control && control->cancel.load()) break;
    const double before = chain.algorithm_seconds();
    chain.run(schedule.steps_per_evaluation);
    if (chain.stopped()) {
      series.stop_reason = chain.stop_reason();
      break;
    }
    TestErrorPoint point;
    point.pass = double(chain.counters().steps) * schedule.passes_per_step;
    point.seconds_per_pass = (chain.algorithm_seconds() - before) /
                             (double(schedule.steps_per_evaluation) * schedule.passes_per_step);
    const DrawStore& draws = chain.draws();
    for (int c = 0; c < target->dim(); ++c) theta[c] = draws.theta(draws.size() - 1, c);
    const Matrix probabilities = target->predict(theta.data(), test.x);
    point.error_last = error_rate(probabilities, test.y);
    // The burn-in is judged with a little slack, so 1/3 + 1/3 + 1/3 passes reach "1 pass".
    if (point.pass >= spec.burnin_passes - 1e-9) {
      average += probabilities;
      ++averaged;
    }
    if (averaged > 0) point.error_average = error_rate(average, test.y);
    series.points.push_back(point);
    const std::int64_t now = ++done;
    if (control) control->progress.store(double(now) / double(std::max<std::int64_t>(total, 1)));
  }
  series.wall_seconds = chain.algorithm_seconds();
  series.passes_run = double(chain.counters().steps) * schedule.passes_per_step;
  return series;
}

}  // namespace

TestErrorResult run_test_error(const Scenario& scenario, ExperimentControl* control) {
  if (!scenario.test_error) throw UserError(scenario.source + " has no test_error section");
  const ScenarioTestError& spec = *scenario.test_error;
  const auto start = std::chrono::steady_clock::now();
  const std::shared_ptr<const MlpTarget> target = training_target(scenario, spec);
  const MlpData test = first_rows(
      load_mlp_data_file(spec.test_data, scenario.target.response, MlpLikelihood::Categorical),
      spec.test_rows);
  if (test.x.cols() != target->data().x.cols())
    throw UserError(spec.test_data + ": " + std::to_string(test.x.cols()) +
                    " inputs per row, but the training data have " +
                    std::to_string(target->data().x.cols()));
  if (test.classes > target->data().classes)
    throw UserError(spec.test_data + ": labels up to " + std::to_string(test.classes - 1) +
                    ", but the training data have " + std::to_string(target->data().classes) +
                    " classes");

  TestErrorResult result;
  result.train_rows = target->num_data();
  result.test_rows = test.size();
  result.dim = target->dim();
  result.classes = target->data().classes;
  result.burnin_passes = spec.burnin_passes;
  result.jobs = control ? std::max(1, control->jobs) : 1;
  result.series.resize(scenario.chains.size());
  // Progress counts the evaluations of every chain.
  std::int64_t total = 0;
  for (const ChainSpec& chain : scenario.chains) {
    const ParamValues values =
        with_defaults(chain.params, find_sampler_info(chain.sampler_id)->params, true);
    total +=
        schedule_for(spec, result.train_rows, batch_size(values, result.train_rows)).evaluations;
  }
  std::atomic<std::int64_t> done{0};
  parallel_for(scenario.chains.size(), result.jobs, [&](std::size_t position) {
    result.series[position] = run_one(scenario, position, target, test, spec, control, done, total);
  });
  result.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

std::string test_error_csv(const TestErrorResult& result) {
  std::string text = "sampler,pass,error_last,error_average,seconds\n";
  for (const TestErrorSeries& series : result.series)
    for (const TestErrorPoint& point : series.points)
      text += csv_text(series.label) + "," + csv_number(point.pass) + "," +
              csv_number(point.error_last) + "," + csv_number(point.error_average) + "," +
              csv_number(point.seconds_per_pass) + "\n";
  return text;
}

std::string test_error_summary_json(const Scenario& scenario, const TestErrorResult& result) {
  using json = nlohmann::ordered_json;
  const auto number = [](double value) { return std::isfinite(value) ? json(value) : json(); };
  json root;
  root["scenario"] = scenario.name;
  root["target"] = scenario.target.id;
  root["train_data"] = scenario.target.data_csv;
  root["test_data"] = scenario.test_error->test_data;
  root["train_rows"] = result.train_rows;
  root["test_rows"] = result.test_rows;
  root["parameters"] = result.dim;
  root["classes"] = result.classes;
  root["seed"] = scenario.seed;
  root["burnin_passes"] = result.burnin_passes;
  root["jobs"] = result.jobs;
  root["wall_seconds"] = result.wall_seconds;
  json samplers = json::array();
  for (const TestErrorSeries& series : result.series) {
    json entry;
    entry["label"] = series.label;
    entry["sampler"] = series.sampler;
    json params = json::object();
    for (const auto& [name, value] : series.params) params[name] = value;
    entry["params"] = params;
    const TestErrorPoint last = series.points.empty() ? TestErrorPoint{} : series.points.back();
    entry["passes"] = last.pass;
    entry["error_last"] = number(last.error_last);
    entry["error_average"] = number(last.error_average);
    entry["passes_run"] = series.passes_run;
    entry["seconds_per_pass"] =
        number(series.passes_run > 0 ? series.wall_seconds / series.passes_run : kNotAvailable);
    entry["stop_reason"] = series.stop_reason.empty() ? json() : json(series.stop_reason);
    samplers.push_back(entry);
  }
  root["samplers"] = samplers;
  return root.dump(2) + "\n";
}

}  // namespace sgl
