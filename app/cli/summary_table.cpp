#include "app/cli/summary_table.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "app/cli/sampler_labels.hpp"
#include "core/samplers/ewsg_weight_warning.hpp"

namespace sgl {
namespace {

std::string format_number(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// "-" where a figure does not apply (R̂ with one chain) or is undefined.
std::string optional_number(const char* format, double value) {
  return std::isfinite(value) ? format_number(format, value) : "-";
}

}  // namespace

void print_summary_table(const Session& session, const std::vector<SamplerSummary>& summaries,
                         std::FILE* out) {
  const std::vector<std::string> labels = sampler_labels(session.spec());
  int label_width = 7;  // "sampler"
  int name_width = 10;  // "coordinate"
  for (const std::string& label : labels) label_width = std::max(label_width, int(label.size()));
  for (const std::string& name : session.target().coordinate_names())
    name_width = std::max(name_width, int(name.size()));

  // R̂ and bulk/tail ESS columns appear when some sampler has two chains or more.
  const bool multichain = std::any_of(summaries.begin(), summaries.end(),
                                      [](const SamplerSummary& s) { return s.chains >= 2; });
  // "±" is two bytes but one column, in the header as in the rows: both use width 26.
  std::fprintf(out, "%-*s  %-*s  %26s  %10s", label_width, "sampler", name_width, "coordinate",
               "mean ± mcse", "ess");
  if (multichain) std::fprintf(out, "  %6s  %8s  %8s", "rhat", "ess_bulk", "ess_tail");
  std::fprintf(out, "  %7s  %7s\n", "accept", "tv");
  for (std::size_t s = 0; s < summaries.size(); ++s) {
    const SamplerSummary& summary = summaries[s];
    const std::string label = s < labels.size() ? labels[s] : summary.id;
    const std::string accept =
        summary.has_accept_rate ? format_number("%.3f", summary.accept_rate) : "-";
    const std::string tv = summary.has_truth ? format_number("%.4f", summary.tv_distance) : "-";
    if (!summary.no_draws.empty()) {
      std::fprintf(out, "%-*s  no draws: %s\n", label_width, label.c_str(),
                   summary.no_draws.c_str());
      continue;
    }
    for (std::size_t c = 0; c < summary.coordinates.size(); ++c) {
      const CoordinateSummary& coordinate = summary.coordinates[c];
      // Too few draws for an ESS (one or two): the MCSE is unknown, not infinite.
      const std::string mcse = std::isfinite(coordinate.mcse)
                                   ? format_number("%.2g", coordinate.mcse)
                                   : std::string("n/a");
      const std::string mean = format_number("%.4g", coordinate.mean) + " ± " + mcse;
      std::fprintf(out, "%-*s  %-*s  %26s  %10.1f", label_width, c == 0 ? label.c_str() : "",
                   name_width, coordinate.name.c_str(), mean.c_str(), coordinate.ess);
      if (multichain)
        std::fprintf(out, "  %6s  %8s  %8s", optional_number("%.3f", coordinate.rhat).c_str(),
                     optional_number("%.1f", coordinate.ess_bulk).c_str(),
                     optional_number("%.1f", coordinate.ess_tail).c_str());
      std::fprintf(out, "  %7s  %7s\n", c == 0 ? accept.c_str() : "", c == 0 ? tv.c_str() : "");
    }
    for (const ChannelFigure& figure : summary.channels)
      if (figure.id == "index_weight_ess") {
        std::fprintf(out, "%-*s  index weights: ESS %.2f of the data blocks", label_width, "",
                     figure.value);
        const std::string warning = ewsg_weight_warning(figure.value);
        std::fprintf(out, "%s%s\n", warning.empty() ? "" : "; warning: ", warning.c_str());
      }
    if (!summary.rhat_warning.empty())
      std::fprintf(out, "%-*s  warning: %s\n", label_width, "", summary.rhat_warning.c_str());
    if (const auto& training = summary.training) {
      std::fprintf(out, "%-*s  ELBO %.6g ± %.2g after %llu training iterations (%.2f s)\n",
                   label_width, "", training->elbo, training->elbo_se,
                   static_cast<unsigned long long>(training->completed),
                   training->training_seconds);
    }
    if (summary.divergences > 0)
      std::fprintf(out, "%-*s  %llu divergent transitions\n", label_width, "",
                   static_cast<unsigned long long>(summary.divergences));
    for (const std::string& reason : summary.stop_reasons)
      std::fprintf(out, "%-*s  stopped early: %s\n", label_width, "", reason.c_str());
    if (summary.sign_weighted)
      std::fprintf(out, "%-*s  sign-weighted (Σθs/Σs): τ̂ = %.3f positive signs%s%s\n", label_width,
                   "", summary.sign_positive_fraction, summary.sign_warning.empty() ? "" : "; ",
                   summary.sign_warning.c_str());
  }
}

}  // namespace sgl
