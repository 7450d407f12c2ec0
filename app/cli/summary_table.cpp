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

// What is known to be off with the sampler's draws (output_kind.hpp), one line each.
void print_warnings(const SamplerSummary& summary, int label_width, std::FILE* out) {
  for (const std::string& warning : summary.warnings)
    std::fprintf(out, "%-*s  warning: %s\n", label_width, "", warning.c_str());
}

// Variational samplers: the self-normalised importance-weighted moments beside q's.
void print_importance_rows(const SamplerSummary& summary, int label_width, int name_width,
                           std::FILE* out) {
  if (!summary.importance) return;
  const ImportanceSummary& weighted = *summary.importance;
  std::fprintf(out, "%-*s  importance-weighted by log w (Kish ESS %s of %llu draws):\n",
               label_width, "", optional_number("%.1f", weighted.ess).c_str(),
               static_cast<unsigned long long>(weighted.draws));
  for (std::size_t c = 0; c < summary.coordinates.size() && c < weighted.mean.size(); ++c)
    std::fprintf(out, "%-*s  %-*s  mean %s  sd %s\n", label_width, "", name_width,
                 summary.coordinates[c].name.c_str(),
                 optional_number("%.4g", weighted.mean[c]).c_str(),
                 optional_number("%.4g", weighted.sd[c]).c_str());
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
  std::fprintf(out, "  %7s  %7s  %s\n", "accept", "tv", "kind");
  for (std::size_t s = 0; s < summaries.size(); ++s) {
    const SamplerSummary& summary = summaries[s];
    const std::string label = s < labels.size() ? labels[s] : summary.id;
    const std::string accept =
        summary.has_accept_rate ? format_number("%.3f", summary.accept_rate) : "-";
    const std::string tv = summary.has_truth ? format_number("%.4f", summary.tv_distance) : "-";
    if (!summary.no_draws.empty()) {
      std::fprintf(out, "%-*s  no draws: %s (%s)\n", label_width, label.c_str(),
                   summary.no_draws.c_str(), output_kind_name(summary.kind));
      print_warnings(summary, label_width, out);
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
      std::fprintf(out, "  %7s  %7s  %s\n", c == 0 ? accept.c_str() : "", c == 0 ? tv.c_str() : "",
                   c == 0 ? output_kind_name(summary.kind) : "");
    }
    print_importance_rows(summary, label_width, name_width, out);
    // EWSG's index-weight diagnostic (its warning is among the warning lines).
    for (const ChannelFigure& figure : summary.channels)
      if (figure.id == "index_weight_ess") {
        std::string chains;  // each chain's, so that one degenerate chain shows
        for (double value : figure.per_chain)
          chains += (chains.empty() ? " (chains: " : ", ") + optional_number("%.2f", value);
        std::fprintf(out, "%-*s  index weights: ESS %.2f of the data blocks%s\n", label_width, "",
                     figure.value, chains.empty() ? "" : (chains + ")").c_str());
      }
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
      std::fprintf(out, "%-*s  sign-weighted (Σθs/Σs): τ̂ = %.3f positive signs\n", label_width, "",
                   summary.sign_positive_fraction);
    print_warnings(summary, label_width, out);
  }
}

}  // namespace sgl
