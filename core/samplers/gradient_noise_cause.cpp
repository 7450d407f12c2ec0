#include "core/samplers/gradient_noise_cause.hpp"

#include <sstream>

#include "core/gradients/minibatch_noise_ratio.hpp"

namespace sgl {

std::string gradient_noise_divergence_cause(const DataTarget& data, const double* theta,
                                            int batch_size, double step, double friction,
                                            const std::string& limits, const char* step_name) {
  const double per_datum = per_datum_gradient_variance(data, theta);
  const double ratio = langevin_noise_ratio(
      block_gradient_variance(per_datum, data.num_data(), batch_size), step, friction);
  if (!(ratio > 1.0)) return {};
  const int enough =
      batch_size_for_noise_ratio(per_datum, data.num_data(), step, friction, kDefaultNoiseRatio);
  std::ostringstream cause;
  cause.precision(3);
  cause << "gradient noise too large for b = " << batch_size << ": " << ratio
        << " times the injected noise";
  if (!limits.empty()) cause << " (the curvature limits hold: " << limits << ")";
  cause << "; raise batch_size (b = " << enough << " brings it to " << kDefaultNoiseRatio
        << ") or lower " << step_name;
  return cause.str();
}

}  // namespace sgl
