#include "core/run/importance_summary.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

double largest_finite(const std::vector<double>& values) {
  double largest = -std::numeric_limits<double>::infinity();
  for (double v : values)
    if (std::isfinite(v)) largest = std::max(largest, v);
  return largest;
}

}  // namespace

int importance_weight_slot(const std::string& sampler_id,
                           const std::vector<ChannelDescriptor>& channels) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  if (info == nullptr || info->traits.importance_log_weight.empty()) return -1;
  for (std::size_t c = 0; c < channels.size(); ++c)
    if (channels[c].id == info->traits.importance_log_weight &&
        channels[c].kind == ChannelKind::PerDraw)
      return per_draw_slot(channels, c);
  return -1;
}

double kish_effective_sample_size(const std::vector<double>& log_weights) {
  const double reference = largest_finite(log_weights);
  if (!std::isfinite(reference)) return std::numeric_limits<double>::quiet_NaN();
  double sum = 0.0, squares = 0.0;
  for (double log_w : log_weights) {
    if (!std::isfinite(log_w)) continue;
    const double w = std::exp(log_w - reference);
    sum += w;
    squares += w * w;
  }
  return sum * sum / squares;
}

ImportanceSummary importance_summary(const std::vector<const Chain*>& chains, int slot, int dim) {
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  ImportanceSummary summary;
  std::vector<double> log_weights;
  for (const Chain* chain : chains)
    for (std::size_t i = 0; i < chain->draws().size(); ++i)
      log_weights.push_back(chain->draws().channel(i, slot));
  summary.draws = log_weights.size();
  summary.ess = kish_effective_sample_size(log_weights);
  summary.mean.assign(std::size_t(dim), kNaN);
  summary.sd.assign(std::size_t(dim), kNaN);
  const double reference = largest_finite(log_weights);
  if (!std::isfinite(reference)) return summary;
  for (int coord = 0; coord < dim; ++coord) {
    // Two passes (mean, then centred squares) keep the sd accurate when |mean| ≫ sd.
    double weight_sum = 0.0, weighted = 0.0;
    std::size_t k = 0;
    for (const Chain* chain : chains)
      for (std::size_t i = 0; i < chain->draws().size(); ++i, ++k) {
        if (!std::isfinite(log_weights[k])) continue;
        const double w = std::exp(log_weights[k] - reference);
        weight_sum += w;
        weighted += w * chain->draws().theta(i, coord);
      }
    const double mean = weighted / weight_sum;
    double squares = 0.0;
    k = 0;
    for (const Chain* chain : chains)
      for (std::size_t i = 0; i < chain->draws().size(); ++i, ++k) {
        if (!std::isfinite(log_weights[k])) continue;
        const double centred = chain->draws().theta(i, coord) - mean;
        squares += std::exp(log_weights[k] - reference) * centred * centred;
      }
    summary.mean[std::size_t(coord)] = mean;
    summary.sd[std::size_t(coord)] = std::sqrt(squares / weight_sum);
  }
  return summary;
}

}  // namespace sgl
