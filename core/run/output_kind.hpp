// Every output says what it is: a sampler's kind (exact, asymptotic, biased, optimiser,
// variational) and a list of plain-words warnings, computed here from the facts of a summary
// (summary.json, the run table) or of a live chain (the GUI's Metrics panel and legend), so the
// two can never disagree. A sampler whose output is known to be off always has a warning: a
// biased, optimiser or variational kind, R̂ > 1.01, divergences after burn-in, chains that stopped
// early, an MH acceptance below 0.1 or above 0.999, unreliable sign or importance weights.
// A new rule (e.g. a sampler's degenerate weights, read from its channel figures) goes in
// output_warnings() only.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/run/engine_snapshot.hpp"
#include "core/samplers/output_kind.hpp"
#include "core/targets/target.hpp"
#include "core/util/params.hpp"

namespace sgl {

// MH acceptance rates outside [kLowAcceptance, kHighAcceptance] get a warning.
constexpr double kLowAcceptance = 0.1;
constexpr double kHighAcceptance = 0.999;
// Importance weights whose Kish ESS is below this fraction of the draws are called degenerate.
constexpr double kDegenerateWeightFraction = 0.01;

// "exact", "asymptotic", "biased", "optimiser", "variational" (summary.json's `kind`).
const char* output_kind_name(OutputKind kind);
// The window's word for it: "asymptotic" reads as jargon to a class, so it says "approximate"
// (the tooltip, output_kind_meaning, says approximate how); the others as output_kind_name.
const char* output_kind_plain_name(OutputKind kind);
// One line for tooltips and docs: what the kind means for the draws.
const char* output_kind_meaning(OutputKind kind);

// The sampler's kind with these (full) parameters: its declared kind, except that a sampler with
// a Metropolis–Hastings switch (`mh`) is exact with it on and at best asymptotic with it off.
// Unknown ids are Exact (no claim is made about them).
OutputKind sampler_output_kind(const std::string& sampler_id, const ParamValues& full_params);
// The same, knowing the target: a sampler that is biased only through its gradient noise (naive
// SGHMC has no friction to absorb it) runs as plain leapfrog dynamics, asymptotic, when this run's
// gradient is exact (noise_var = 0 on an analytic target, or a batch of the whole data set).
OutputKind sampler_output_kind(const std::string& sampler_id, const ParamValues& full_params,
                               const Target& target);

// What the warnings are computed from: one sampler's pooled summary, or one live chain.
struct OutputFacts {
  std::string sampler_id;
  OutputKind kind = OutputKind::Exact;
  int chains = 1;
  std::uint64_t draws = 0;
  bool has_accept_rate = false;  // the MH acceptance (after burn-in)
  double accept_rate = 0.0;
  std::uint64_t divergences_after_burnin = 0;
  std::vector<std::string> stop_reasons;             // chains that stopped early, with why
  std::vector<std::pair<std::string, double>> rhat;  // per coordinate (NaN: not computed)
  std::string sign_warning;                          // signed samplers (run_summary.hpp)
  std::string no_draws;                              // why no draw was recorded (empty: some)
  // Self-normalised importance weights (variational samplers): their Kish ESS over `draws`
  // (NaN: none).
  double importance_ess = 0.0;
  bool has_importance_weights = false;
  // The sampler's declared channel figures (id, value), e.g. an index-weight diagnostic.
  std::vector<std::pair<std::string, double>> channels;
  // EWSG: each chain's index-weight ESS fraction; when given, the worst chain decides the warning.
  std::vector<double> index_weight_ess_per_chain;
  // Per coordinate, the draws' sd over the target's reference posterior sd (exact, or Laplace on
  // a logistic regression); empty where the target has none. A stochastic-gradient chain whose
  // step or cycle is too short to spread over the posterior has R̂ ≈ 1 and a large ESS, and
  // only this tells (cSGLD's sd was 0.45× the exact one on a 1 179-row regression).
  std::vector<std::pair<std::string, double>> sd_over_reference;
  bool reference_is_laplace = false;
};

// The draws' spread against the reference posterior's: sd ratios outside
// [kSpreadRatioLow, 1 / kSpreadRatioLow] are reported. Far beyond Monte Carlo error (ESS 100
// gives a 7 % sd error) and beyond the Laplace approximation's error on the regressions here.
constexpr double kSpreadRatioLow = 0.6;
// Fewer draws than this: the spread is not judged (a young live chain has not spread yet).
constexpr std::uint64_t kSpreadCheckDraws = 2000;

// Fills facts.sd_over_reference from per-coordinate sds, if `target` has a reference posterior.
void add_spread_against_reference(const Target& target, const std::vector<std::string>& names,
                                  const std::vector<double>& sds, OutputFacts& facts);

// "R-hat > 1.01 (chains disagree, do not trust the estimates): x 1.05, y 1.02", or empty.
std::string rhat_warning_text(const std::vector<std::pair<std::string, double>>& rhat);

// The plain-words warnings for these facts, most fundamental first; empty when nothing is known
// to be off.
std::vector<std::string> output_warnings(const OutputFacts& facts);

// A live chain's facts (the GUI): its counters over the whole run (a live chain has no burn-in),
// the R̂ of its replica group, its importance histograms' ESS. MH acceptance is judged after
// kLiveAcceptanceProposals proposals, so a fresh chain does not flash a warning.
constexpr std::uint64_t kLiveAcceptanceProposals = 100;
OutputFacts chain_output_facts(const EngineSnapshot& snapshot, const ChainSnapshot& chain);

// A short form for narrow places: the kind, and the number of warnings if any ("biased, 2
// warnings").
std::string output_short_form(OutputKind kind, std::size_t warnings);

}  // namespace sgl
