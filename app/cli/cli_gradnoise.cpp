#include "app/cli/cli_gradnoise.hpp"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>

#include "app/cli/atomic_output.hpp"
#include "app/cli/interrupt.hpp"
#include "app/cli/target_options.hpp"
#include "core/io/input_limits.hpp"
#include "core/run/memory_estimate.hpp"
#include "core/targets/data_target.hpp"
#include "core/targets/regression_data.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

using json = nlohmann::ordered_json;

// Memory: K × d doubles per cloud, three clouds; 10⁵ draws is far more than an ellipse needs.
constexpr std::uint64_t kMaxGradnoiseSamples = 100'000;
constexpr std::uint64_t kMaxGradnoiseBatch = 10'000'000;
constexpr double kMaxNoiseVar = 1e100;
// Arithmetic the measurement may take (about 10 s on a laptop core): K × d² per empirical
// covariance, n × d² per exact one and K × b × d for the minibatch gradients, per cloud.
constexpr double kMaxGradnoiseOperations = 2e10;

// Refuses, with the figures, a measurement that would take minutes or exhaust memory (issue 26:
// 10⁵ samples on a 2 001-coordinate target ran 200 s at 3.2 GB with no word). `n`: data points
// (0 where not known yet).
void check_gradnoise_size(int dim, bool on_data, double n, double samples, double batch_size) {
  const double d = dim, k = samples;
  const double clouds = on_data ? 3.0 : 1.0;
  const double per_gradient = on_data ? batch_size * d : d;
  const double operations = clouds * (k * d * d + n * d * d + k * per_gradient);
  const double bytes = 8.0 * (clouds * (2.0 * k * d + 2.0 * d * d) + n * d);
  const double budget = memory_budget_bytes();
  if (operations <= kMaxGradnoiseOperations && bytes <= budget) return;
  char figures[200];
  std::snprintf(figures, sizeof figures,
                "%.0f cloud%s of K = %.0f gradients of %.0f coordinates: about %.1e operations "
                "and ",
                clouds, clouds > 1 ? "s" : "", k, d, operations);
  const double largest_k = std::floor(std::max(2.0, kMaxGradnoiseOperations / clouds - n * d * d) /
                                      std::max(d * d + per_gradient, 1.0));
  throw UserError("gradnoise is too large: " + std::string(figures) + approximate_bytes(bytes) +
                  " of memory (limits: " + exact_number(kMaxGradnoiseOperations) + " operations, " +
                  byte_size(budget) + "); use --samples " +
                  std::to_string(static_cast<long long>(std::max(2.0, largest_k))) + " or fewer");
}

Vec parse_point(const std::string& text, int dim) {
  std::vector<double> values;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, comma - start);
    char* end = nullptr;
    const double value = std::strtod(item.c_str(), &end);
    if (item.empty() || end != item.c_str() + item.size() || !std::isfinite(value))
      throw UserError("--at expects map or " + std::to_string(dim) +
                      " finite comma-separated numbers, got '" + excerpt(text) + "'");
    values.push_back(value);
    if (values.size() > kMaxInitValues) break;
    start = comma + 1;
  }
  if (std::ssize(values) != dim)
    throw UserError("--at has " + std::to_string(values.size()) + " values, the target has " +
                    std::to_string(dim) + " coordinates");
  return Eigen::Map<const Vec>(values.data(), dim);
}

json vector_json(const Vec& v) {
  json out = json::array();
  for (int i = 0; i < v.size(); ++i) out.push_back(v[i]);
  return out;
}

json matrix_json(const Eigen::MatrixXd& m) {
  json out = json::array();
  for (int i = 0; i < m.rows(); ++i) out.push_back(vector_json(m.row(i).transpose()));
  return out;
}

bool all_finite(const GradientNoiseReport& report) {
  // The empirical moments too: gradients near 1e154 are finite, their squares are not.
  const auto cloud_finite = [](const std::optional<GradientCloud>& cloud) {
    return !cloud || (cloud->draws.allFinite() && cloud->exact_cov.allFinite() &&
                      cloud->mean.allFinite() && cloud->empirical_cov.allFinite());
  };
  return report.full_gradient.allFinite() && cloud_finite(report.minibatch) &&
         cloud_finite(report.control_variate) && cloud_finite(report.control_variate2);
}

GradientNoiseRequest build_request(const GradnoiseOptions& options, const Target& target) {
  GradientNoiseRequest request;
  if (options.at.empty()) throw UserError("--at is required: map or v1,v2,...");
  if (options.at == "map") {
    const auto mode = target.posterior_mode();
    if (!mode)
      throw UserError(
          "--at map needs a target that knows its posterior mode (linear, logistic, "
          "--model with --data); give --at v1,v2,...");
    request.theta = *mode;
  } else {
    request.theta = parse_point(options.at, target.dim());
  }
  // Each flag applies to one kind of target; the other kind refuses it rather than ignore it.
  const bool on_data = target.as_data_target() != nullptr;
  if (on_data && !options.noise_var.empty())
    throw UserError(
        "--noise-var applies to analytic targets; data targets draw real minibatches "
        "(use --batch-size)");
  if (!on_data && (!options.batch_size.empty() || !options.sampling.empty()))
    throw UserError(std::string(options.sampling.empty() ? "--batch-size" : "--sampling") +
                    " applies to data targets; analytic targets inject N(0, V·I) noise (use "
                    "--noise-var)");
  request.batch_size =
      static_cast<int>(parse_whole_number(options.batch_size.empty() ? "32" : options.batch_size,
                                          "--batch-size", 1, kMaxGradnoiseBatch));
  request.samples =
      static_cast<int>(parse_whole_number(options.samples, "--samples", 2, kMaxGradnoiseSamples));
  request.seed =
      parse_whole_number(options.seed, "--seed", 0, std::numeric_limits<std::uint64_t>::max());
  const std::string noise_var = options.noise_var.empty() ? "4" : options.noise_var;
  char* end = nullptr;
  request.noise_var = std::strtod(noise_var.c_str(), &end);
  if (end != noise_var.c_str() + noise_var.size() || !std::isfinite(request.noise_var) ||
      request.noise_var < 0.0)
    throw UserError("--noise-var expects a finite number >= 0, got '" + excerpt(noise_var) + "'");
  // Noise of standard deviation 1e50 already squares to 1e100 in the covariances; far larger
  // overflows them.
  if (request.noise_var > kMaxNoiseVar)
    throw UserError("--noise-var must be at most " + exact_number(kMaxNoiseVar) + ", got " +
                    excerpt(noise_var));
  if (options.sampling.empty() || options.sampling == "with_replacement") {
    request.scheme = MinibatchScheme::WithReplacement;
  } else if (options.sampling == "without_replacement") {
    request.scheme = MinibatchScheme::WithoutReplacement;
  } else {
    throw UserError("--sampling expects with_replacement or without_replacement, got '" +
                    excerpt(options.sampling) + "'");
  }
  const DataTarget* data = target.as_data_target();
  if (data != nullptr && request.scheme == MinibatchScheme::WithoutReplacement &&
      request.batch_size > data->num_data())
    throw UserError("--batch-size " + std::to_string(request.batch_size) +
                    " is larger than the data (n = " + std::to_string(data->num_data()) +
                    "): without replacement a minibatch holds at most n points");
  return request;
}

}  // namespace

CLI::App* add_gradnoise_command(CLI::App& app, GradnoiseOptions& options) {
  CLI::App* command = app.add_subcommand(
      "gradnoise",
      "At one θ, draw K stochastic gradients as the samplers do and write DIR/gradnoise.json: "
      "full gradient, empirical and exact covariance, control-variate covariances");
  add_target_options(*command, options.target,
                     "Analytic or data target id (see `sgmcmc-lab list targets`)");
  command->add_option("--at", options.at,
                      "Where to look: map (the posterior mode; regressions) or v1,v2,..., one "
                      "value per coordinate");
  command->add_option("--batch-size", options.batch_size,
                      "Minibatch size b on data targets (default 32)");
  command->add_option("--noise-var", options.noise_var,
                      "Injected gradient-noise variance V on analytic targets (default 4)");
  command->add_option("--sampling", options.sampling,
                      "with_replacement (the samplers' scheme, default) or without_replacement");
  command->add_option("--samples", options.samples,
                      "Stochastic gradients K per cloud, 2 to 100000 (default 1000)");
  command->add_option("--seed", options.seed, "Seed, any 64-bit unsigned integer (default 1)");
  command->add_option("--out", options.out_dir, "Output directory (created if missing)")
      ->required();
  return command;
}

json gradnoise_json(const Target& target, const GradientNoiseReport& report,
                    const GradientNoiseRequest& request) {
  json out;
  json target_json = {{"id", target.id()}, {"coordinates", target.coordinate_names()}};
  if (report.on_data) target_json["n_data"] = report.num_data;
  out["target"] = target_json;
  out["theta"] = vector_json(report.theta);
  out["full_gradient"] = vector_json(report.full_gradient);
  out["samples"] = request.samples;
  out["seed"] = request.seed;
  if (report.on_data) {
    out["sampling"] = minibatch_scheme_name(report.scheme);
    out["batch_size"] = report.batch_size;
  } else {
    out["sampling"] = "injected_gaussian";  // ∇U + N(0, V·I): no minibatches
    out["noise_var"] = report.noise_var;
  }
  out["minibatch_mean"] = vector_json(report.minibatch.mean);
  out["minibatch_cov"] = matrix_json(report.minibatch.empirical_cov);
  out["exact_cov"] = matrix_json(report.minibatch.exact_cov);
  if (report.control_variate) {
    out["control_variate_centre"] = vector_json(report.cv_centre);
    out["control_variate_sampling"] = minibatch_scheme_name(MinibatchScheme::WithReplacement);
    out["control_variate_cov"] = matrix_json(report.control_variate->empirical_cov);
    out["control_variate_exact_cov"] = matrix_json(report.control_variate->exact_cov);
  }
  if (report.control_variate2) {
    out["control_variate2_cov"] = matrix_json(report.control_variate2->empirical_cov);
    out["control_variate2_exact_cov"] = matrix_json(report.control_variate2->exact_cov);
  }
  return out;
}

int gradnoise_command(const GradnoiseOptions& options) {
  // Ctrl+C / SIGTERM from the start (building a regression finds its mode first): exit 130.
  install_interrupt_handlers();
  const TargetSpec spec = target_spec_from_flags(options.target);
  // A CSV regression is sized from its header before its O(d³) mode is found.
  if (const int csv_dim = csv_regression_dim(spec); csv_dim > 0) {
    check_regression_size(csv_dim - 1, spec.data_csv);
    check_gradnoise_size(
        csv_dim, true, 0.0,
        double(parse_whole_number(options.samples, "--samples", 2, kMaxGradnoiseSamples)),
        double(parse_whole_number(options.batch_size.empty() ? "32" : options.batch_size,
                                  "--batch-size", 1, kMaxGradnoiseBatch)));
  }
  const auto target = make_target(spec);
  throw_if_interrupted();
  GradientNoiseRequest request = build_request(options, *target);
  request.check_cancelled = throw_if_interrupted;  // Ctrl+C stops the measurement within ~0.1 s
  const DataTarget* data = target->as_data_target();
  check_gradnoise_size(target->dim(), data != nullptr && request.control_variates,
                       data != nullptr ? double(data->num_data()) : 0.0, request.samples,
                       request.batch_size);
  AtomicOutputDir output(options.out_dir);
  const GradientNoiseReport report = measure_gradient_noise(*target, request);
  if (!all_finite(report))
    throw UserError(
        "the gradient or its noise covariance is not finite at --at " + excerpt(options.at) +
        " (overflow: too far from the data, or too much --noise-var?); nothing written");
  const std::string path = output.staged_path("gradnoise.json");
  {
    std::ofstream out(path);
    out << gradnoise_json(*target, report, request)
               .dump(2, ' ', false, json::error_handler_t::replace)
        << '\n';
    out.flush();
    if (!out) throw UserError("cannot write " + path + ": " + std::strerror(errno));
  }
  output.commit();
  std::printf("trace of the gradient-noise covariance: empirical %.6g, exact %.6g",
              report.minibatch.empirical_cov.trace(), report.minibatch.exact_cov.trace());
  if (report.control_variate)
    std::printf("; control variate %.6g", report.control_variate->empirical_cov.trace());
  if (report.control_variate2)
    std::printf("; second order %.6g", report.control_variate2->empirical_cov.trace());
  std::printf("\nwrote %s\n", (std::filesystem::path(options.out_dir) / "gradnoise.json").c_str());
  return 0;
}

}  // namespace sgl
