#include "core/diagnostics/convergence.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <numbers>
#include <numeric>

#include "core/diagnostics/autocorrelation.hpp"

namespace sgl {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
using Chains = std::vector<std::vector<double>>;

bool all_finite(const Chains& chains) {
  for (const auto& chain : chains)
    for (double v : chain)
      if (!std::isfinite(v)) return false;
  return true;
}

bool constant(const Chains& chains) {
  const double first = chains.front().front();
  for (const auto& chain : chains)
    for (double v : chain)
      if (v != first) return false;
  return true;
}

double mean_of(const std::vector<double>& x) {
  return std::accumulate(x.begin(), x.end(), 0.0) / double(x.size());
}

// Sample variance with n − 1 (R's var).
double variance_of(const std::vector<double>& x) {
  const double m = mean_of(x);
  double sum = 0.0;
  for (double v : x) sum += (v - m) * (v - m);
  return sum / double(x.size() - 1);
}

// posterior's split_chains: halves 1..⌊N/2⌋ and ⌈N/2 + 1⌉..N (an odd middle draw is dropped).
Chains split_chains(const Chains& chains) {
  Chains halves;
  for (const auto& chain : chains) {
    const std::size_t n = chain.size();
    const std::size_t first_end = n / 2;
    const std::size_t second_begin = n - n / 2;
    halves.emplace_back(chain.begin(), chain.begin() + std::ptrdiff_t(first_end));
    halves.emplace_back(chain.begin() + std::ptrdiff_t(second_begin), chain.end());
  }
  return halves;
}

// Ranks of all draws pooled (ties averaged), mapped to normal scores Φ⁻¹((r − 3/8)/(S + 1/4)).
Chains z_scale(const Chains& chains) {
  std::vector<double> pooled;
  for (const auto& chain : chains) pooled.insert(pooled.end(), chain.begin(), chain.end());
  const std::size_t total = pooled.size();
  std::vector<std::size_t> order(total);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return pooled[a] < pooled[b]; });
  std::vector<double> rank(total);
  for (std::size_t i = 0; i < total;) {
    std::size_t j = i;
    while (j + 1 < total && pooled[order[j + 1]] == pooled[order[i]]) ++j;
    const double average = 0.5 * double(i + j) + 1.0;  // 1-based ranks i+1 .. j+1
    for (std::size_t k = i; k <= j; ++k) rank[order[k]] = average;
    i = j + 1;
  }
  Chains z;
  std::size_t index = 0;
  for (const auto& chain : chains) {
    std::vector<double> scores(chain.size());
    for (double& score : scores) {
      score = normal_quantile((rank[index] - 0.375) / (double(total) + 0.25));
      ++index;
    }
    z.push_back(std::move(scores));
  }
  return z;
}

double rhat_basic(const Chains& chains) {
  if (!all_finite(chains) || constant(chains)) return kNaN;
  const double n = double(chains.front().size());
  std::vector<double> means, variances;
  for (const auto& chain : chains) {
    means.push_back(mean_of(chain));
    variances.push_back(variance_of(chain));
  }
  const double between = n * variance_of(means);
  const double within = mean_of(variances);
  return std::sqrt((between / within + n - 1.0) / n);
}

// R's quantile(x, p) (type 7): linear interpolation between order statistics at (S − 1)p.
double quantile_type7(std::vector<double> pooled, double p) {
  std::sort(pooled.begin(), pooled.end());
  const double h = double(pooled.size() - 1) * p;
  const auto lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, pooled.size() - 1);
  return pooled[lo] + (h - double(lo)) * (pooled[hi] - pooled[lo]);
}

double tail_quantile_ess(const Chains& chains, double p) {
  std::vector<double> pooled;
  for (const auto& chain : chains) pooled.insert(pooled.end(), chain.begin(), chain.end());
  const double q = quantile_type7(std::move(pooled), p);
  Chains indicator;
  for (const auto& chain : chains) {
    std::vector<double> below(chain.size());
    for (std::size_t i = 0; i < chain.size(); ++i) below[i] = chain[i] <= q ? 1.0 : 0.0;
    indicator.push_back(std::move(below));
  }
  return multichain_ess(split_chains(indicator));
}

}  // namespace

double multichain_ess(const Chains& chains) {
  const std::size_t chain_count = chains.size();
  if (chain_count == 0) return kNaN;
  const std::size_t n = chains.front().size();
  if (n < 3 || !all_finite(chains) || constant(chains)) return kNaN;

  // Biased autocovariances per chain (divide by n), as posterior's autocovariance().
  std::vector<std::vector<double>> acov;
  std::vector<double> chain_means;
  for (const auto& chain : chains) {
    const double m = mean_of(chain);
    double squares = 0.0;
    for (double v : chain) squares += (v - m) * (v - m);
    std::vector<double> rho = autocorrelation(chain.data(), n, n - 1);
    for (double& r : rho) r *= squares / double(n);
    acov.push_back(std::move(rho));
    chain_means.push_back(m);
  }
  const auto mean_acov = [&](std::size_t t) {
    double sum = 0.0;
    for (const auto& a : acov) sum += a[t];
    return sum / double(chain_count);
  };
  const double nd = double(n);
  const double mean_var = mean_acov(0) * nd / (nd - 1.0);
  double var_plus = mean_var * (nd - 1.0) / nd;
  if (chain_count > 1) var_plus += variance_of(chain_means);

  // Geyer's initial positive sequence on ρ_t = 1 − (W − mean acov_t) / var⁺ (posterior's loop
  // bounds, 0-based t where R has t + 1).
  std::vector<double> rho_hat(n, 0.0);
  std::size_t t = 0;
  double rho_even = 1.0;
  double rho_odd = 1.0 - (mean_var - mean_acov(1)) / var_plus;
  rho_hat[0] = rho_even;
  rho_hat[1] = rho_odd;
  while (t + 5 < n && !std::isnan(rho_even + rho_odd) && rho_even + rho_odd > 0.0) {
    t += 2;
    rho_even = 1.0 - (mean_var - mean_acov(t)) / var_plus;
    rho_odd = 1.0 - (mean_var - mean_acov(t + 1)) / var_plus;
    if (rho_even + rho_odd >= 0.0) {
      rho_hat[t] = rho_even;
      rho_hat[t + 1] = rho_odd;
    }
  }
  const std::size_t max_t = t;
  if (rho_even > 0.0) rho_hat[max_t] = rho_even;

  // Geyer's initial monotone sequence.
  for (t = 0; t + 4 <= max_t;) {
    t += 2;
    const double previous = rho_hat[t - 2] + rho_hat[t - 1];
    if (rho_hat[t] + rho_hat[t + 1] > previous) {
      rho_hat[t] = previous / 2.0;
      rho_hat[t + 1] = rho_hat[t];
    }
  }

  const double draws = double(chain_count) * nd;
  double tau_hat;
  if (max_t > 0) {
    double head = 0.0;
    for (std::size_t k = 0; k < max_t; ++k) head += rho_hat[k];
    tau_hat = -1.0 + 2.0 * head + rho_hat[max_t];
  } else {
    // R's rho_hat_t[1:0] is rho_hat_t[1] alone, so posterior gets −1 + 2ρ₀ + ρ₀ here.
    tau_hat = -1.0 + 3.0 * rho_hat[0];
  }
  tau_hat = std::max(tau_hat, 1.0 / std::log10(draws));
  return draws / tau_hat;
}

ConvergenceDiagnostics convergence_diagnostics(const Chains& input) {
  ConvergenceDiagnostics result{kNaN, kNaN, kNaN};
  if (input.size() < 2) return result;
  std::size_t n = input.front().size();
  for (const auto& chain : input) n = std::min(n, chain.size());
  if (n < 4) return result;
  Chains chains;
  for (const auto& chain : input)
    chains.emplace_back(chain.begin(), chain.begin() + std::ptrdiff_t(n));
  if (!all_finite(chains)) return result;

  const Chains split = split_chains(chains);
  const Chains z = z_scale(split);
  std::vector<double> pooled;
  for (const auto& chain : chains) pooled.insert(pooled.end(), chain.begin(), chain.end());
  const double median = quantile_type7(pooled, 0.5);
  Chains folded = split;
  for (auto& chain : folded)
    for (double& v : chain) v = std::abs(v - median);
  const double rhat_bulk = rhat_basic(z);
  const double rhat_folded = rhat_basic(z_scale(folded));
  result.rhat = std::isnan(rhat_bulk)     ? rhat_folded
                : std::isnan(rhat_folded) ? rhat_bulk
                                          : std::max(rhat_bulk, rhat_folded);
  result.ess_bulk = multichain_ess(z);
  const double low = tail_quantile_ess(chains, 0.05);
  const double high = tail_quantile_ess(chains, 0.95);
  result.ess_tail = std::isnan(low) ? high : std::isnan(high) ? low : std::min(low, high);
  return result;
}

double normal_quantile(double p) {
  if (!(p > 0.0 && p < 1.0)) {
    if (p == 0.0) return -std::numeric_limits<double>::infinity();
    if (p == 1.0) return std::numeric_limits<double>::infinity();
    return kNaN;
  }
  // Acklam's rational approximation (relative error < 1.2e-9) ...
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double low = 0.02425;
  double x;
  if (p < low) {
    const double q = std::sqrt(-2.0 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  } else if (p <= 1.0 - low) {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
  } else {
    const double q = std::sqrt(-2.0 * std::log(1.0 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
  }
  // ... refined by one Halley step on Φ(x) − p, which brings it to machine precision.
  const double e = 0.5 * std::erfc(-x / std::sqrt(2.0)) - p;
  const double u = e * std::sqrt(2.0 * std::numbers::pi) * std::exp(0.5 * x * x);
  return x - u / (1.0 + 0.5 * x * u);
}

}  // namespace sgl
