// The posterior predictive of a predictive model (core/targets/predictive_model.hpp) over a
// chain's draws: at each input, the mean prediction and the 50% and 90% central bands of the
// prediction across draws. The Predictive view draws it; headless, so it is tested headless.
#pragma once

#include <cstddef>
#include <vector>

#include "core/targets/predictive_model.hpp"

namespace sgl {

struct PredictiveBands {
  // One entry per input row: the mean over draws of the prediction (output column 0), and its
  // 5%, 25%, 75% and 95% quantiles (linear interpolation between order statistics).
  std::vector<double> mean, q05, q25, q75, q95;
  std::size_t draws = 0;  // draws used
};

// `draws`: rows × dim, row-major (a snapshot's recent θ). When rows > max_draws, max_draws rows
// evenly spread over them, the newest included. `at`: the inputs, one per row.
PredictiveBands predictive_bands(const PredictiveModel& model, const double* draws,
                                 std::size_t rows, int dim, const PredictiveModel::Matrix& at,
                                 std::size_t max_draws);

}  // namespace sgl
