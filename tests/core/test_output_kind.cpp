// Every output says what it is (issue 25): each sampler's kind, and warnings whenever its output
// is known to be off (a biased, optimiser or variational kind, R̂ > 1.01, divergences after
// burn-in, an MH acceptance below 0.1 or above 0.999), computed in one place (output_kind.hpp)
// for the summary and the GUI alike.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/diagnostics/weighted_histogram.hpp"
#include "core/run/output_kind.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

namespace {

SamplerSummary run_one(const RunSpec& spec) {
  Session session(spec);
  session.run_to_end();
  return summarize(session).front();
}

bool any_warning_contains(const std::vector<std::string>& warnings, const std::string& text) {
  return std::any_of(warnings.begin(), warnings.end(), [&](const std::string& warning) {
    return warning.find(text) != std::string::npos;
  });
}

std::string joined(const std::vector<std::string>& warnings) {
  std::string text;
  for (const std::string& warning : warnings) text += "[" + warning + "] ";
  return text;
}

}  // namespace

TEST_CASE("every sampler declares its kind: MH exact, SG asymptotic, naive SGHMC biased",
          "[output-kind]") {
  const std::map<std::string, std::string> expected = {
      {"hmc", "exact"},           {"naive-sghmc", "biased"},     {"sghmc", "asymptotic"},
      {"sgld", "asymptotic"},     {"sgd-momentum", "optimiser"}, {"sghmc-sgd", "asymptotic"},
      {"ewsg", "asymptotic"},     {"sgld-cv", "asymptotic"},     {"sghmc-cv", "asymptotic"},
      {"hmcecs", "exact"},        {"hmcecs-signed", "exact"},    {"dais", "variational"},
      {"ns-dais", "variational"}, {"sl-dais", "variational"},    {"rwm", "exact"},
      {"mala", "exact"},          {"sgnht", "asymptotic"},       {"psgld", "biased"},
      {"svrg-ld", "asymptotic"},  {"csgld", "asymptotic"},       {"csghmc", "asymptotic"},
      {"nuts", "exact"}};
  REQUIRE(sampler_catalogue().size() == expected.size());
  for (const SamplerInfo& info : sampler_catalogue()) {
    INFO(info.id);
    REQUIRE(expected.count(info.id) == 1);
    const ParamValues defaults = with_defaults({}, info.params, true);
    CHECK(output_kind_name(sampler_output_kind(info.id, defaults)) == expected.at(info.id));
  }
  // The MH switch decides: naive SGHMC with MH is exact, HMC without it only asymptotic.
  CHECK(sampler_output_kind("naive-sghmc", {{"mh", 1.0}}) == OutputKind::Exact);
  CHECK(sampler_output_kind("hmc", {{"mh", 0.0}}) == OutputKind::Asymptotic);
}

TEST_CASE("naive SGHMC with an exact gradient is leapfrog dynamics, not biased", "[output-kind]") {
  // chen-fig2's "exact" chain (noise_var = 0 on U = θ²/2) was labelled "biased (1)": its only
  // bias is the gradient noise it is run without.
  const auto harmonic = make_target({"harmonic", {}, "", "y"});
  const SamplerInfo* info = find_sampler_info("naive-sghmc");
  REQUIRE(info != nullptr);
  ParamValues params = with_defaults({{"noise_var", 0.0}}, info->params, true);
  CHECK(sampler_output_kind("naive-sghmc", params, *harmonic) == OutputKind::Asymptotic);
  params["noise_var"] = 4.0;
  CHECK(sampler_output_kind("naive-sghmc", params, *harmonic) == OutputKind::Biased);
  // On a data target the batch decides: the whole data set is an exact gradient.
  const auto linear = make_target({"linear", {{"n", 50.0}}, "", "y"});
  params["noise_var"] = 0.0;
  params["batch_size"] = 10.0;
  CHECK(sampler_output_kind("naive-sghmc", params, *linear) == OutputKind::Biased);
  params["batch_size"] = 50.0;
  CHECK(sampler_output_kind("naive-sghmc", params, *linear) == OutputKind::Asymptotic);
  // Other kinds are unchanged by an exact gradient.
  const SamplerInfo* sgd = find_sampler_info("sgd-momentum");
  REQUIRE(sgd != nullptr);
  CHECK(sampler_output_kind("sgd-momentum", with_defaults({{"noise_var", 0.0}}, sgd->params, true),
                            *harmonic) == OutputKind::Optimiser);
}

TEST_CASE("a known-off output always has a warning, a sound one has none", "[output-kind]") {
  OutputFacts sound;
  sound.sampler_id = "hmc";
  sound.chains = 4;
  sound.draws = 4000;
  sound.has_accept_rate = true;
  sound.accept_rate = 0.8;
  sound.rhat = {{"x", 1.001}, {"y", 1.004}};
  CHECK(output_warnings(sound).empty());

  const auto warned = [&](auto change, const std::string& text) {
    OutputFacts facts = sound;
    change(facts);
    const std::vector<std::string> warnings = output_warnings(facts);
    INFO(joined(warnings));
    CHECK(any_warning_contains(warnings, text));
  };
  warned([](OutputFacts& f) { f.accept_rate = 0.05; }, "MH acceptance 0.05 < 0.1");
  warned([](OutputFacts& f) { f.accept_rate = 0.9995; }, "> 0.999");
  warned([](OutputFacts& f) { f.rhat[1].second = 1.05; }, "R-hat > 1.01");
  warned([](OutputFacts& f) { f.divergences_after_burnin = 3; }, "3 divergent transitions");
  warned([](OutputFacts& f) { f.stop_reasons = {"diverged at step 7"}; }, "stopped early");
  warned(
      [](OutputFacts& f) {
        f.sampler_id = "naive-sghmc";
        f.kind = OutputKind::Biased;
      },
      "this is the failure the SGHMC paper corrects");
  warned(
      [](OutputFacts& f) {
        f.channels = {{"adapting", 0.25}};
      },
      "25 % of the recorded steps were made while NUTS was still adapting");
  warned(  // a biased sampler's own reason (its bias_warning trait), not naive SGHMC's
      [](OutputFacts& f) {
        f.sampler_id = "psgld";
        f.kind = OutputKind::Biased;
      },
      "pSGLD drops the correction term Γ(θ)");
  warned(
      [](OutputFacts& f) {
        f.sampler_id = "sgd-momentum";
        f.kind = OutputKind::Optimiser;
      },
      "an optimiser, not a sampler");
  warned(
      [](OutputFacts& f) {
        f.sampler_id = "dais";
        f.kind = OutputKind::Variational;
      },
      "variational approximation");
  warned(
      [](OutputFacts& f) {
        f.has_importance_weights = true;
        f.importance_ess = 3.0;
      },
      "importance weights are degenerate");
}

TEST_CASE("run summaries carry the kind and warn about a stuck or a timid MH chain",
          "[output-kind][summary]") {
  RunSpec spec;
  spec.target = {"gauss2d", {{"rho", 0.9}}, "", "y"};
  spec.chains_per_sampler = 2;
  spec.burnin = 200;
  spec.steps = 1500;
  spec.seed = 5;

  spec.chains = {{"hmc", {{"step_size", 0.2}, {"leapfrog_steps", 10}}}};
  const SamplerSummary tuned = run_one(spec);
  INFO("tuned: accept " << tuned.accept_rate << " " << joined(tuned.warnings));
  CHECK(tuned.kind == OutputKind::Exact);
  CHECK(tuned.warnings.empty());

  // A step above the stability limit 2·sd_min = 0.63: every trajectory blows up, rejected.
  spec.chains = {{"hmc", {{"step_size", 0.7}, {"leapfrog_steps", 30}}}};
  const SamplerSummary stuck = run_one(spec);
  INFO("stuck: accept " << stuck.accept_rate << " " << joined(stuck.warnings));
  CHECK(stuck.accept_rate < 0.1);
  CHECK(any_warning_contains(stuck.warnings, "< 0.1"));

  // A tiny step: every proposal is accepted and the chain crawls.
  spec.chains = {{"hmc", {{"step_size", 0.001}, {"leapfrog_steps", 1}}}};
  const SamplerSummary timid = run_one(spec);
  INFO("timid: accept " << timid.accept_rate << " " << joined(timid.warnings));
  CHECK(timid.accept_rate > 0.999);
  CHECK(any_warning_contains(timid.warnings, "> 0.999"));

  // Naive SGHMC on a data target: biased, said so; with MH it is exact.
  RunSpec data;
  data.target = {"linear", {{"n", 200}}, "", "y"};
  data.steps = 300;
  data.chains = {{"naive-sghmc", {}}};
  const SamplerSummary naive = run_one(data);
  CHECK(naive.kind == OutputKind::Biased);
  CHECK(any_warning_contains(naive.warnings, "naive SGHMC has no friction"));
}

TEST_CASE("the weighted histogram's rescaling equals direct self-normalised weighting",
          "[output-kind][importance]") {
  // Log weights spanning 1400 nats in increasing order: every add rescales the bins, and a
  // direct computation would overflow exp.
  WeightedHistogram1D histogram(0.0, 4.0, 4);
  std::vector<double> direct(4, 0.0);
  double total = 0.0, squares = 0.0;
  for (int k = 0; k < 8; ++k) {
    const double x = 0.5 * k, log_w = 200.0 * k;
    histogram.add(x, log_w);
    const double w = std::exp(log_w - 1400.0);  // relative to the largest
    if (x < 4.0) direct[std::size_t(x)] += w;
    total += w;
    squares += w * w;
  }
  const std::vector<double> densities = histogram.densities();
  for (std::size_t bin = 0; bin < 4; ++bin)
    CHECK(densities[bin] == Approx(direct[bin] / total).margin(1e-12));
  CHECK(histogram.kish_ess() == Approx(total * total / squares));
}

TEST_CASE("a chain that has not spread over the posterior is told, though R-hat and ESS look fine",
          "[output-kind][summary]") {
  RunSpec spec;
  spec.target = {"gauss2d", {{"rho", 0.0}}, "", "y"};  // N(0, I): the reference is exact
  spec.chains_per_sampler = 4;
  spec.steps = 4000;
  spec.seed = 3;
  // SGLD with ε = 10⁻⁴ moves √(2ε) = 0.014 a step: in 4000 steps its sd is about 0.2 of the
  // posterior's (the chains start together, so R̂ does not see it).
  spec.chains = {{"sgld", {{"step_size", 1e-4}, {"noise_var", 0.0}}}};
  const SamplerSummary crawling = run_one(spec);
  INFO(joined(crawling.warnings));
  CHECK(crawling.coordinates[0].sd < 0.5);
  CHECK(any_warning_contains(crawling.warnings, "sd far from the exact posterior's"));
  // At ε = 0.1 it spreads (its sd is within 5 % of 1 at this ε): no such warning.
  spec.chains = {{"sgld", {{"step_size", 0.1}, {"noise_var", 0.0}}}};
  const SamplerSummary mixing = run_one(spec);
  INFO(joined(mixing.warnings));
  CHECK(mixing.coordinates[0].sd > 0.8);
  CHECK_FALSE(any_warning_contains(mixing.warnings, "sd far from"));
}

TEST_CASE("the spread check judges asymptotic and exact outputs, not an exact one against Laplace",
          "[output-kind]") {
  OutputFacts facts;
  facts.sampler_id = "sgld";
  facts.kind = OutputKind::Asymptotic;
  facts.sd_over_reference = {{"x", 0.41}, {"y", 0.95}};
  CHECK(any_warning_contains(output_warnings(facts), "(x 0.41×)"));
  facts.sd_over_reference = {{"x", 1.8}};
  CHECK(any_warning_contains(output_warnings(facts), "(x 1.8×)"));
  facts.sd_over_reference = {{"x", 0.7}, {"y", 1.5}};  // within 40 %: nothing
  CHECK_FALSE(any_warning_contains(output_warnings(facts), "sd far from"));
  facts.sampler_id = "hmc";
  facts.kind = OutputKind::Exact;
  facts.sd_over_reference = {{"x", 0.41}};
  facts.reference_is_laplace = true;  // a skewed posterior may rightly differ from Laplace
  CHECK_FALSE(any_warning_contains(output_warnings(facts), "sd far from"));
  facts.reference_is_laplace = false;
  CHECK(any_warning_contains(output_warnings(facts), "sd far from the exact posterior's"));
}
