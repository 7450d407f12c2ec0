// Every sampler at its defaults on two logistic regressions with an independent reference
// (issue 25: "no wrong answer without a warning"): for each, the worst posterior-mean error in
// reference sds, the range of sd ratios, the kind of output the summary declares and its
// warnings. A wrong answer must come with a warning; this prints both side by side.
//   quad: the tests' 1 179-row two-parameter logistic regression (tests/stat/ewsg_test_data.hpp),
//         exact moments by grid quadrature
//   pima: MASS's Pima data, standardised (tests/data/stan/pima.csv), Stan's moments
//         (tests/data/stan/pima_stan.tsv, rstan 2.21, 4 × 5000 draws)
// 4 chains × `steps` recorded draws after `steps`/10 burn-in, seed 1, as `sgmcmc-lab run` runs them.
//   bench_samplers_at_defaults [steps]   (default 10 000; docs/algorithms.md quotes 10 000)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "core/run/output_kind.hpp"
#include "core/run/run_summary.hpp"
#include "core/run/session.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "tests/stat/ewsg_test_data.hpp"

using namespace sgl;

namespace {

struct Reference {
  std::map<std::string, std::pair<double, double>> moments;  // coordinate → (mean, sd)
};

// The quadrature regression written as a CSV that `logistic` loads to the same posterior.
Reference write_quad_csv(const std::string& path) {
  const auto target = test::ewsg_issue_regression();
  const test::QuadratureMoments q = test::quadrature_moments(*target);
  std::ofstream out(path);
  out.precision(17);
  out << "y,x1\n";
  const Dataset& data = target->data();
  for (Eigen::Index k = 0; k < data.x.rows(); ++k) out << data.y[k] << "," << data.x(k, 1) << "\n";
  return {{{"intercept", {q.mean[0], q.sd[0]}}, {"x1", {q.mean[1], q.sd[1]}}}};
}

Reference read_stan(const std::string& path) {
  std::ifstream in(path);
  Reference reference;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    double mean = 0.0, sd = 0.0;
    fields >> name >> mean >> sd;
    reference.moments[name] = {mean, sd};
  }
  return reference;
}

std::string first_words(const std::string& text, std::size_t length) {
  return text.size() <= length ? text : text.substr(0, length) + "…";
}

void table(const char* name, const std::string& csv, const Reference& reference,
           std::uint64_t steps) {
  std::printf("\n%s\n\n| sampler | kind | worst (mean − ref)/sd | sd ratio | warnings |\n",
              name);
  std::printf("|---|---|---|---|---|\n");
  for (const SamplerInfo& info : sampler_catalogue()) {
    RunSpec spec;
    spec.target = {"logistic", {{"prior_sd", 10.0}}, csv, "y"};
    spec.chains_per_sampler = 4;
    spec.burnin = steps / 10;
    spec.steps = steps;
    spec.seed = 1;
    spec.chains = {{info.id, {}}};
    std::string worst = "—", ratios = "—", kind = "—", warnings;
    try {
      Session session(spec);
      session.run_to_end();
      const SamplerSummary summary = summarize(session).front();
      kind = output_kind_name(summary.kind);
      double worst_error = 0.0, lo = INFINITY, hi = 0.0;
      for (const CoordinateSummary& c : summary.coordinates) {
        const auto [mean, sd] = reference.moments.at(c.name);
        const double error = (c.mean - mean) / sd;
        if (!(std::abs(error) <= std::abs(worst_error))) worst_error = error;
        lo = std::min(lo, c.sd / sd);
        hi = std::max(hi, c.sd / sd);
      }
      char text[64];
      std::snprintf(text, sizeof text, "%+.2f", worst_error);
      worst = text;
      std::snprintf(text, sizeof text, "%.2f–%.2f", lo, hi);
      ratios = text;
      for (const std::string& warning : summary.warnings)
        warnings += (warnings.empty() ? "" : "; ") + first_words(warning, 90);
      if (!summary.no_draws.empty()) warnings = "no draws: " + first_words(summary.no_draws, 80);
    } catch (const std::exception& error) {
      warnings = std::string("refused: ") + error.what();
    }
    std::printf("| %s | %s | %s | %s | %s |\n", info.id.c_str(), kind.c_str(), worst.c_str(),
                ratios.c_str(), warnings.empty() ? "none" : warnings.c_str());
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::uint64_t steps = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 10000;
  const std::string quad_csv = "/tmp/sgmcmc-bench-quad-regression.csv";
  table("quad (1 179 × 2 logistic, exact moments by quadrature)", quad_csv,
        write_quad_csv(quad_csv), steps);
  const std::string stan = std::string(SGL_SOURCE_DIR) + "/tests/data/stan/";
  table("pima (532 × 8 logistic, standardised; Stan's moments)", stan + "pima.csv",
        read_stan(stan + "pima_stan.tsv"), steps);
}
