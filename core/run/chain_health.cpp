#include "core/run/chain_health.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/run/draw_store.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Whole percent, never rounded to 100% or 0% when it is not: "over 99%", "under 1%".
std::string percent(double share) {
  if (share > 0.99 && share < 1.0) return "over 99%";
  if (share > 0.0 && share < 0.01) return "under 1%";
  char text[32];
  std::snprintf(text, sizeof text, "%.0f%%", 100.0 * share);
  return text;
}

// "3·10⁵" style, readable at a glance: one significant digit and a power of ten.
std::string rough_count(double value) {
  if (!std::isfinite(value)) return "forever";
  if (value < 1e4) return std::to_string(static_cast<long long>(std::round(value)));
  const int exponent = static_cast<int>(std::floor(std::log10(value)));
  const double mantissa = std::round(value / std::pow(10.0, exponent));
  char text[24];
  std::snprintf(text, sizeof text, "%.0f×", mantissa);
  return text + power_of_ten(exponent);
}

}  // namespace

double crossing_steps(const RecentMotion& motion) {
  double best = kInfinity;
  for (std::size_t c = 0; c < motion.step_fraction.size(); ++c) {
    const double step = motion.step_fraction[c];
    const double spread = c < motion.spread_fraction.size() ? motion.spread_fraction[c] : 0.0;
    const double diffusive = step > 0.0 ? 1.0 / (step * step) : kInfinity;
    const double directed = spread > 0.0 ? double(motion.steps) / (spread * spread) : kInfinity;
    best = std::min(best, std::min(diffusive, directed));
  }
  return best;
}

ChainHealth assess_chain_health(const SamplerCounters& segment, bool uses_mh,
                                const RecentMotion& motion) {
  ChainHealth health;
  if (segment.steps < kHealthMinSteps) return health;  // too early to say
  const std::uint64_t attempts =
      uses_mh && segment.mh_proposals > 0 ? segment.mh_proposals : segment.steps;
  if (double(segment.divergences) >= kUnstableDivergenceShare * double(attempts)) {
    health.state = ChainHealthState::Unstable;
    health.finding =
        segment.divergences >= attempts
            ? "every trajectory diverges"
            : percent(double(segment.divergences) / double(attempts)) + " of trajectories diverge";
    return health;
  }
  if (uses_mh && motion.draws >= kHealthMinSteps && motion.accepted_share >= 0.0 &&
      motion.accepted_share < kStuckAcceptance) {
    health.state = ChainHealthState::Stuck;
    health.finding = motion.accepted_share == 0.0
                         ? "every proposal is rejected"
                         : "only " + percent(motion.accepted_share) + " of proposals accepted";
    return health;
  }
  if (motion.steps >= kHealthMinSteps && motion.draws >= 2) {
    const double crossing = crossing_steps(motion);
    if (crossing > kTooSlowCrossingSteps) {
      health.state = ChainHealthState::TooSlow;
      health.finding = std::isfinite(crossing)
                           ? "it needs ~" + rough_count(crossing) + " steps to cross the target"
                           : "it does not move";
    }
  }
  return health;
}

const char* chain_health_word(ChainHealthState state) {
  switch (state) {
    case ChainHealthState::Unstable:
      return "unstable";
    case ChainHealthState::Stuck:
      return "stuck";
    case ChainHealthState::TooSlow:
      return "too slow";
    case ChainHealthState::Ok:
      break;
  }
  return "";
}

std::string chain_health_message(const std::string& chain_label, const ChainHealth& health,
                                 const std::vector<ParamDescriptor>& descriptors,
                                 const ParamValues& previous, const ParamValues& current) {
  if (health.state == ChainHealthState::Ok) return {};
  std::string change, advice;
  int changed = 0;
  for (const ParamDescriptor& descriptor : descriptors) {
    const auto old_it = previous.find(descriptor.name);
    const auto new_it = current.find(descriptor.name);
    const double old_value = old_it != previous.end() ? old_it->second : descriptor.default_value;
    const double new_value = new_it != current.end() ? new_it->second : descriptor.default_value;
    if (old_value == new_value) continue;
    if (++changed > 1) change += ", ";
    change += descriptor.label + " = " + format_param_value(descriptor, new_value);
    // Undo the direction of the change: the label's last word is its symbol ("ε", "C").
    const std::string symbol = descriptor.label.substr(descriptor.label.rfind(' ') + 1);
    advice = (new_value > old_value ? "lower " : "raise ") + symbol;
  }
  if (changed == 0) change = "its settings";
  if (changed != 1) advice = "change its settings";
  std::string verdict;
  switch (health.state) {
    case ChainHealthState::Unstable:
      verdict = changed == 0 ? " are unstable: " : " is unstable: ";
      break;
    case ChainHealthState::Stuck:
      verdict = changed == 0 ? " leave it stuck: " : " leaves it stuck: ";
      break;
    default:
      verdict = changed == 0 ? " are far too slow: " : " is far too slow: ";
      break;
  }
  if (changed > 0) advice += " or press Ctrl+Z";
  return chain_label + ": " + change + verdict + health.finding + " — " + advice;
}

RecentMotion recent_motion(const DrawStore& draws, std::uint64_t segment_start,
                           const std::vector<double>& widths, std::size_t max_draws) {
  RecentMotion motion;
  const std::size_t size = draws.size();
  std::size_t first = size - std::min(size, max_draws);
  while (first < size && draws.iteration(first) <= segment_start) ++first;
  const std::size_t count = size - first;
  motion.draws = count;
  const int dim = draws.dim();
  motion.step_fraction.assign(static_cast<std::size_t>(dim), 0.0);
  motion.spread_fraction.assign(static_cast<std::size_t>(dim), 0.0);
  if (count == 0) return motion;
  motion.steps = draws.iteration(size - 1) - draws.iteration(first);
  std::size_t accepted = 0;
  for (std::size_t i = first; i < size; ++i) accepted += draws.accepted(i) ? 1 : 0;
  motion.accepted_share = double(accepted) / double(count);
  if (count < 2) return motion;
  for (int coord = 0; coord < dim; ++coord) {
    const auto c = static_cast<std::size_t>(coord);
    const double width = c < widths.size() && widths[c] > 0.0 ? widths[c] : 1.0;
    double mean = 0.0, squares = 0.0, moves = 0.0;
    for (std::size_t i = first; i < size; ++i) mean += draws.theta(i, coord);
    mean /= double(count);
    for (std::size_t i = first; i < size; ++i) {
      const double value = draws.theta(i, coord);
      squares += (value - mean) * (value - mean);
      if (i > first) {
        const double move = value - draws.theta(i - 1, coord);
        const double gap = double(draws.iteration(i) - draws.iteration(i - 1));
        moves += move * move / std::max(gap, 1.0);  // per step, also for thinned draws
      }
    }
    const double step_rms = std::sqrt(moves / double(count - 1));
    const double spread = std::sqrt(squares / double(count));
    // A chain that blew up (NaN, ±∞) has not "barely moved": leave that to the divergence count.
    motion.step_fraction[c] = std::isfinite(step_rms) ? step_rms / width : kInfinity;
    motion.spread_fraction[c] = std::isfinite(spread) ? spread / width : kInfinity;
  }
  return motion;
}

}  // namespace sgl
