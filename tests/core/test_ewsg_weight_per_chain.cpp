// EWSG's index-weight ESS per chain (issue 25): the run summary keeps each chain's figure beside
// the pooled one, and the warning follows the worst chain, so one chain whose weights degenerated
// is not averaged away by three healthy ones.
#include <catch2/catch.hpp>
#include <cmath>
#include <string>

#include "core/run/output_kind.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

using namespace sgl;

TEST_CASE("EWSG summary: index-weight ESS for every chain beside the pooled figure",
          "[ewsg][issue25][summary]") {
  RunSpec spec;
  spec.target = {"ewsg-gauss", {}, "", "y"};
  spec.chains_per_sampler = 3;
  spec.steps = 400;
  spec.seed = 7;
  spec.chains = {{"ewsg", {}}};
  Session session(spec);
  session.run_to_end();
  const SamplerSummary summary = summarize(session).front();
  const ChannelFigure* figure = nullptr;
  for (const ChannelFigure& f : summary.channels)
    if (f.id == "index_weight_ess") figure = &f;
  REQUIRE(figure != nullptr);
  REQUIRE(figure->per_chain.size() == 3);
  double sum = 0.0;
  for (double value : figure->per_chain) {
    CHECK(value > 0.0);
    CHECK(value <= 1.0);
    sum += value;
  }
  // Every chain records the same number of steps, so the pooled mean is the chains' mean.
  CHECK(figure->value == Approx(sum / 3.0));
}

TEST_CASE("EWSG warning: one degenerate chain warns although the pooled figure looks fine",
          "[ewsg][issue25][output-kind]") {
  OutputFacts facts;
  facts.sampler_id = "ewsg";
  facts.kind = OutputKind::Asymptotic;
  facts.chains = 4;
  facts.draws = 4000;
  facts.channels = {{"index_weight_ess", 0.72}};  // above the 0.5 threshold
  CHECK(output_warnings(facts).empty());
  facts.index_weight_ess_per_chain = {0.95, 0.93, 0.9, 0.1};  // pooled 0.72, one chain at 0.1
  const std::vector<std::string> warnings = output_warnings(facts);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings.front().find("10%") != std::string::npos);  // the worst chain's figure
}
