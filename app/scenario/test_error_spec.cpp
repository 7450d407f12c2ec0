#include "app/scenario/test_error_spec.hpp"

#include "app/scenario/scenario_json.hpp"
#include "core/util/error.hpp"

namespace sgl {

using namespace scenario_json;

namespace {

constexpr std::uint64_t kMaxRows = std::uint64_t{1} << 40;
constexpr std::uint64_t kMaxEvaluationsPerPass = 1000;

double positive_passes(const json& value, const std::string& where, bool allow_zero) {
  const double passes = as_number(value, where);
  if (passes < 0 || (!allow_zero && passes == 0) || passes > 1e6)
    throw UserError(where + " must be " + (allow_zero ? ">= 0" : "> 0") + " and at most 1e6");
  return passes;
}

void parse_quick(const json& value, const std::string& path, ScenarioTestError& spec) {
  Fields fields(value, path);
  if (const json* v = fields.get("data_passes"))
    spec.quick_data_passes = positive_passes(*v, fields.where("data_passes"), false);
  if (const json* v = fields.get("evaluations_per_pass"))
    spec.quick_evaluations_per_pass = static_cast<int>(
        as_count(*v, fields.where("evaluations_per_pass"), 1, kMaxEvaluationsPerPass));
  if (const json* v = fields.get("train_rows"))
    spec.quick_train_rows =
        static_cast<std::int64_t>(as_count(*v, fields.where("train_rows"), 1, kMaxRows));
  if (const json* v = fields.get("test_rows"))
    spec.quick_test_rows =
        static_cast<std::int64_t>(as_count(*v, fields.where("test_rows"), 1, kMaxRows));
  fields.finish();
}

}  // namespace

ScenarioTestError ScenarioTestError::quick_version() const {
  ScenarioTestError quick = *this;
  if (quick_data_passes > 0) quick.data_passes = quick_data_passes;
  if (quick_evaluations_per_pass > 0) quick.evaluations_per_pass = quick_evaluations_per_pass;
  if (quick_train_rows > 0) quick.train_rows = quick_train_rows;
  if (quick_test_rows > 0) quick.test_rows = quick_test_rows;
  return quick;
}

ScenarioTestError parse_test_error(const json& value, const std::string& path) {
  Fields fields(value, path);
  ScenarioTestError spec;
  spec.test_data = as_string(fields.require("test_data"), fields.where("test_data"));
  if (const json* v = fields.get("data_passes"))
    spec.data_passes = positive_passes(*v, fields.where("data_passes"), false);
  if (const json* v = fields.get("evaluations_per_pass"))
    spec.evaluations_per_pass = static_cast<int>(
        as_count(*v, fields.where("evaluations_per_pass"), 1, kMaxEvaluationsPerPass));
  if (const json* v = fields.get("burnin_passes"))
    spec.burnin_passes = positive_passes(*v, fields.where("burnin_passes"), true);
  if (const json* v = fields.get("train_rows"))
    spec.train_rows =
        static_cast<std::int64_t>(as_count(*v, fields.where("train_rows"), 0, kMaxRows));
  if (const json* v = fields.get("test_rows"))
    spec.test_rows =
        static_cast<std::int64_t>(as_count(*v, fields.where("test_rows"), 0, kMaxRows));
  if (const json* quick = fields.get("quick")) parse_quick(*quick, fields.where("quick"), spec);
  fields.finish();
  return spec;
}

json test_error_json(const ScenarioTestError& spec) {
  json out;
  out["test_data"] = spec.test_data;
  out["data_passes"] = spec.data_passes;
  out["evaluations_per_pass"] = spec.evaluations_per_pass;
  out["burnin_passes"] = spec.burnin_passes;
  if (spec.train_rows) out["train_rows"] = spec.train_rows;
  if (spec.test_rows) out["test_rows"] = spec.test_rows;
  json quick = json::object();
  if (spec.quick_data_passes > 0) quick["data_passes"] = spec.quick_data_passes;
  if (spec.quick_evaluations_per_pass > 0)
    quick["evaluations_per_pass"] = spec.quick_evaluations_per_pass;
  if (spec.quick_train_rows > 0) quick["train_rows"] = spec.quick_train_rows;
  if (spec.quick_test_rows > 0) quick["test_rows"] = spec.quick_test_rows;
  if (!quick.empty()) out["quick"] = quick;
  return out;
}

}  // namespace sgl
