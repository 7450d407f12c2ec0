// EWSG on regressions (issue 25; docs/algorithms.md#ewsg): posterior mean error (in exact posterior
// sds) and sd ratio for EWSG at its old defaults (b = 1), at its regression defaults, and for
// uniform-index SGHMC at the same data passes: the same integrator with index=uniform (same h, γ,
// b), and `sghmc` at its own defaults. 4 chains each, started at the MAP, pooled.
//   bench_ewsg_regressions [passes_scale]   (1 = the figures in docs/algorithms.md)
// Regressions:
//   quad:   the tests' 1 179-row two-parameter logistic regression, x ~ N(3, 1)
//           (tests/stat/ewsg_test_data.hpp); exact moments by grid quadrature
//   linear: `linear` n = 500, d = 2, seed 5; exact conjugate posterior
//   pima:   MASS's Pima data, 532 × 7 standardised covariates (tests/data/stan/pima.csv);
//           reference: Stan (rstan 2.21, 4 × 5000 draws, tests/data/stan/pima_stan.tsv)
//   cancer: Wisconsin breast cancer, 569 × 30 standardised (tests/data/stan/breast_cancer.csv);
//           reference: Stan, as pima
//   tall:   `logistic` n = 100 000, d = 5, seed 1 (synthetic); reference: HMC, 4 × 2 000 draws
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/diagnostics/running_moments.hpp"
#include "core/run/chain.hpp"
#include "core/targets/linear_regression.hpp"
#include "core/targets/target_registry.hpp"
#include "tests/stat/ewsg_test_data.hpp"

using namespace sgl;

namespace {

struct Moments {
  Vec mean, sd;
  Vec se = {};  // the mean's standard error from the spread of the 4 chain means
};

// Pooled mean and sd of the chains' draws.
Moments pooled(const std::vector<std::unique_ptr<Chain>>& chains, int dim) {
  Moments m{Vec::Zero(dim), Vec::Zero(dim), Vec::Zero(dim)};
  for (int c = 0; c < dim; ++c) {
    RunningMoments moments, chain_means;
    for (const auto& chain : chains) {
      RunningMoments own;
      for (std::size_t i = 0; i < chain->draws().size(); ++i) {
        moments.add(chain->draws().theta(i, c));
        own.add(chain->draws().theta(i, c));
      }
      chain_means.add(own.mean());
    }
    m.mean[c] = moments.mean();
    m.sd[c] = moments.sd();
    m.se[c] = chain_means.sd() / std::sqrt(double(chains.size()));
  }
  return m;
}

struct Outcome {
  Moments moments;
  std::string note;  // stopped chains, weight ESS
  double passes = 0;
};

Outcome run(const std::shared_ptr<const Target>& target, const std::string& id,
            const ParamValues& params, double passes, const Vec& start) {
  std::vector<std::unique_ptr<Chain>> chains;
  Outcome outcome;
  int stopped = 0;
  double weight_ess = 0.0;
  int probed = 0;
  const double n = double(target->as_data_target()->num_data());
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    auto probe = std::make_unique<Chain>(target, id, params, seed, start, 0, 1);
    const ParamValues full = probe->full_params();
    double per_step = n;
    if (id == "ewsg") {
      const double b = std::min(n, full.at("batch_size"));
      const double blocks = std::max(1.0, std::floor(n / b));
      const double block = n / blocks;
      per_step = block * (full.at("index") == 1.0 ? 1.0 : full.at("index_steps") + 1.0);
    } else if (id == "sghmc") {
      per_step = full.at("batch_size");
    }
    const auto steps = static_cast<std::uint64_t>(passes * n / per_step);
    const std::uint64_t thin = std::max<std::uint64_t>(1, steps / 20000);
    const std::uint64_t burnin = steps / 10;
    auto chain = std::make_unique<Chain>(target, id, params, seed, start, burnin, thin);
    chain->run(steps);
    if (chain->stopped()) ++stopped;
    if (id == "ewsg" && chain->sampling_counters().channels[1].count > 0) {
      weight_ess += chain->sampling_counters().channels[1].mean();
      ++probed;
    }
    outcome.passes = double(chain->counters().gradient_evaluations) / n;
    chains.push_back(std::move(chain));
  }
  outcome.moments = pooled(chains, target->dim());
  char note[160];
  std::snprintf(
      note, sizeof note, "b=%g h=%.3g γ=%.3g%s%s",
      chains[0]->full_params().count("batch_size") ? chains[0]->full_params().at("batch_size")
                                                   : 0.0,
      chains[0]->full_params().at("step_size"),
      chains[0]->full_params().count("friction") ? chains[0]->full_params().at("friction") : 0.0,
      stopped ? (", " + std::to_string(stopped) + "/4 diverged").c_str() : "",
      probed ? (", weight ESS " + std::to_string(weight_ess / probed).substr(0, 5)).c_str() : "");
  outcome.note = note;
  return outcome;
}

void report(const char* name, const char* label, const Outcome& o, const Moments& exact) {
  double worst_mean = 0.0, worst_se = 0.0, sd_lo = 1e300, sd_hi = 0.0;
  for (int c = 0; c < exact.mean.size(); ++c) {
    const double err = (o.moments.mean[c] - exact.mean[c]) / exact.sd[c];
    worst_se = std::max(worst_se, o.moments.se[c] / exact.sd[c]);
    if (std::abs(err) > std::abs(worst_mean)) worst_mean = err;
    sd_lo = std::min(sd_lo, o.moments.sd[c] / exact.sd[c]);
    sd_hi = std::max(sd_hi, o.moments.sd[c] / exact.sd[c]);
  }
  if (!(sd_hi > 0.0)) {  // every chain diverged before its first draw: nothing to compare
    std::printf("| %s | %s | %.0f | — (no draws) | — | %s |\n", name, label, o.passes,
                o.note.c_str());
  } else {
    std::printf("| %s | %s | %.0f | %+.3f (se %.3f) | %.3f–%.3f | %s |\n", name, label, o.passes,
                worst_mean, worst_se, sd_lo, sd_hi, o.note.c_str());
  }
  std::fflush(stdout);
}

void compare(const char* name, const std::shared_ptr<const Target>& target, const Moments& exact,
             const Vec& start, double passes) {
  const ParamValues none;
  // Old defaults: h = 0.1s as now, γ = min(10, 0.5/h), b = 1.
  Chain probe(target, "ewsg", none, 1, start, 0, 1);
  const ParamValues now = probe.full_params();
  report(name, "ewsg, old defaults (b = 1)",
         run(target, "ewsg",
             {{"step_size", now.at("step_size")},
              {"friction", now.at("friction")},
              {"batch_size", 1},
              {"index_steps", 1}},
             passes, start),
         exact);
  report(name, "ewsg, new defaults", run(target, "ewsg", none, passes, start), exact);
  report(name, "uniform index, same h, γ, b", run(target, "ewsg", {{"index", 1}}, passes, start),
         exact);
  report(name, "sghmc, its defaults", run(target, "sghmc", none, passes, start), exact);
}

// Stan's posterior means and sds (tests/data/stan/NAME_stan.tsv), in coordinate order.
Moments stan_reference(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  std::vector<double> means, sds;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string name;
    double mean = 0.0, sd = 0.0;
    fields >> name >> mean >> sd;
    means.push_back(mean);
    sds.push_back(sd);
  }
  return {Eigen::Map<Vec>(means.data(), Eigen::Index(means.size())),
          Eigen::Map<Vec>(sds.data(), Eigen::Index(sds.size())), Vec::Zero(0)};
}

Moments hmc_reference(const std::shared_ptr<const Target>& target, const Vec& start,
                      std::uint64_t draws) {
  std::vector<std::unique_ptr<Chain>> chains;
  for (std::uint64_t seed = 11; seed <= 14; ++seed) {
    chains.push_back(std::make_unique<Chain>(target, "hmc", ParamValues{}, seed, start, 500, 1));
    chains.back()->run(500 + draws);
  }
  return pooled(chains, target->dim());
}

}  // namespace

int main(int argc, char** argv) {
  const double scale = argc > 1 ? std::atof(argv[1]) : 1.0;
  std::printf(
      "| regression | sampler | data passes | worst (mean − exact)/sd | sd ratio | settings |\n");
  std::printf("|---|---|---|---|---|---|\n");
  {
    const auto target = test::ewsg_issue_regression();
    const test::QuadratureMoments q = test::quadrature_moments(*target);
    compare("quad (1 179 × 2)", target, {q.mean, q.sd}, target->map(), 20000 * scale);
    // Does halving h expose the bias? At b = 1 the weights stay degenerate until h drops by the
    // noise ratio; with b from the defaults (re-derived for each h) the bias is Euler–Maruyama's.
    Chain probe(target, "ewsg", {}, 1, target->map(), 0, 1);
    const double h = probe.full_params().at("step_size");
    for (double factor : {1.0, 0.5, 0.25, 0.1}) {
      char label[64];
      std::snprintf(label, sizeof label, "ewsg b = 1, h × %g", factor);
      report("quad, halving h", label,
             run(target, "ewsg", {{"step_size", h * factor}, {"friction", 10}, {"batch_size", 1}},
                 20000 * scale, target->map()),
             {q.mean, q.sd});
      std::snprintf(label, sizeof label, "ewsg default b, h × %g", factor);
      report("quad, halving h", label,
             run(target, "ewsg", {{"step_size", h * factor}, {"friction", 10}}, 20000 * scale,
                 target->map()),
             {q.mean, q.sd});
    }
  }
  {
    const auto target = make_target({"linear", {{"n", 500}, {"d", 2}, {"seed", 5}}, "", "y"});
    const auto& linear = dynamic_cast<const LinearRegressionTarget&>(*target);
    compare(
        "linear (500 × 3)", target,
        {linear.exact_posterior_mean(), linear.exact_posterior_covariance().diagonal().cwiseSqrt()},
        linear.exact_posterior_mean(), 20000 * scale);
  }
  const std::string stan = std::string(SGL_SOURCE_DIR) + "/tests/data/stan/";
  for (const auto& [name, file] : std::vector<std::pair<const char*, const char*>>{
           {"pima (532 × 8, real; Stan)", "pima"},
           {"breast cancer (569 × 31, real; Stan)", "breast_cancer"}}) {
    const auto target = make_target({"logistic", {{"prior_sd", 10.0}}, stan + file + ".csv", "y"});
    compare(name, target, stan_reference(stan + file + "_stan.tsv"), *target->posterior_mode(),
            20000 * scale);
  }
  for (const auto& [name, n, d, passes, draws] :
       std::vector<std::tuple<const char*, int, int, double, std::uint64_t>>{
           {"tall (100 000 × 6)", 100000, 5, 300, 2000}}) {
    const auto target = make_target({"logistic", {{"n", n}, {"d", d}, {"seed", 1}}, "", "y"});
    const Vec start = *target->posterior_mode();
    compare(name, target, hmc_reference(target, start, draws), start, passes * scale);
  }
}
