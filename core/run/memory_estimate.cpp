#include "core/run/memory_estimate.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>

#include "core/io/bounded_line_reader.hpp"
#include "core/io/idx_file.hpp"
#include "core/io/input_file.hpp"
#include "core/io/input_limits.hpp"
#include "core/io/npy_file.hpp"

#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

double resource_limit(int resource) {
  rlimit limit{};
  if (::getrlimit(resource, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) return 1e300;
  return static_cast<double>(limit.rlim_cur);
}

}  // namespace

double memory_budget_bytes() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page_size = ::sysconf(_SC_PAGESIZE);
  double available = pages > 0 && page_size > 0 ? double(pages) * double(page_size) : 4e9;
  available = std::min({available, resource_limit(RLIMIT_AS), resource_limit(RLIMIT_DATA)});
  return available / 2;
}

double bytes_per_draw(int dim) {
  return 16.0 * dim + 48.0;
}

void check_run_memory(const RunSpec& spec, int dim, double data_bytes) {
  const double chains = double(spec.chains.size()) * double(spec.chains_per_sampler);
  const double draws = double(spec.steps / std::max<std::uint64_t>(spec.thin, 1)) + 1.0;
  const double needed = chains * draws * bytes_per_draw(dim) + data_bytes;
  const double budget = memory_budget_bytes();
  if (needed <= budget) return;
  char sizes[160];
  std::snprintf(sizes, sizeof sizes, "%.0f chains x %.0f recorded draws x %d coordinates", chains,
                draws, dim);
  throw UserError("this run would hold " + approximate_bytes(needed) + " in memory (" + sizes +
                  (data_bytes > 0 ? ", plus " + approximate_bytes(data_bytes) + " of data" : "") +
                  "), more than the budget of " + approximate_bytes(budget) +
                  " (half of the memory available): record fewer draws with --thin T "
                  "(\"thin\" in a scenario), or use fewer steps or chains");
}

void check_live_memory(std::size_t chains, int dim, std::size_t draws_per_chain) {
  const double per_chain = double(draws_per_chain) * bytes_per_draw(dim);
  const double needed = double(chains) * per_chain;
  const double budget = memory_budget_bytes();
  if (needed <= budget) return;
  throw UserError(std::to_string(chains) + (chains == 1 ? " chain" : " chains") +
                  " would keep up to " + approximate_bytes(needed) + " of draws (" +
                  approximate_bytes(per_chain) + " each: the newest " +
                  std::to_string(draws_per_chain) + " draws of " + std::to_string(dim) +
                  (dim == 1 ? " coordinate" : " coordinates") + "), more than the budget of " +
                  approximate_bytes(budget) +
                  " (half of the memory available): use fewer chains, or a smaller "
                  "\"keep_draws\" in the scenario");
}

double synthetic_data_bytes(const TargetSpec& target, int* dim) {
  if (!target.data_csv.empty()) return 0.0;
  const TargetInfo* info = find_target_info(target.id);
  if (info == nullptr || !info->data_target) return 0.0;
  const ParamValues values = with_defaults(target.params, info->params, true);
  const auto n = values.find("n");
  if (n == values.end()) return 0.0;
  const auto d = values.find("d");
  const double columns = d == values.end() ? 2.0 : d->second + 1.0;
  if (dim != nullptr) *dim = static_cast<int>(columns);
  return n->second * (columns + 1.0) * 8.0;
}

int csv_regression_dim(const TargetSpec& target) {
  if (target.data_csv.empty()) return 0;
  const TargetInfo* info = find_target_info(target.id);
  if (info == nullptr || !info->accepts_data_file) return 0;
  // Not opened at all when it is a pipe: opening it would take the writer (and its first line)
  // from the loader, which checks the size itself.
  std::error_code ignored;
  const auto type = std::filesystem::status(target.data_csv, ignored).type();
  if (type == std::filesystem::file_type::fifo || type == std::filesystem::file_type::socket)
    return 0;
  if (is_idx_file(target.data_csv)) return 0;  // images: the loader checks them
  if (is_npy_path(target.data_csv)) {
    try {
      return int(std::min<std::int64_t>(read_npy_header(target.data_csv).columns, kMaxCsvColumns));
    } catch (const UserError&) {
      return 0;  // the loader reports it
    }
  }
  InputFile in(target.data_csv);  // never blocks in open()
  if (!in.is_open()) return 0;
  BoundedLineReader reader(in.stream(), kMaxCsvLineBytes, kMaxCsvFileBytes);
  std::string line;
  while (reader.next(line) == BoundedLineReader::Result::Line) {
    if (line.find_first_not_of(" \t") == std::string::npos) continue;
    // The response's column becomes the intercept's coordinate. Beyond the column limit the
    // loader's own message (file, line, limit) is the clearer one.
    const auto columns = std::count(line.begin(), line.end(), ',') + 1;
    return columns <= kMaxCsvColumns ? static_cast<int>(columns) : 0;
  }
  return 0;  // unreadable or empty: the loader reports it
}

}  // namespace sgl
