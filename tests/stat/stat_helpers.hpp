// Shared pieces of the statistical tests: run a chain, and estimate E[f] with its Monte Carlo
// standard error (sd / √ESS, ESS by Geyer's initial monotone sequence).
#pragma once

#include <cmath>
#include <functional>
#include <memory>
#include <vector>

#include "diagnostics/ess.hpp"
#include "diagnostics/running_moments.hpp"
#include "run/chain.hpp"
#include "targets/target_registry.hpp"

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

}  // namespace sgl::test
