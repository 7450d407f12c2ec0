#include "core/diagnostics/ess.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/diagnostics/autocorrelation.hpp"

namespace sgl {

EssResult effective_sample_size(const double* x, std::size_t n) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  if (n < 4) return {0.0, kInf};
  if (!std::all_of(x, x + n, [](double v) { return std::isfinite(v); })) return {kNaN, kNaN};
  if (std::all_of(x, x + n, [&](double v) { return v == x[0]; })) return {0.0, kInf};

  const std::vector<double> acf = autocorrelation(x, n, n - 1);
  const double bias = 1.0 / static_cast<double>(n - 1);
  const auto rho = [&](std::size_t t) { return acf[t] - bias; };

  // Index names and loop bounds follow Stan's code so the two can be compared line by line.
  std::vector<double> rho_hat(n, 0.0);
  double rho_hat_even = 1.0;
  double rho_hat_odd = rho(1);
  rho_hat[0] = rho_hat_even;
  rho_hat[1] = rho_hat_odd;
  std::size_t s = 1;
  while (s < n - 4 && rho_hat_even + rho_hat_odd > 0.0) {
    rho_hat_even = rho(s + 1);
    rho_hat_odd = rho(s + 2);
    if (rho_hat_even + rho_hat_odd >= 0.0) {
      rho_hat[s + 1] = rho_hat_even;
      rho_hat[s + 2] = rho_hat_odd;
    }
    s += 2;
  }
  const std::size_t max_s = s;
  if (rho_hat_even > 0.0) rho_hat[max_s + 1] = rho_hat_even;

  for (std::size_t t = 1; t + 3 <= max_s; t += 2) {
    const double previous_pair = rho_hat[t - 1] + rho_hat[t];
    if (rho_hat[t + 1] + rho_hat[t + 2] > previous_pair) {
      rho_hat[t + 1] = previous_pair / 2.0;
      rho_hat[t + 2] = rho_hat[t + 1];
    }
  }

  double head_sum = 0.0;
  for (std::size_t t = 0; t < max_s; ++t) head_sum += rho_hat[t];
  const double tau_hat = -1.0 + 2.0 * head_sum + rho_hat[max_s + 1];

  const double draws = static_cast<double>(n);
  const double iat = std::max(tau_hat, 1.0 / std::log10(draws));
  return {draws / iat, iat};
}

EssResult effective_sample_size(const std::vector<double>& x) {
  return effective_sample_size(x.data(), x.size());
}

}  // namespace sgl
