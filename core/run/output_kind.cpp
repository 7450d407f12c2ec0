#include "core/run/output_kind.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/diagnostics/convergence.hpp"
#include "core/samplers/ewsg_weight_warning.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/data_target.hpp"

namespace sgl {
namespace {

std::string format_figure(const char* format, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, format, value);
  return buffer;
}

// What is wrong with every draw of a kind, whatever the run did; empty for exact and asymptotic.
std::string kind_warning(OutputKind kind, const std::string& name,
                         const std::string& bias_warning) {
  switch (kind) {
    case OutputKind::Exact:
    case OutputKind::Asymptotic:
      return {};
    case OutputKind::Biased:
      if (!bias_warning.empty()) return name + bias_warning;
      return name +
             " has no friction: its spread grows with the gradient noise, so its sd and "
             "correlations are wrong at any step size; this is the failure the SGHMC paper "
             "corrects (use sghmc with friction C > 0, or set mh=true)";
    case OutputKind::Optimiser:
      return name +
             " is an optimiser, not a sampler: its draws wander near a mode with a spread set by "
             "the step size and the gradient noise, not by the posterior, so its sd, ESS and "
             "R-hat describe no posterior";
    case OutputKind::Variational:
      return name +
             " is a variational approximation: its draws come from the fitted q, not the "
             "posterior, and q's sd can be off by tens of percent; the ESS counts q's "
             "independent draws, not closeness to the posterior (compare the "
             "importance-weighted moments)";
  }
  return {};
}

}  // namespace

const char* output_kind_name(OutputKind kind) {
  switch (kind) {
    case OutputKind::Exact:
      return "exact";
    case OutputKind::Asymptotic:
      return "asymptotic";
    case OutputKind::Biased:
      return "biased";
    case OutputKind::Optimiser:
      return "optimiser";
    case OutputKind::Variational:
      return "variational";
  }
  return "exact";
}

const char* output_kind_plain_name(OutputKind kind) {
  return kind == OutputKind::Asymptotic ? "approximate" : output_kind_name(kind);
}

const char* output_kind_meaning(OutputKind kind) {
  switch (kind) {
    case OutputKind::Exact:
      return "exact: Metropolis-Hastings corrected, the draws target the posterior at any step";
    case OutputKind::Asymptotic:
      return "asymptotic (approximate): correct as the step size goes to 0; at a finite step "
             "the spread is somewhat off (smaller steps, smaller error)";
    case OutputKind::Biased:
      return "biased: wrong even as the step size goes to 0";
    case OutputKind::Optimiser:
      return "optimiser: finds a mode; its draws are not posterior draws";
    case OutputKind::Variational:
      return "variational: draws from a fitted approximation q, not from the posterior";
  }
  return "";
}

OutputKind sampler_output_kind(const std::string& sampler_id, const ParamValues& full_params) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  if (info == nullptr) return OutputKind::Exact;
  const OutputKind declared = info->traits.output_kind;
  // Settings under which the sampler declares itself biased (SGHMC with C = 0 is naive SGHMC:
  // nothing removes the energy the gradient noise adds).
  if (info->traits.biased_when != nullptr && info->traits.biased_when(full_params))
    return OutputKind::Biased;
  if (find_descriptor(info->params, "mh") == nullptr) return declared;
  const auto mh = full_params.find("mh");
  if (mh != full_params.end() && mh->second != 0.0) return OutputKind::Exact;
  return declared == OutputKind::Exact ? OutputKind::Asymptotic : declared;
}

namespace {

// Whether a sampler reading `noise_var` / `batch_size` gets the exact gradient with these
// parameters (stochastic_gradient_sampler.hpp: analytic targets read noise_var, data targets
// batch_size).
bool gradient_is_exact(const ParamValues& full_params, const Target& target) {
  if (const DataTarget* data = target.as_data_target()) {
    const auto batch = full_params.find("batch_size");
    return batch != full_params.end() && batch->second >= static_cast<double>(data->num_data());
  }
  const auto noise = full_params.find("noise_var");
  return noise != full_params.end() && noise->second == 0.0;
}

}  // namespace

OutputKind sampler_output_kind(const std::string& sampler_id, const ParamValues& full_params,
                               const Target& target) {
  const OutputKind kind = sampler_output_kind(sampler_id, full_params);
  // A sampler biased by its gradient noise alone (naive SGHMC) is asymptotic with the exact
  // gradient; other biased kinds stay biased.
  const SamplerInfo* info = find_sampler_info(sampler_id);
  if (kind == OutputKind::Biased && info != nullptr && info->traits.biased_only_by_gradient_noise &&
      gradient_is_exact(full_params, target))
    return OutputKind::Asymptotic;
  return kind;
}

std::string rhat_warning_text(const std::vector<std::pair<std::string, double>>& rhat) {
  std::string unmixed;
  for (const auto& [name, value] : rhat)
    if (value > kRhatWarning)
      unmixed += (unmixed.empty() ? "" : ", ") + name + " " + format_figure("%.3g", value);
  if (unmixed.empty()) return {};
  return "R-hat > 1.01 (chains disagree, do not trust the estimates): " + unmixed;
}

std::vector<std::string> output_warnings(const OutputFacts& facts) {
  std::vector<std::string> warnings;
  const SamplerInfo* info = find_sampler_info(facts.sampler_id);
  const std::string name = info != nullptr ? info->short_name : facts.sampler_id;
  const std::string bias_warning = info != nullptr ? info->traits.bias_warning : std::string();
  if (std::string text = kind_warning(facts.kind, name, bias_warning); !text.empty())
    warnings.push_back(std::move(text));
  if (facts.has_importance_weights && facts.draws > 0 &&
      !(facts.importance_ess >= kDegenerateWeightFraction * double(facts.draws)))
    warnings.push_back("the importance weights are degenerate (Kish ESS " +
                       format_figure("%.3g", facts.importance_ess) + " of " +
                       std::to_string(facts.draws) +
                       " draws): the importance-weighted moments are unreliable too");
  for (const auto& [channel, value] : facts.channels)
    if (channel == "adapting" && value > 0.0)  // NUTS without burn-in (nuts.hpp)
      warnings.push_back(format_figure("%.3g", 100.0 * value) +
                         " % of the recorded steps were made while NUTS was still adapting its "
                         "step size and mass matrix (no burn-in): those draws are not exact; give "
                         "a burn-in at least as long as adapt_steps");
  for (const auto& [channel, value] : facts.channels)
    if (channel == "index_weight_ess")  // EWSG (ewsg_weight_warning.hpp)
      if (std::string text = facts.index_weight_ess_per_chain.empty()
                                 ? ewsg_weight_warning(value)
                                 : ewsg_weight_warning(facts.index_weight_ess_per_chain);
          !text.empty())
        warnings.push_back(std::move(text));
  if (!facts.no_draws.empty()) warnings.push_back("no draws: " + facts.no_draws);
  if (std::string text = rhat_warning_text(facts.rhat); !text.empty())
    warnings.push_back(std::move(text));
  if (facts.divergences_after_burnin > 0)
    warnings.push_back(std::to_string(facts.divergences_after_burnin) +
                       " divergent transitions while sampling (burn-in not counted): the "
                       "draws near them are unreliable (lower the step size)");
  if (!facts.stop_reasons.empty())
    warnings.push_back(std::to_string(facts.stop_reasons.size()) + " of " +
                       std::to_string(facts.chains) + (facts.chains == 1 ? " chain" : " chains") +
                       " stopped early (first: " + facts.stop_reasons.front() +
                       "): the estimates come from fewer draws than asked for");
  if (facts.has_accept_rate && facts.draws > 0) {
    if (facts.accept_rate < kLowAcceptance)
      warnings.push_back("MH acceptance " + format_figure("%.3g", facts.accept_rate) +
                         " < 0.1: the chain barely moves, so its estimates rest on few distinct "
                         "draws (lower the step size)");
    else if (facts.accept_rate > kHighAcceptance)
      warnings.push_back("MH acceptance " + format_figure("%.5g", facts.accept_rate) +
                         " > 0.999: the step is much smaller than needed, so the chain explores "
                         "slowly and a short run under-covers the posterior (raise the step size)");
  }
  if (!facts.sign_warning.empty()) warnings.push_back(facts.sign_warning);
  // Exact samplers are judged by R̂ and ESS; against a Laplace reference their sd may rightly
  // differ (a skewed posterior). Biased, optimiser and variational kinds are warned above.
  const bool judged = facts.kind == OutputKind::Asymptotic ||
                      (facts.kind == OutputKind::Exact && !facts.reference_is_laplace);
  std::string off;
  for (const auto& [name, ratio] : facts.sd_over_reference)
    if (judged && std::isfinite(ratio) &&
        (ratio < kSpreadRatioLow || ratio > 1.0 / kSpreadRatioLow))
      off += (off.empty() ? "" : ", ") + name + " " + format_figure("%.2g", ratio) + "×";
  if (!off.empty())
    warnings.push_back(
        "sd far from the " +
        std::string(facts.reference_is_laplace ? "Laplace approximation's" : "exact posterior's") +
        " (" + off +
        "): the chains have not spread over the posterior (too short a run, step or cycle) or "
        "the draws are biased; R-hat and ESS cannot see this (compare with hmc or nuts)");
  return warnings;
}

void add_spread_against_reference(const Target& target, const std::vector<std::string>& names,
                                  const std::vector<double>& sds, OutputFacts& facts) {
  const std::optional<ReferencePosterior> reference = target.reference_posterior();
  if (!reference) return;
  facts.reference_is_laplace = reference->kind == ReferencePosterior::Kind::Laplace;
  for (std::size_t c = 0; c < sds.size() && Eigen::Index(c) < reference->covariance.rows(); ++c) {
    const double reference_sd = std::sqrt(reference->covariance(Eigen::Index(c), Eigen::Index(c)));
    if (reference_sd > 0.0)
      facts.sd_over_reference.emplace_back(c < names.size() ? names[c] : std::to_string(c),
                                           sds[c] / reference_sd);
  }
}

OutputFacts chain_output_facts(const EngineSnapshot& snapshot, const ChainSnapshot& chain) {
  OutputFacts facts;
  facts.sampler_id = chain.sampler_id;
  facts.kind = snapshot.target
                   ? sampler_output_kind(chain.sampler_id, chain.full_params, *snapshot.target)
                   : sampler_output_kind(chain.sampler_id, chain.full_params);
  const SamplerCounters& counters = chain.counters;
  facts.draws = chain.histograms.empty() ? chain.stored_draws : chain.histograms.front().total();
  facts.has_accept_rate = counters.mh_proposals >= kLiveAcceptanceProposals;
  if (facts.has_accept_rate)
    facts.accept_rate = double(counters.mh_accepts) / double(counters.mh_proposals);
  facts.divergences_after_burnin =
      counters.divergences -
      std::min(counters.divergences, counters.adaptation_divergences + chain.forgotten_divergences);
  if (chain.stopped) facts.stop_reasons.push_back(chain.stop_reason);
  const std::vector<std::string> names =
      snapshot.target ? snapshot.target->coordinate_names() : std::vector<std::string>{};
  for (const GroupConvergence& group : snapshot.convergence) {
    if (std::find(group.labels.begin(), group.labels.end(), chain.label) == group.labels.end())
      continue;
    for (std::size_t c = 0; c < group.coordinates.size(); ++c)
      facts.rhat.emplace_back(c < names.size() ? names[c] : "coordinate " + std::to_string(c),
                              group.coordinates[c].rhat);
  }
  if (!chain.importance_histograms.empty() && !chain.importance_histograms.front().empty()) {
    facts.has_importance_weights = true;
    facts.importance_ess = chain.importance_histograms.front().kish_ess();
  }
  for (std::size_t c = 0; c < chain.channels.size() && c < kMaxChannels; ++c)
    if (counters.channels[c].count > 0)
      facts.channels.emplace_back(chain.channels[c].id, counters.channels[c].mean());
  // The spread from the histograms (bin centres): coarse, but the check's margin is 40 %. A
  // histogram that lost draws off its ends cannot tell.
  std::vector<double> sds;
  for (const Histogram1D& histogram : chain.histograms) {
    if (histogram.total() < kSpreadCheckDraws || histogram.inside() < histogram.total()) {
      sds.clear();
      break;
    }
    double sum = 0.0, squares = 0.0;
    for (int bin = 0; bin < histogram.bins(); ++bin) {
      const double x = histogram.bin_center(bin), n = double(histogram.count(bin));
      sum += n * x;
      squares += n * x * x;
    }
    const double count = double(histogram.inside()), mean = sum / count;
    sds.push_back(std::sqrt(std::max(squares / count - mean * mean, 0.0)));
  }
  if (snapshot.target && !sds.empty())
    add_spread_against_reference(*snapshot.target, names, sds, facts);
  return facts;
}

std::string output_short_form(OutputKind kind, std::size_t warnings) {
  std::string text = output_kind_name(kind);
  if (warnings > 0)
    text += ", " + std::to_string(warnings) + (warnings == 1 ? " warning" : " warnings");
  return text;
}

}  // namespace sgl
