#include "core/run/memory_estimate.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "core/util/error.hpp"

namespace sgl {
namespace {

std::string gigabytes(double bytes) {
  char text[32];
  if (bytes < 1e9)
    std::snprintf(text, sizeof text, "%.0f MB", bytes / 1e6);
  else if (bytes < 1e12)
    std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
  else
    std::snprintf(text, sizeof text, "%.3g TB", bytes / 1e12);
  return text;
}

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
  throw UserError("this run would hold about " + gigabytes(needed) + " in memory (" + sizes +
                  (data_bytes > 0 ? ", plus " + gigabytes(data_bytes) + " of data" : "") +
                  "), more than the budget of " + gigabytes(budget) +
                  " (half of the memory available): record fewer draws with --thin T "
                  "(\"thin\" in a scenario), or use fewer steps or chains");
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

}  // namespace sgl
