#include "app/cli/test_error_output.hpp"

#include <cmath>
#include <fstream>

#include "core/util/error.hpp"

namespace sgl {
namespace {

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  if (!out) throw UserError("cannot write " + path);
}

}  // namespace

void write_test_error_outputs(const Scenario& scenario, const TestErrorResult& result,
                              const RunOptions& options,
                              const std::function<std::string(const std::string&)>& stage) {
  write_text(stage("test_error.csv"), test_error_csv(result));
  write_text(stage("summary.json"), test_error_summary_json(scenario, result));
  if (options.test_error_figure)
    write_text(
        stage("test_error.svg"),
        options.test_error_figure(result, scenario.title.empty() ? scenario.name : scenario.title));
}

void print_test_error_table(const TestErrorResult& result, std::FILE* out) {
  std::fprintf(out, "%lld training and %lld test rows, %d parameters, %d jobs, %.1f s wall\n",
               static_cast<long long>(result.train_rows), static_cast<long long>(result.test_rows),
               result.dim, result.jobs, result.wall_seconds);
  std::fprintf(out, "%-16s %7s %11s %14s %8s\n", "sampler", "passes", "error last", "error average",
               "s/pass");
  for (const TestErrorSeries& series : result.series) {
    const TestErrorPoint last = series.points.empty() ? TestErrorPoint{} : series.points.back();
    const double per_pass =
        series.passes_run > 0 ? series.wall_seconds / series.passes_run : std::nan("");
    std::fprintf(out, "%-16s %7.2f %11.4f %14.4f %8.2f%s%s\n", series.label.c_str(), last.pass,
                 last.error_last, last.error_average, per_pass,
                 series.stop_reason.empty() ? "" : "  stopped: ", series.stop_reason.c_str());
  }
}

}  // namespace sgl
