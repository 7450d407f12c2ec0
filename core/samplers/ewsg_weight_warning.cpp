#include "core/samplers/ewsg_weight_warning.hpp"

#include <cmath>
#include <cstdio>

namespace sgl {

std::string ewsg_weight_warning(double ess_fraction) {
  if (!(ess_fraction < kEwsgDegenerateWeightFraction)) return {};
  char percent[32];
  std::snprintf(percent, sizeof percent, "%.2g%%", 100.0 * ess_fraction);
  return std::string("EWSG's index weights are degenerate (effective sample size ") + percent +
         " of the data blocks): each step follows the few data with the largest gradients, so "
         "the estimates can be biased by several posterior sd; raise batch_size or lower "
         "step_size (the regression defaults size b for this)";
}

std::string ewsg_weight_warning(const std::vector<double>& per_chain_fractions) {
  double worst = std::nan("");
  for (double fraction : per_chain_fractions)
    if (std::isfinite(fraction) && !(worst <= fraction)) worst = fraction;
  return ewsg_weight_warning(worst);
}

}  // namespace sgl
