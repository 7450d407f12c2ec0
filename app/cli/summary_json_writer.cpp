#include "app/cli/summary_json_writer.hpp"

#include <cerrno>
#include <cmath>
#include <cstring>
#include <fstream>

#include "app/cli/sampler_labels.hpp"
#include "core/samplers/ewsg_weight_warning.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/data_target.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

using json = nlohmann::ordered_json;

json number_or_null(double value) {
  return std::isfinite(value) ? json(value) : json(nullptr);
}

// Values in their natural JSON type: booleans as bools, choices by name, integers as integers.
json param_value_json(const ParamDescriptor* descriptor, double value) {
  if (descriptor == nullptr || !std::isfinite(value)) return number_or_null(value);
  if (descriptor->zero_means_auto && value == 0.0) return json("auto");
  switch (descriptor->kind) {
    case ParamKind::Boolean:
      return json(value != 0.0);
    case ParamKind::Choice:
      return json(format_param_value(*descriptor, value));
    case ParamKind::Integer:
      return json(static_cast<std::int64_t>(value));
    case ParamKind::Real:
      break;
  }
  return json(value);
}

// In descriptor order (as `list` and the GUI show them), then any others by name.
json params_json(const ParamValues& values, const std::vector<ParamDescriptor>& descriptors) {
  json object = json::object();
  for (const ParamDescriptor& d : descriptors) {
    const auto it = values.find(d.name);
    if (it != values.end()) object[d.name] = param_value_json(&d, it->second);
  }
  for (const auto& [name, value] : values)
    if (!object.contains(name)) object[name] = param_value_json(nullptr, value);
  return object;
}

json target_json(const Session& session) {
  const TargetSpec& spec = session.spec().target;
  const Target& target = session.target();
  json entry = {{"id", spec.id}};
  const TargetInfo* info = find_target_info(spec.id);
  if (spec.id == "custom") {
    // The bounds not given were found from the potential: report the window itself.
    entry["params"] =
        params_json(spec.params, info != nullptr ? info->params : std::vector<ParamDescriptor>{});
    entry["potential"] = spec.potential;
    json window = json::array();
    for (const Interval& axis : target.view_box()) window.push_back({axis.lo, axis.hi});
    entry["window"] = window;
  } else if (info != nullptr) {
    ParamValues values = with_defaults(spec.params, info->params, info->data_target);
    const DataTarget* data = target.as_data_target();
    if (!spec.data_csv.empty() && data != nullptr) {
      // The file sets n and d (covariates besides the intercept); no synthetic seed applies.
      values.erase("seed");
      if (values.count("n")) values["n"] = double(data->num_data());
      if (values.count("d")) values["d"] = double(target.dim() - 1);
    }
    entry["params"] = params_json(values, info->params);
  } else {
    entry["params"] = params_json(spec.params, {});
  }
  entry["dim"] = target.dim();
  entry["names"] = target.coordinate_names();
  if (const DataTarget* data = target.as_data_target()) {
    entry["n_data"] = data->num_data();
    if (!spec.data_csv.empty()) {
      entry["data"] = spec.data_csv;
      entry["response"] = spec.response;
    }
  }
  return entry;
}

json sampler_json(const SamplerSummary& summary, const std::string& label) {
  const SamplerInfo* info = find_sampler_info(summary.id);
  json coordinates = json::array();
  for (const CoordinateSummary& c : summary.coordinates) {
    coordinates.push_back({{"name", c.name},
                           {"mean", number_or_null(c.mean)},
                           {"sd", number_or_null(c.sd)},
                           {"ess", number_or_null(c.ess)},
                           {"iat", number_or_null(c.iat)},
                           {"mcse", number_or_null(c.mcse)}});
    if (summary.chains >= 2) {
      coordinates.back()["rhat"] = number_or_null(c.rhat);
      coordinates.back()["ess_bulk"] = number_or_null(c.ess_bulk);
      coordinates.back()["ess_tail"] = number_or_null(c.ess_tail);
    }
  }
  json entry = {
      {"id", label},
      {"sampler", summary.id},
      {"params", params_json(summary.params,
                             info != nullptr ? info->params : std::vector<ParamDescriptor>{})},
      {"chains", summary.chains},
      {"steps", summary.steps},
      {"draws", summary.draws},
      {"names", summary.names},
      {"coordinates", coordinates},
      {"accept_rate",
       summary.has_accept_rate ? number_or_null(summary.accept_rate) : json(nullptr)},
      {"divergences", summary.divergences},
      {"grad_evals", summary.gradient_evaluations},
      {"density_evals", summary.density_evaluations},
      {"data_passes", number_or_null(summary.data_passes)},
      {"wall_seconds", number_or_null(summary.wall_seconds)},
      {"algorithm_seconds", number_or_null(summary.algorithm_seconds)},
      {"steps_per_second", number_or_null(summary.steps_per_second)},
  };
  if (!summary.no_draws.empty()) entry["no_draws"] = summary.no_draws;
  if (summary.exact_potential_every > 1)
    entry["exact_potential"] = {
        {"every", summary.exact_potential_every},
        {"draws", summary.exact_potential_draws},
        {"which",
         "the exact U is O(n) and no step needs it: the 1st, (k+1)-th, (2k+1)-th, ... "
         "recorded draw of each chain carries it (k = every); potential and hamiltonian "
         "in draws.csv are NaN on the others"}};
  if (summary.has_truth) {
    entry["tv_distance"] = number_or_null(summary.tv_distance);
    entry["kl"] = number_or_null(summary.kl);
    entry["truth_bins"] = summary.truth_bins;
  }
  // Whatever info channels the sampler declares, under their keys, in declaration order.
  for (const ChannelFigure& figure : summary.channels) {
    entry[figure.key] = number_or_null(figure.value);
    if (figure.id != "index_weight_ess") continue;
    json per_chain = json::array();
    for (double value : figure.per_chain) per_chain.push_back(number_or_null(value));
    entry["index_weight_ess_per_chain"] = per_chain;
    const std::string warning = figure.per_chain.empty() ? ewsg_weight_warning(figure.value)
                                                         : ewsg_weight_warning(figure.per_chain);
    if (!warning.empty()) entry["index_weight_warning"] = warning;
  }
  if (const auto& training = summary.training) {
    entry["elbo"] = {{"estimate", number_or_null(training->elbo)},
                     {"se", number_or_null(training->elbo_se)},
                     {"samples", training->elbo_samples}};
    json trace_values = json::array();
    for (double value : training->elbo_trace) trace_values.push_back(number_or_null(value));
    entry["elbo_trace"] = {{"iteration", training->elbo_trace_steps}, {"elbo", trace_values}};
    entry["beta"] = training->beta;
    entry["step_size"] = number_or_null(training->step_size);
    entry["gamma"] = number_or_null(training->gamma);
    entry["base_mean"] = training->base_mean;
    entry["base_scale"] = training->base_scale;
    entry["training_iterations"] = training->completed;
    entry["training_seconds"] = number_or_null(training->training_seconds);
  }
  if (summary.sign_weighted) {
    // The coordinates' statistics are Σθs / Σs etc. (run_summary.hpp).
    entry["sign_weighted"] = true;
    entry["mean_sign"] = number_or_null(summary.mean_sign);
    if (!summary.sign_warning.empty()) entry["sign_warning"] = summary.sign_warning;
  }
  if (!summary.rhat_warning.empty()) entry["rhat_warning"] = summary.rhat_warning;
  entry["stop_reasons"] = summary.stop_reasons;
  if (const auto& weighted = summary.importance) {
    json weighted_coordinates = json::array();
    for (std::size_t c = 0; c < summary.names.size() && c < weighted->mean.size(); ++c)
      weighted_coordinates.push_back({{"name", summary.names[c]},
                                      {"mean", number_or_null(weighted->mean[c])},
                                      {"sd", number_or_null(weighted->sd[c])}});
    entry["importance_weighted"] = {{"ess", number_or_null(weighted->ess)},
                                    {"draws", weighted->draws},
                                    {"coordinates", weighted_coordinates}};
  }
  entry["kind"] = output_kind_name(summary.kind);
  entry["warnings"] = summary.warnings;
  return entry;
}

}  // namespace

json summary_json(const Session& session, const std::vector<SamplerSummary>& summaries) {
  const RunSpec& spec = session.spec();
  const std::vector<std::string> labels = sampler_labels(spec);
  json samplers = json::array();
  for (std::size_t i = 0; i < summaries.size(); ++i)
    samplers.push_back(sampler_json(summaries[i], i < labels.size() ? labels[i] : summaries[i].id));
  return {{"target", target_json(session)},
          {"seed", spec.seed},
          {"steps", spec.steps},
          {"burnin", spec.burnin},
          {"thin", spec.thin},
          {"chains_per_sampler", spec.chains_per_sampler},
          {"samplers", samplers}};
}

void write_summary_json(const json& summary, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw UserError("cannot write " + path + ": " + std::strerror(errno));
  // error_handler::replace: a non-UTF-8 byte in a user-given name must not abort the run.
  out << summary.dump(2, ' ', false, json::error_handler_t::replace) << '\n';
  out.flush();
  if (!out)
    throw UserError("cannot write " + path + ": " + std::strerror(errno != 0 ? errno : EIO));
}

}  // namespace sgl
