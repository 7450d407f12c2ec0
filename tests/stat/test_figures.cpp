// Figures quoted in README.md, docs/ and the preset notes come from code (issue 25, point 4).
// docs/figures/claims.tsv lists every quoted figure: an id, the value as written, a tolerance
// (from Monte Carlo error), the file and the quoted sentence. Each test below reruns one preset
// the way `sgmcmc-lab run --scenario NAME [--quick]` does, computes the figures and checks
//   - the quote is still in the file and contains the value as written,
//   - the recomputed figure is within the tolerance of that value,
//   - every claim with the preset's prefix was computed (no orphan figures).
// To regenerate the figures after a deliberate change:
//   SGL_FIGURES_OUT=/tmp/figures.tsv build/tests/stat_tests '[figures]'
// writes "id<TAB>recomputed value" for every figure; edit the docs and claims.tsv from it.
#include <catch2/catch.hpp>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "app/scenario/assets.hpp"
#include "app/scenario/scenario_run.hpp"

using namespace sgl;

namespace {

struct Claim {
  std::string id, value, tolerance, file, quote;
};

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Quotes may wrap differently from the file: compare with runs of whitespace collapsed.
std::string collapse_space(const std::string& text) {
  return std::regex_replace(text, std::regex("\\s+"), " ");
}

std::vector<Claim> load_claims() {
  std::istringstream lines(read_text(std::string(SGL_SOURCE_DIR) + "/docs/figures/claims.tsv"));
  std::vector<Claim> claims;
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::vector<std::string> fields;
    std::istringstream row(line);
    for (std::string field; std::getline(row, field, '\t');) fields.push_back(field);
    INFO("claims.tsv line: " << line);
    REQUIRE(fields.size() == 5);
    claims.push_back({fields[0], fields[1], fields[2], fields[3], fields[4]});
  }
  return claims;
}

// "0.01" is absolute, "15%" relative to the quoted value; "below"/"above" make the value a bound.
// A value "yes" or "no" is a statement in words, its figure 1 or 0. "approx" after a tolerance:
// the text rounds loosely, so only the tolerance applies.
double allowed_error(const Claim& claim, double quoted) {
  if (!claim.tolerance.empty() && claim.tolerance.back() == '%')
    return std::abs(quoted) * std::stod(claim.tolerance) / 100.0;
  return std::stod(claim.tolerance);
}

void check_figures(const std::string& prefix, const std::map<std::string, double>& figures) {
  if (const char* out = std::getenv("SGL_FIGURES_OUT")) {
    std::ofstream file(out, std::ios::app);
    for (const auto& [id, value] : figures) file << id << '\t' << value << '\n';
  }
  int checked = 0;
  for (const Claim& claim : load_claims()) {
    if (claim.id.rfind(prefix + ".", 0) != 0) continue;
    INFO(claim.id << " quoted as " << claim.value << " in " << claim.file << ": \"" << claim.quote
                  << "\"");
    const std::string text =
        collapse_space(read_text(std::string(SGL_SOURCE_DIR) + "/" + claim.file));
    CHECK(text.find(collapse_space(claim.quote)) != std::string::npos);
    const bool yes_no = claim.value == "yes" || claim.value == "no";  // a statement in words
    if (!yes_no) CHECK(claim.quote.find(claim.value) != std::string::npos);
    const auto figure = figures.find(claim.id);
    REQUIRE(figure != figures.end());
    const double quoted = yes_no ? (claim.value == "yes" ? 1.0 : 0.0) : std::stod(claim.value);
    if (claim.tolerance == "below" || claim.tolerance == "above") {  // a bound stated in words
      INFO("recomputed " << figure->second);
      CHECK((claim.tolerance == "below" ? figure->second < quoted : figure->second > quoted));
    } else {
      INFO("recomputed " << figure->second << ", allowed error " << allowed_error(claim, quoted));
      CHECK(std::abs(figure->second - quoted) <= allowed_error(claim, quoted));
      // Runs are deterministic (tests/data/draw_fingerprints.tsv), so a figure written to k
      // decimals must be the recomputed one rounded to k decimals: a change of the draws that
      // keeps the claim (within the tolerance above) still fails here until the text is updated.
      // Figures stated loosely in words ("≈ 0.99") say "approx" in their tolerance.
      if (!yes_no && claim.tolerance.find("approx") == std::string::npos) {
        const auto point = claim.value.find('.');
        const int decimals =
            point == std::string::npos ? 0 : static_cast<int>(claim.value.size() - point - 1);
        CHECK(std::abs(figure->second - quoted) <= 0.5 * std::pow(10.0, -decimals) * (1 + 1e-9));
      }
    }
    ++checked;
  }
  CHECK(checked > 0);
}

const ChainReport& report(const ScenarioResults& results, const std::string& label) {
  return results.chains.at(chain_index(results.scenario, label, "figures"));
}

double final_series(const ScenarioResults& results, const std::string& label, bool energy) {
  for (const EnsembleSeries& series : results.ensemble->series)
    if (series.label == label)
      return energy ? series.checkpoints.back().mean_energy : series.checkpoints.back().kl;
  FAIL("no ensemble series " << label);
  return 0.0;
}

double max_abs(const std::vector<double>& values) {
  double largest = 0.0;
  for (double v : values) largest = std::max(largest, std::abs(v));
  return largest;
}

// Chen Fig. 3's comparisons: SGLD's IAT over SGHMC's at SGLD's covariance errors (SGHMC's
// interpolated, where inside its range) and at equal step size; step sizes where SGLD's
// covariance error is the lower one.
void sweep_figures(const SweepResult& sweep, const std::string& prefix,
                   std::map<std::string, double>& figures) {
  double cov_lo = INFINITY, cov_hi = 0, step_lo = INFINITY, step_hi = 0;
  int sgld_lower_error = 0, step_sizes = 0;
  double sgld_lower_at_smallest = 0;  // 1 when SGLD's error is the lower one at the smallest step
  for (const SweepPoint& sgld : sweep.points) {
    if (sgld.label != "SGLD") continue;
    const double at_error = iat_at_cov_error(sweep, "SGHMC", sgld.cov_error);
    if (std::isfinite(at_error)) {
      cov_lo = std::min(cov_lo, sgld.iat / at_error);
      cov_hi = std::max(cov_hi, sgld.iat / at_error);
    }
    for (const SweepPoint& sghmc : sweep.points)
      if (sghmc.label == "SGHMC" && sghmc.value == sgld.value) {
        step_lo = std::min(step_lo, sgld.iat / sghmc.iat);
        step_hi = std::max(step_hi, sgld.iat / sghmc.iat);
        sgld_lower_error += sgld.cov_error < sghmc.cov_error;
        if (step_sizes++ == 0) sgld_lower_at_smallest = sgld.cov_error < sghmc.cov_error;
      }
  }
  figures[prefix + ".iat_ratio_equal_error_min"] = cov_lo;
  figures[prefix + ".iat_ratio_equal_error_max"] = cov_hi;
  figures[prefix + ".iat_ratio_equal_step_min"] = step_lo;
  figures[prefix + ".iat_ratio_equal_step_max"] = step_hi;
  figures[prefix + ".sgld_lower_cov_error_steps"] = sgld_lower_error;
  figures[prefix + ".step_sizes"] = step_sizes;
  figures[prefix + ".sgld_lower_cov_error_at_smallest_step"] = sgld_lower_at_smallest;
}

}  // namespace

TEST_CASE("figures: chen-fig1 (quick) as quoted in docs/presets.md and its note",
          "[stat][figures]") {
  const ScenarioResults r = run_scenario(quick_version(load_scenario("chen-fig1")));
  std::map<std::string, double> f;
  f["chen-fig1.tv_naive"] = report(r, "naive SGHMC").tv;
  f["chen-fig1.tv_sghmc"] = report(r, "SGHMC").tv;
  f["chen-fig1.tv_hmc"] = report(r, "HMC").tv;
  f["chen-fig1.tv_hmc_no_mh"] = report(r, "HMC (no MH)").tv;
  f["chen-fig1.tv_naive_mh"] = report(r, "naive SGHMC + MH").tv;
  f["chen-fig1.accept_naive_mh_percent"] = 100 * report(r, "naive SGHMC + MH").accept_rate;
  double others = 0;  // the largest TV of the chains that follow the truth
  for (const ChainReport& c : r.chains)
    if (c.label != "naive SGHMC") others = std::max(others, c.tv);
  f["chen-fig1.tv_others_max"] = others;
  check_figures("chen-fig1", f);
}

TEST_CASE("figures: default (quick), what the window opens with, as the README says",
          "[stat][figures]") {
  const ScenarioResults r = run_scenario(quick_version(load_scenario("default")));
  std::map<std::string, double> f;
  f["default.tv_naive"] = report(r, "naive SGHMC").tv;
  // "SGHMC sits on the truth": its TV within the others' Monte Carlo level (chen-fig1's 0.04).
  f["default.sghmc_on_truth"] = report(r, "SGHMC").tv < 0.04 ? 1.0 : 0.0;
  check_figures("default", f);
}

TEST_CASE("figures: chen-fig2 (quick) as quoted in docs/presets.md", "[stat][figures]") {
  const ScenarioResults r = run_scenario(quick_version(load_scenario("chen-fig2")));
  std::map<std::string, double> f;
  f["chen-fig2.energy_noisy"] = final_series(r, "noisy", true);
  f["chen-fig2.energy_friction"] = final_series(r, "noisy with friction", true);
  f["chen-fig2.energy_resampled"] = final_series(r, "noisy, resample r every 50", true);
  check_figures("chen-fig2", f);
}

TEST_CASE("figures: chen-fig3, quick and full, as quoted in docs/presets.md and its note",
          "[stat][figures]") {
  std::map<std::string, double> f;
  const ScenarioResults quick = run_scenario(quick_version(load_scenario("chen-fig3")));
  REQUIRE(quick.sweep);
  sweep_figures(*quick.sweep, "chen-fig3.quick", f);
  // The full preset's sweep (10⁶ draws per run) is what a student sees; the note quotes it.
  // Only the sweep is rerun: the live chains' figures are not quoted.
  Scenario full = load_scenario("chen-fig3");
  full.steps = quick_version(full).steps;
  const ScenarioResults all = run_scenario(full);
  REQUIRE(all.sweep);
  sweep_figures(*all.sweep, "chen-fig3.full", f);
  check_figures("chen-fig3", f);
}

TEST_CASE("figures: ewsg-fig1a (quick) as quoted in docs/presets.md", "[stat][figures]") {
  const ScenarioResults r = run_scenario(quick_version(load_scenario("ewsg-fig1a")));
  std::map<std::string, double> f;
  f["ewsg-fig1a.kl_ewsg"] = final_series(r, "EWSG", false);
  f["ewsg-fig1a.kl_uniform"] = final_series(r, "SGHMC (uniform)", false);
  f["ewsg-fig1a.kl_sgld"] = final_series(r, "SGLD", false);
  check_figures("ewsg-fig1a", f);
}

TEST_CASE("figures: hmcecs-logistic (quick) as quoted in docs/presets.md and its note",
          "[stat][figures]") {
  const ScenarioResults r = run_scenario(quick_version(load_scenario("hmcecs-logistic")));
  std::map<std::string, double> f;
  const ChainReport& ecs = report(r, "HMC-ECS");
  const ChainReport& signed_ecs = report(r, "signed HMC-ECS");
  f["hmcecs-logistic.accept_ecs"] = ecs.accept_rate;
  f["hmcecs-logistic.max_error_sd_ecs"] = max_abs(ecs.mean_error_sd);
  f["hmcecs-logistic.ct_ecs"] = ecs.ct;
  f["hmcecs-logistic.ct_hmc"] = report(r, "HMC").ct;
  f["hmcecs-logistic.passes_per_iteration_hmc"] = report(r, "HMC").evaluations_per_step;
  f["hmcecs-logistic.accept_signed"] = signed_ecs.accept_rate;
  f["hmcecs-logistic.max_error_sd_signed"] = max_abs(signed_ecs.mean_error_sd);
  const SamplerSummary& signed_summary = r.summaries.at(2);
  REQUIRE(signed_summary.has_sign_positive_fraction);
  f["hmcecs-logistic.tau_signed"] = signed_summary.sign_positive_fraction;
  check_figures("hmcecs-logistic", f);
}
