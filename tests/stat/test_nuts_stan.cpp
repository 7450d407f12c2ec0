// NUTS against Stan on two real logistic regressions (tests/data/stan/, made by
// make_stan_reference.R with Debian's rstan 2.21: 4 chains × 5000 draws after 1000 warm-up):
// Pima (532 × 7) and Wisconsin breast cancer (569 × 30, a posterior with strongly correlated
// coefficients near separation). Our NUTS, 4 chains × 1000 draws after 1000 burn-in iterations
// (breast cancer: 500 and 500), must give every coefficient's posterior mean within 0.1
// posterior sd of Stan's and its sd within 10 %, and its min bulk ESS per gradient evaluation
// must be within 2× of Stan's (the
// tree, the multinomial sampling and the adaptation together: a sampler whose adaptation or
// U-turn rule were off would need many more gradients per effective draw).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"

using namespace sgl;

namespace {

struct StanReference {
  std::map<std::string, std::pair<double, double>> moments;  // coefficient → (mean, sd)
  double min_bulk_ess = 0.0;
  double leapfrog = 0.0;  // gradient evaluations of the sampling iterations
};

StanReference read_reference(const std::string& path) {
  std::ifstream in(path);
  REQUIRE(in.good());
  StanReference reference;
  reference.min_bulk_ess = INFINITY;
  std::string line;
  std::getline(in, line);  // header: coefficient mean sd bulk_ess draws leapfrog
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    double mean = 0.0, sd = 0.0, ess = 0.0, draws = 0.0, leapfrog = 0.0;
    fields >> name >> mean >> sd >> ess >> draws >> leapfrog;
    REQUIRE(!fields.fail());
    reference.moments[name] = {mean, sd};
    reference.min_bulk_ess = std::min(reference.min_bulk_ess, ess);
    reference.leapfrog = leapfrog;
  }
  return reference;
}

void compare_with_stan(const std::string& name, std::uint64_t iterations) {
  const std::string dir = std::string(SGL_SOURCE_DIR) + "/tests/data/stan/";
  const StanReference stan = read_reference(dir + name + "_stan.tsv");
  RunSpec spec;
  spec.target = {"logistic", {{"prior_sd", 10.0}}, dir + name + ".csv", "y"};
  spec.chains_per_sampler = 4;
  spec.burnin = iterations;
  spec.steps = iterations;
  spec.seed = 27;
  spec.chains = {{"nuts", {}}};
  Session session(spec);
  session.run_to_end();
  const SamplerSummary summary = summarize(session).front();
  REQUIRE(summary.coordinates.size() == stan.moments.size());
  double min_bulk_ess = INFINITY;
  for (const CoordinateSummary& coordinate : summary.coordinates) {
    // The app names the intercept "intercept" and the covariates by their CSV columns, as the
    // reference script names Stan's β.
    REQUIRE(stan.moments.count(coordinate.name) == 1);
    const auto [mean, sd] = stan.moments.at(coordinate.name);
    INFO(name << " " << coordinate.name << ": mean " << coordinate.mean << " vs Stan " << mean
              << ", sd " << coordinate.sd << " vs " << sd << ", bulk ESS " << coordinate.ess_bulk);
    CHECK(std::abs(coordinate.mean - mean) < 0.1 * sd);
    CHECK(std::abs(coordinate.sd / sd - 1.0) < 0.1);
    min_bulk_ess = std::min(min_bulk_ess, coordinate.ess_bulk);
  }
  std::map<std::string, double> figures;
  for (const ChannelFigure& figure : summary.channels) figures[figure.key] = figure.value;
  REQUIRE(figures.count("leapfrog_per_draw") == 1);
  const double gradients = figures["leapfrog_per_draw"] * 4.0 * double(iterations);
  const double ours = min_bulk_ess / gradients;
  const double stans = stan.min_bulk_ess / stan.leapfrog;
  INFO(name << ": min bulk ESS per gradient " << ours << " vs Stan " << stans << " (ours "
            << min_bulk_ess << " / " << gradients << ", Stan " << stan.min_bulk_ess << " / "
            << stan.leapfrog << ")");
  CHECK(ours > 0.5 * stans);
  CHECK(ours < 2.0 * stans);
  CHECK(summary.divergences_after_burnin == 0);
}

}  // namespace

TEST_CASE("NUTS agrees with Stan on the Pima logistic regression", "[stat][nuts][stan]") {
  compare_with_stan("pima", 1000);
}

TEST_CASE("NUTS agrees with Stan on the breast cancer logistic regression", "[stat][nuts][stan]") {
  // 500 + 500 iterations: its trees are ~130 leapfrog steps deep-wide, 20× Pima's cost per draw.
  compare_with_stan("breast_cancer", 500);
}
