// Stability arithmetic for the GUI's sliders: how large a step or a friction can be before the
// linearised dynamics on the target's stiffest direction (curvature λ_max) blow up, the hint
// shown under a chain's sliders, and slider ranges derived from those limits so that a small
// drag moves a parameter by a small factor instead of sending it past the limit.
//
// On U = ½λθ² each sampler is a linear map of (θ, r); it is stable when its spectral radius is
// below 1 (Jury's conditions):
//   leapfrog (hmc, naive-sghmc):            ε²λ < 4, i.e. ε < 2/√λ
//   SGHMC  θ += εr; r = (1 − εC)r − ελθ:    εC < 2 and 2εC + ε²λ < 4
//   SGHMC, SGD form (v = εr, η = ε², α = εC): α < 2 and 2α + ηλ < 4, i.e. η < (4 − 2α)/λ
//   SGLD   θ −= (ε/2)λθ:                    ε < 4/λ
//   EWSG (Euler–Maruyama, both updates read the old state)
//          θ += hr; r = (1 − hγ)r − hλθ:    hγ < 2 and hλ < γ (for every λ in (0, λ_max]:
//          the eigenvalues solve z² − (2 − hγ)z + 1 − hγ + h²λ = 0; their product 1 − hγ + h²λ
//          must stay below 1, and the flat directions (λ → 0) leave z = 1 − hγ)
//   HMC-ECS (leapfrog with mass M):         ε < 2/√λ_max(M⁻¹H); with mass=hessian M is the
//          Laplace Hessian H at θ*, so λ_max(M⁻¹H) = 1 there and ε < 2 on every target
// Without a known λ_max only the curvature-free part remains (SGHMC: εC < 2, EWSG: hγ < 2).
// A sampler declares its model in its own file (SamplerInfo::traits.stability): one of the shared
// models below, or its own pair of functions.
#pragma once

#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/util/params.hpp"

namespace sgl {

double max_stable_leapfrog_step(double lambda_max);  // 2/√λ
double max_stable_langevin_step(double lambda_max);  // 4/λ
// Largest ε with εC < 2 and 2εC + ε²λ < 4: (√(C² + 4λ) − C)/λ (2/C without λ; +∞ if neither).
double max_stable_sghmc_step(double friction, std::optional<double> lambda_max);
// Largest C at step ε: min(2/ε, (4 − ε²λ)/(2ε)) (≤ 0 when ε alone is already unstable).
double max_stable_sghmc_friction(double step_size, std::optional<double> lambda_max);
// SGHMC in SGD form: largest η with 2α + ηλ < 4, (4 − 2α)/λ (≤ 0 when α ≥ 2).
double max_stable_sghmc_sgd_learning_rate(double momentum_decay, double lambda_max);

// EWSG's Euler–Maruyama: largest h with hγ < 2 and hλ_max < γ, i.e. min(2/γ, γ/λ) (2/γ without
// λ; +∞ if γ ≤ 0 and no λ, though γ = 0 itself is never stable with curvature).
double max_stable_euler_langevin_step(double friction, std::optional<double> lambda_max);
// The stable frictions at step h form the band (hλ_max, 2/h); empty when h²λ_max ≥ 2.
struct FrictionBand {
  double lo = 0.0;
  double hi = 0.0;
};
FrictionBand stable_euler_langevin_frictions(double step_size, std::optional<double> lambda_max);
// HMC-ECS: 2 with the Hessian mass (λ_max(M⁻¹H) = 1 at θ*), else 2/√λ_max; nullopt if unknown.
std::optional<double> max_stable_mass_leapfrog_step(bool hessian_mass,
                                                    std::optional<double> lambda_max);

// TooSmall: a step far below its limit (under 1% of it): stable, but the chain barely moves, so
// a green "ok" would read as "all is well" beside a histogram that is one spike.
enum class StabilityLevel { Stable, Marginal, Unstable, TooSmall };

// One line under a chain's sliders, e.g. "εC = 0.1 (stable below 2)".
struct StabilityHint {
  std::string text;
  StabilityLevel level = StabilityLevel::Stable;
  // How much of the limit the settings use (0.14 = 14%; ≥ 1 unstable); NaN where the hint is a
  // sentence with no limit (SGHMC's C = 0). The window leads with it in plain words and keeps
  // the formula for the tooltip.
  double used = std::numeric_limits<double>::quiet_NaN();
};

// Unstable 3, near the limit 2, too small 1, ok 0: which of two levels is shown.
int stability_severity(StabilityLevel level);

// Hints for a sampler with its full parameter values; empty for samplers without a known rule.
std::vector<StabilityHint> stability_hints(const std::string& sampler_id, const ParamValues& full,
                                           std::optional<double> lambda_max);

// The hints in plain words for the window, formulas left out: the limited hints become one line
// about the one nearest trouble ("at 14% of the stable limit", "3.2× the stable limit", "0.3% of
// the stable limit: the chain barely moves"), sentences (C = 0) are kept as they are. The text
// goes after the level's word ("ok: ", "UNSTABLE: ").
std::vector<StabilityHint> plain_stability_lines(const std::vector<StabilityHint>& hints);

struct SliderRange {
  double lo = 0.0;
  double hi = 1.0;
  bool logarithmic = true;
  // The slider's left end means 0 (SGHMC's friction C: a log slider cannot reach 0 otherwise,
  // and C = 0 is the failure a class wants to see).
  bool zero_at_bottom = false;
  // Ends that are hard constraints from the other parameters (B̂ ≤ C), not stability guides:
  // the window moves them with the other sliders, while a guide's end stays where the slider
  // was first drawn, so a handle does not jump when another slider moves.
  bool lo_is_constraint = false;
  bool hi_is_constraint = false;
  // Why a constrained left end is where it is, for the slider's tooltip (a newcomer could not
  // drag SGHMC's friction below 0.2 and was not told it was B̂).
  std::string lo_reason{};
  // The same in a few words, shown under the slider while it sits at that end ("C stops at
  // B̂ = 0.2: lower B̂ to go on"): a newcomer dragging C down did not hover for the tooltip.
  std::string lo_note{};
};

// A sampler's stability model: its hints and the slider ranges derived from its limits. Null
// members: no hints / the descriptors' ranges.
struct StabilityModel {
  std::vector<StabilityHint> (*hints)(const ParamValues& full,
                                      std::optional<double> lambda_max) = nullptr;
  std::optional<SliderRange> (*slider_range)(const std::string& param, const ParamValues& full,
                                             std::optional<double> lambda_max) = nullptr;
};

// The models of the integrators above, shared by the samplers built on them.
StabilityModel leapfrog_stability();        // hmc, naive-sghmc, sgnht: ε < 2/√λ_max
StabilityModel sghmc_stability();           // sghmc, sghmc-cv: εC < 2, 2εC + ε²λ_max < 4
StabilityModel langevin_stability();        // sgld, mala, ...: ε < 4/λ_max (no schedule)
StabilityModel euler_langevin_stability();  // ewsg: hγ < 2, hλ_max < γ
StabilityModel mass_leapfrog_stability();   // hmcecs: ε < 2 with the Hessian mass
StabilityModel sghmc_sgd_stability();       // sghmc-sgd: η < (4 − 2α)/λ_max

// SGHMC's friction C set below its noise estimate B̂ takes B̂ down with it (B̂ ≤ C: the injected
// noise's variance is 2(C − B̂)ε), so that C reaches 0 in one drag (the "turn friction off" demo
// stopped at B̂ = 0.2 and needed a second slider first). Returns the new B̂ when it changed.
std::optional<double> lower_noise_estimate_to_friction(ParamValues& values);

// The slider range for one parameter given the others, or nullopt to keep the descriptor's.
std::optional<SliderRange> derived_slider_range(const std::string& sampler_id,
                                                const std::string& param, const ParamValues& full,
                                                std::optional<double> lambda_max);

}  // namespace sgl
