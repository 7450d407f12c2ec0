// Shared pieces of the statistical tests: run a chain, and estimate E[f] with its Monte Carlo
// standard error (sd / √ESS, ESS by Geyer's initial monotone sequence).
#pragma once

#include <cmath>
#include <functional>
#include <memory>
#include <vector>

#include "core/diagnostics/ess.hpp"
#include "core/diagnostics/running_moments.hpp"
#include "core/run/chain.hpp"
#include "core/targets/linear_regression.hpp"
#include "core/targets/target_registry.hpp"

namespace sgl::test {

struct Estimate {
  double mean = 0.0;
  double mcse = 0.0;
  double ess = 0.0;
  double z(double truth) const { return (mean - truth) / mcse; }
};

inline Estimate estimate(const std::vector<double>& series) {
  RunningMoments moments;
  moments.add(series.data(), series.size());
  const double ess = effective_sample_size(series).ess;
  return {moments.mean(), moments.sd() / std::sqrt(ess), ess};
}

// E[f(θ)] over a chain's draws.
inline Estimate estimate(const Chain& chain, const std::function<double(const double*)>& f) {
  const DrawStore& draws = chain.draws();
  std::vector<double> series(draws.size());
  std::vector<double> theta(static_cast<std::size_t>(draws.dim()));
  for (std::size_t i = 0; i < draws.size(); ++i) {
    for (int c = 0; c < draws.dim(); ++c) theta[static_cast<std::size_t>(c)] = draws.theta(i, c);
    series[i] = f(theta.data());
  }
  return estimate(series);
}

inline std::unique_ptr<Chain> run_chain(std::shared_ptr<const Target> target, const std::string& id,
                                        const ParamValues& params, std::uint64_t seed,
                                        std::uint64_t steps, std::uint64_t burnin = 0,
                                        std::uint64_t thin = 1) {
  Vec init = target->default_init();
  auto chain = std::make_unique<Chain>(std::move(target), id, params, seed, init, burnin, thin);
  chain->run(burnin + steps);
  return chain;
}

// z-tests (|z| < 3.3: a false alarm in about 1 of 1000 per assertion) of every coefficient's
// mean and variance against the exact conjugate posterior of a linear regression.
inline void check_exact_linear_posterior(const Chain& chain, const LinearRegressionTarget& linear) {
  for (int c = 0; c < linear.dim(); ++c) {
    const double mean = linear.exact_posterior_mean()[c];
    const double var = linear.exact_posterior_covariance()(c, c);
    const Estimate m = estimate(chain, [c](const double* t) { return t[c]; });
    const Estimate v =
        estimate(chain, [c, mean](const double* t) { return (t[c] - mean) * (t[c] - mean); });
    INFO(chain.sampler_id() << " coefficient " << c << ": z(mean) " << m.z(mean) << ", z(variance) "
                            << v.z(var) << ", ESS " << m.ess);
    CHECK(std::abs(m.z(mean)) < 3.3);
    CHECK(std::abs(v.z(var)) < 3.3);
  }
}

}  // namespace sgl::test
