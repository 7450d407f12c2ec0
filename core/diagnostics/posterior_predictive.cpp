#include "core/diagnostics/posterior_predictive.hpp"

#include <algorithm>

namespace sgl {
namespace {

// The q-quantile of sorted values by linear interpolation between order statistics (R type 7).
double sorted_quantile(const std::vector<double>& sorted, double q) {
  const double position = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(position);
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double w = position - static_cast<double>(below);
  return (1.0 - w) * sorted[below] + w * sorted[above];
}

}  // namespace

PredictiveBands predictive_bands(const PredictiveModel& model, const double* draws,
                                 std::size_t rows, int dim, const PredictiveModel::Matrix& at,
                                 std::size_t max_draws) {
  PredictiveBands bands;
  const auto points = static_cast<std::size_t>(at.rows());
  const std::size_t used = std::min(rows, std::max<std::size_t>(max_draws, 1));
  if (used == 0 || points == 0) return bands;
  // predictions(d, p): draw d's prediction at input p.
  Eigen::MatrixXd predictions(static_cast<Eigen::Index>(used), at.rows());
  for (std::size_t d = 0; d < used; ++d) {
    // Evenly spread, counted back from the newest row so that it is always among them.
    const std::size_t row = rows - 1 - (d * rows) / used;
    const PredictiveModel::Matrix f =
        model.predict(draws + row * static_cast<std::size_t>(dim), at);
    predictions.row(static_cast<Eigen::Index>(d)) = f.col(0).transpose();
  }
  bands.draws = used;
  for (auto* series : {&bands.mean, &bands.q05, &bands.q25, &bands.q75, &bands.q95})
    series->resize(points);
  std::vector<double> values(used);
  for (std::size_t p = 0; p < points; ++p) {
    const auto column = predictions.col(static_cast<Eigen::Index>(p));
    for (std::size_t d = 0; d < used; ++d) values[d] = column[static_cast<Eigen::Index>(d)];
    bands.mean[p] = column.mean();
    std::sort(values.begin(), values.end());
    bands.q05[p] = sorted_quantile(values, 0.05);
    bands.q25[p] = sorted_quantile(values, 0.25);
    bands.q75[p] = sorted_quantile(values, 0.75);
    bands.q95[p] = sorted_quantile(values, 0.95);
  }
  return bands;
}

}  // namespace sgl
