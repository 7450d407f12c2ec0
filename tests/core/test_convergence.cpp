// R̂ and bulk/tail ESS against the R package posterior on fixed draws (tests/data: the draws and
// posterior's values, made by tests/data/make_convergence_reference.R).
#include <catch2/catch.hpp>

#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/diagnostics/convergence.hpp"

namespace {

using Chains = std::vector<std::vector<double>>;

std::vector<std::vector<std::string>> read_csv(const std::string& name) {
  std::ifstream in(std::string(SGL_TEST_DATA_DIR) + "/" + name);
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream stream(line);
    std::string field;
    while (std::getline(stream, field, ',')) fields.push_back(field);
    rows.push_back(fields);
  }
  return rows;
}

std::map<std::string, Chains> reference_draws() {
  std::map<std::string, Chains> cases;
  for (const auto& row : read_csv("convergence_draws.csv")) {
    Chains& chains = cases[row.at(0)];
    const auto chain = std::size_t(std::stoi(row.at(1)));
    if (chains.size() < chain) chains.resize(chain);
    chains[chain - 1].push_back(std::stod(row.at(2)));
  }
  return cases;
}

}  // namespace

TEST_CASE("R-hat, bulk and tail ESS agree with R posterior on fixed draws", "[convergence]") {
  const auto cases = reference_draws();
  const auto expected = read_csv("convergence_expected.csv");
  REQUIRE(expected.size() == 6);
  for (const auto& row : expected) {
    const std::string& name = row.at(0);
    const double rhat = std::stod(row.at(1)), ess_bulk = std::stod(row.at(2)),
                 ess_tail = std::stod(row.at(3));
    const sgl::ConvergenceDiagnostics got = sgl::convergence_diagnostics(cases.at(name));
    INFO(name << ": R-hat " << got.rhat << " vs " << rhat << ", bulk ESS " << got.ess_bulk << " vs "
              << ess_bulk << ", tail ESS " << got.ess_tail << " vs " << ess_tail);
    // The tolerances (R̂ within 0.005, ESS within 10%); the implementation follows
    // posterior step by step, so the agreement is to rounding.
    CHECK(std::abs(got.rhat - rhat) < 1e-9);
    CHECK(std::abs(got.ess_bulk - ess_bulk) < 1e-6 * ess_bulk);
    CHECK(std::abs(got.ess_tail - ess_tail) < 1e-6 * ess_tail);
    CHECK(std::abs(got.rhat - rhat) < 0.005);
    CHECK(std::abs(got.ess_bulk / ess_bulk - 1) < 0.10);
    CHECK(std::abs(got.ess_tail / ess_tail - 1) < 0.10);
  }
}

TEST_CASE("R-hat flags chains that disagree, and needs two chains", "[convergence]") {
  const auto cases = reference_draws();
  CHECK(sgl::convergence_diagnostics(cases.at("mixing")).rhat < sgl::kRhatWarning);
  CHECK(sgl::convergence_diagnostics(cases.at("offset")).rhat > sgl::kRhatWarning);
  CHECK(sgl::convergence_diagnostics(cases.at("scale")).rhat > sgl::kRhatWarning);
  const Chains one{cases.at("mixing").front()};
  CHECK(std::isnan(sgl::convergence_diagnostics(one).rhat));
  CHECK(std::isnan(sgl::convergence_diagnostics(one).ess_bulk));
  Chains with_nan = cases.at("mixing");
  with_nan[1][7] = std::nan("");
  CHECK(std::isnan(sgl::convergence_diagnostics(with_nan).rhat));
  // Unequal lengths (a chain that stopped early): cut to the shortest.
  Chains uneven = cases.at("mixing");
  uneven[2].resize(150);
  Chains cut = cases.at("mixing");
  for (auto& chain : cut) chain.resize(150);
  CHECK(sgl::convergence_diagnostics(uneven).rhat == sgl::convergence_diagnostics(cut).rhat);
}

TEST_CASE("normal quantile is the inverse of the normal CDF", "[convergence]") {
  for (double p : {1e-12, 1e-4, 0.01, 0.02425, 0.3, 0.5, 0.77, 0.975, 1 - 1e-6}) {
    const double x = sgl::normal_quantile(p);
    CHECK(0.5 * std::erfc(-x / std::sqrt(2.0)) == Approx(p).epsilon(1e-13));
  }
  CHECK(sgl::normal_quantile(0.975) == Approx(1.959963984540054).epsilon(1e-14));
}
