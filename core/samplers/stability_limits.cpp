#include "core/samplers/stability_limits.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <utility>

#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
// Sliders reach this many times the stability limit: far enough to see a chain blow up, near
// enough that the stable part fills most of the slider.
constexpr double kBeyondLimit = 3.0;
// Log sliders span this many factors of ten below their top.
constexpr double kDecades = 4.0;
// A setting using more than this fraction of its limit is shown as marginal.
constexpr double kMarginalFraction = 0.8;

bool has_curvature(std::optional<double> lambda_max) {
  return lambda_max && *lambda_max > 0.0;
}
// `mass` is a choice: 0 = identity, 1 = hessian.
bool hessian_mass(const ParamValues& values) {
  const auto it = values.find("mass");
  return it != values.end() && it->second != 0.0;
}

double value_or(const ParamValues& values, const std::string& name, double fallback) {
  const auto it = values.find(name);
  return it != values.end() ? it->second : fallback;
}

std::string format(double value) {
  std::ostringstream out;
  out.precision(3);
  out << value;
  return out.str();
}

// A step under this fraction of its stable limit is flagged as too small to mix.
constexpr double kTooSmallFraction = 0.01;

StabilityLevel level_for(double used_fraction) {
  if (!(used_fraction < 1.0)) return StabilityLevel::Unstable;  // also NaN
  return used_fraction > kMarginalFraction ? StabilityLevel::Marginal : StabilityLevel::Stable;
}

// A hint on a quantity that uses `used_fraction` of its limit.
StabilityHint limit_hint(std::string text, double used_fraction) {
  return {std::move(text), level_for(used_fraction), used_fraction};
}

// ε against a largest stable step `limit` derived from the curvature (`rule`, e.g. "2/√λ_max").
StabilityHint step_hint(double step, double limit, const std::string& rule) {
  // The number before the formula, so it is read first on a narrow panel.
  const bool tiny = step / limit < kTooSmallFraction;
  return {"ε = " + format(step) + " (limit " + format(limit) + " = " + rule + ")" +
              (tiny ? ": far below the limit, the chain barely moves (raise ε)" : ""),
          tiny ? StabilityLevel::TooSmall : level_for(step / limit), step / limit};
}

SliderRange decades_below(double hi) {
  return {hi * std::pow(10.0, -kDecades), hi, true};
}

}  // namespace

double max_stable_leapfrog_step(double lambda_max) {
  return 2.0 / std::sqrt(lambda_max);
}

double max_stable_langevin_step(double lambda_max) {
  return 4.0 / lambda_max;
}

double max_stable_sghmc_step(double friction, std::optional<double> lambda_max) {
  if (lambda_max && *lambda_max > 0.0)
    return (std::sqrt(friction * friction + 4.0 * *lambda_max) - friction) / *lambda_max;
  return friction > 0.0 ? 2.0 / friction : kInfinity;
}

double max_stable_sghmc_friction(double step_size, std::optional<double> lambda_max) {
  if (step_size <= 0.0) return kInfinity;
  double limit = 2.0 / step_size;
  if (lambda_max && *lambda_max > 0.0)
    limit = std::min(limit, (4.0 - step_size * step_size * *lambda_max) / (2.0 * step_size));
  return limit;
}

double max_stable_sghmc_sgd_learning_rate(double momentum_decay, double lambda_max) {
  return (4.0 - 2.0 * momentum_decay) / lambda_max;
}

double max_stable_euler_langevin_step(double friction, std::optional<double> lambda_max) {
  double limit = friction > 0.0 ? 2.0 / friction : kInfinity;
  if (has_curvature(lambda_max)) limit = std::min(limit, std::max(friction, 0.0) / *lambda_max);
  return limit;
}

FrictionBand stable_euler_langevin_frictions(double step_size, std::optional<double> lambda_max) {
  if (step_size <= 0.0) return {0.0, kInfinity};
  return {has_curvature(lambda_max) ? step_size * *lambda_max : 0.0, 2.0 / step_size};
}

std::optional<double> max_stable_mass_leapfrog_step(bool hessian_mass,
                                                    std::optional<double> lambda_max) {
  if (hessian_mass) return 2.0;
  if (has_curvature(lambda_max)) return max_stable_leapfrog_step(*lambda_max);
  return std::nullopt;
}

namespace {

using Hints = std::vector<StabilityHint>;
using Range = std::optional<SliderRange>;

Hints leapfrog_hints(const ParamValues& full, std::optional<double> lambda_max) {
  if (!lambda_max) return {};
  return {step_hint(value_or(full, "step_size", 0.0), max_stable_leapfrog_step(*lambda_max),
                    "2/√λ_max")};
}
Range leapfrog_range(const std::string& param, const ParamValues& full,
                     std::optional<double> lambda_max) {
  if (param != "step_size" || !has_curvature(lambda_max)) return std::nullopt;
  return decades_below(std::max(kBeyondLimit * max_stable_leapfrog_step(*lambda_max),
                                value_or(full, "step_size", 0.0)));
}

Hints sghmc_hints(const ParamValues& full, std::optional<double> lambda_max) {
  Hints hints;
  const double step = value_or(full, "step_size", 0.0);
  const double friction = value_or(full, "friction", 0.0);
  const double ec = step * friction;
  // Stable as an integrator, wrong as a sampler: said in plain words. (The text is copied from a
  // string built once: GCC 12's -Warray-bounds misread the move of a hint built from the literal
  // where Eigen's header is precompiled.)
  if (friction == 0.0) {
    static const std::string kNoFriction =
        "C = 0: no friction, so nothing removes the energy the gradient noise "
        "adds: the chain heats up and its spread keeps growing (Chen et al. "
        "§3.1); raise C to fix it";
    hints.push_back({kNoFriction, StabilityLevel::Unstable});
  } else {
    hints.push_back(limit_hint("εC = " + format(ec) + " (limit 2)", ec / 2.0));
  }
  if (lambda_max) {
    const double margin = 2.0 * ec + step * step * *lambda_max;
    hints.push_back(limit_hint("2εC+ε²λ_max = " + format(margin) + " (limit 4)", margin / 4.0));
  }
  return hints;
}
Range sghmc_range(const std::string& param, const ParamValues& full,
                  std::optional<double> lambda_max) {
  const double step = value_or(full, "step_size", 0.0);
  const double friction = value_or(full, "friction", 0.0);
  if (param == "friction" && step > 0.0) {
    SliderRange range = decades_below(std::max(kBeyondLimit * 2.0 / step, friction));
    // C = 0 (no friction) at the left end, with or without a noise estimate: below B̂ the window
    // takes B̂ down with C (lower_noise_estimate_to_friction).
    range.zero_at_bottom = true;
    return range;
  }
  if (param == "noise_estimate")  // B̂ must not exceed C; 0 (the default) stays reachable
    return SliderRange{0.0, std::max(friction, 1e-9), friction > 0.0, false, false, true};
  if (param == "step_size") {
    const double limit = max_stable_sghmc_step(friction, lambda_max);
    if (std::isfinite(limit)) return decades_below(std::max(kBeyondLimit * limit, step));
  }
  return std::nullopt;
}

// A step-size schedule (schedule_a > 0) changes ε over the run, so no single limit applies.
Hints langevin_hints(const ParamValues& full, std::optional<double> lambda_max) {
  if (!lambda_max || value_or(full, "schedule_a", 0.0) > 0.0) return {};
  return {step_hint(value_or(full, "step_size", 0.0), max_stable_langevin_step(*lambda_max),
                    "4/λ_max")};
}
Range langevin_range(const std::string& param, const ParamValues& full,
                     std::optional<double> lambda_max) {
  if (param != "step_size" || !has_curvature(lambda_max)) return std::nullopt;
  return decades_below(std::max(kBeyondLimit * max_stable_langevin_step(*lambda_max),
                                value_or(full, "step_size", 0.0)));
}

Hints euler_langevin_hints(const ParamValues& full, std::optional<double> lambda_max) {
  Hints hints;
  const double step = value_or(full, "step_size", 0.0);
  const double friction = value_or(full, "friction", 0.0);
  const double hg = step * friction;
  hints.push_back(limit_hint("hγ = " + format(hg) + " (limit 2)", hg / 2.0));
  if (has_curvature(lambda_max)) {
    // Explicit Euler gains energy on stiff directions unless the friction drains it: more
    // friction (up to 2/h) stabilises, unlike SGHMC.
    const double ratio = friction > 0.0 ? step * *lambda_max / friction : kInfinity;
    hints.push_back(limit_hint("hλ_max/γ = " + format(ratio) + " (limit 1)", ratio));
  }
  return hints;
}
Range euler_langevin_range(const std::string& param, const ParamValues& full,
                           std::optional<double> lambda_max) {
  const double step = value_or(full, "step_size", 0.0);
  const double friction = value_or(full, "friction", 0.0);
  if (param == "friction" && step > 0.0)
    return decades_below(
        std::max(kBeyondLimit * stable_euler_langevin_frictions(step, lambda_max).hi, friction));
  if (param == "step_size") {
    const double limit = max_stable_euler_langevin_step(friction, lambda_max);
    if (std::isfinite(limit) && limit > 0.0)
      return decades_below(std::max(kBeyondLimit * limit, step));
  }
  return std::nullopt;
}

Hints mass_leapfrog_hints(const ParamValues& full, std::optional<double> lambda_max) {
  const double step = value_or(full, "step_size", 0.0);
  // With the Hessian mass every direction of M⁻¹H has curvature ≈ 1 at θ*: the limit is 2 on
  // any target, which is the point of that mass.
  if (hessian_mass(full))
    return {limit_hint("ε = " + format(step) + " (limit 2 with the Hessian mass)", step / 2.0)};
  if (const auto limit = max_stable_mass_leapfrog_step(false, lambda_max))
    return {step_hint(step, *limit, "2/√λ_max")};
  return {};
}
Range mass_leapfrog_range(const std::string& param, const ParamValues& full,
                          std::optional<double> lambda_max) {
  if (param != "step_size") return std::nullopt;
  const auto limit = max_stable_mass_leapfrog_step(hessian_mass(full), lambda_max);
  if (!limit) return std::nullopt;
  return decades_below(std::max(kBeyondLimit * *limit, value_or(full, "step_size", 0.0)));
}

Hints sghmc_sgd_hints(const ParamValues& full, std::optional<double> lambda_max) {
  if (!has_curvature(lambda_max)) return {};
  const double rate = value_or(full, "learning_rate", 0.0);
  const double limit =
      max_stable_sghmc_sgd_learning_rate(value_or(full, "momentum_decay", 0.0), *lambda_max);
  return {limit_hint("η = " + format(rate) + " (limit " + format(limit) + " = (4−2α)/λ_max)",
                     rate / limit)};
}
Range sghmc_sgd_range(const std::string& param, const ParamValues& full,
                      std::optional<double> lambda_max) {
  if (param == "noise_estimate")  // β̂ must stay below α; 0 (the default) stays reachable
    return SliderRange{
        0.0, std::max(value_or(full, "momentum_decay", 0.0), 1e-9), false, false, false, true};
  if (param != "learning_rate" || !has_curvature(lambda_max)) return std::nullopt;
  const double rate = value_or(full, "learning_rate", 0.0);
  const double limit =
      max_stable_sghmc_sgd_learning_rate(value_or(full, "momentum_decay", 0.0), *lambda_max);
  return decades_below(std::max(kBeyondLimit * limit, rate));
}

StabilityModel model_of(const std::string& sampler_id) {
  const SamplerInfo* info = find_sampler_info(sampler_id);
  return info != nullptr ? info->traits.stability : StabilityModel{};
}

}  // namespace

StabilityModel leapfrog_stability() {
  return {leapfrog_hints, leapfrog_range};
}
StabilityModel sghmc_stability() {
  return {sghmc_hints, sghmc_range};
}
StabilityModel langevin_stability() {
  return {langevin_hints, langevin_range};
}
StabilityModel euler_langevin_stability() {
  return {euler_langevin_hints, euler_langevin_range};
}
StabilityModel mass_leapfrog_stability() {
  return {mass_leapfrog_hints, mass_leapfrog_range};
}
StabilityModel sghmc_sgd_stability() {
  return {sghmc_sgd_hints, sghmc_sgd_range};
}

std::vector<StabilityHint> stability_hints(const std::string& sampler_id, const ParamValues& full,
                                           std::optional<double> lambda_max) {
  const StabilityModel model = model_of(sampler_id);
  return model.hints != nullptr ? model.hints(full, lambda_max) : Hints{};
}

int stability_severity(StabilityLevel level) {
  switch (level) {
    case StabilityLevel::Unstable:
      return 3;
    case StabilityLevel::Marginal:
      return 2;
    case StabilityLevel::TooSmall:
      return 1;
    case StabilityLevel::Stable:
      break;
  }
  return 0;
}

namespace {

std::string share_of_limit(double used) {
  char text[64];
  const double percent = 100.0 * used;
  if (used >= 1.0)
    std::snprintf(text, sizeof text, "%.1f× the stable limit", used);
  else if (percent >= 1.0)
    std::snprintf(text, sizeof text, "%.0f%% of the stable limit", percent);
  else  // one significant figure: 0.03%, not 0.0%
    std::snprintf(text, sizeof text, "%.1g%% of the stable limit", percent);
  return text;
}

}  // namespace

std::vector<StabilityHint> plain_stability_lines(const std::vector<StabilityHint>& hints) {
  std::vector<StabilityHint> lines;
  const StabilityHint* worst = nullptr;
  for (const StabilityHint& hint : hints) {
    if (std::isnan(hint.used)) {
      lines.push_back(hint);
    } else if (worst == nullptr ||
               stability_severity(hint.level) > stability_severity(worst->level) ||
               (hint.level == worst->level && hint.used > worst->used)) {
      worst = &hint;
    }
  }
  if (worst != nullptr) {
    std::string text = (worst->used < 1.0 ? "at " : "") + share_of_limit(worst->used);
    if (worst->level == StabilityLevel::TooSmall) text += ": the chain barely moves";
    lines.push_back({std::move(text), worst->level, worst->used});
  }
  return lines;
}

std::optional<double> lower_noise_estimate_to_friction(ParamValues& values) {
  const auto friction = values.find("friction");
  const auto estimate = values.find("noise_estimate");
  if (friction == values.end() || estimate == values.end() || estimate->second <= friction->second)
    return std::nullopt;
  estimate->second = friction->second;
  return estimate->second;
}

std::optional<SliderRange> derived_slider_range(const std::string& sampler_id,
                                                const std::string& param, const ParamValues& full,
                                                std::optional<double> lambda_max) {
  // The common gradient-noise parameter (common_params.hpp): V = 4 in Chen et al.; the top grows
  // with the current value so typed values stay reachable.
  if (param == "noise_var")
    return SliderRange{0.01, std::max(100.0, value_or(full, "noise_var", 0.0)), true};
  const StabilityModel model = model_of(sampler_id);
  return model.slider_range != nullptr ? model.slider_range(param, full, lambda_max) : std::nullopt;
}

}  // namespace sgl
