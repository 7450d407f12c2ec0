// Whether a chain is doing anything useful under its current settings, judged from what it did
// since they took effect: unstable (its trajectories diverge), stuck (an MH chain rejects almost
// every proposal, so it sits still) or far too slow (it moves a negligible part of the target's
// width, e.g. ε so small that a lecture would wait hours for the histogram). The legend strip and
// the banner over the main plot say so; the stability hints only predict it from the curvature.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/samplers/sampler_counters.hpp"
#include "core/util/params.hpp"

namespace sgl {

class DrawStore;

enum class ChainHealthState { Ok, Unstable, Stuck, TooSlow };

struct ChainHealth {
  ChainHealthState state = ChainHealthState::Ok;
  // What was seen, in plain words for the legend and the banner: "every trajectory diverges",
  // "412 of 412 proposals rejected", "moves 0.02% of the target's width in 1000 steps".
  std::string finding;
};

// The newest draws of the current settings segment, boiled down. Per coordinate, both as
// fractions of the target's width: the root-mean-square move per step, and the standard
// deviation of θ over the window (which grows with N for a chain that keeps its direction).
struct RecentMotion {
  std::uint64_t steps = 0;  // steps the window spans (first to last draw)
  std::size_t draws = 0;
  double accepted_share = -1.0;  // accepted draws / draws (MH samplers); −1 without draws
  std::vector<double> step_fraction;
  std::vector<double> spread_fraction;
};

// Steps a chain moving like `motion` needs to cross the target's width: per coordinate the
// smaller of the diffusive 1/step_fraction² and N/spread_fraction² (a chain that keeps its
// direction covers more than a random walk), and the best coordinate. ∞ when it does not move.
double crossing_steps(const RecentMotion& motion);

// Thresholds. A verdict needs this much evidence under the current settings: fewer steps (just
// after a change, or mid-drag) give Ok.
constexpr std::uint64_t kHealthMinSteps = 100;
// Unstable: at least this share of the segment's steps (MH proposals) diverged.
constexpr double kUnstableDivergenceShare = 0.5;
// Stuck: MH acceptance below this over the window.
constexpr double kStuckAcceptance = 0.02;
// Too slow: crossing_steps above this. Well-set chains on the bundled targets need 10–10⁴
// (HMC at ε = 0.1: ~40; SGLD at ε = 0.05: ~400); HMC at the ε slider's bottom (0.0002) ~2·10⁵.
constexpr double kTooSlowCrossingSteps = 1e5;

// `segment`: counters since the settings took effect (Chain::settings_counters); `uses_mh`: the
// sampler accepts or rejects, so acceptance applies; `motion`: the newest draws since then.
ChainHealth assess_chain_health(const SamplerCounters& segment, bool uses_mh,
                                const RecentMotion& motion);

// The newest `max_draws` draws of `draws` after step `segment_start`, against `widths` (the
// target's view box, per coordinate).
RecentMotion recent_motion(const DrawStore& draws, std::uint64_t segment_start,
                           const std::vector<double>& widths, std::size_t max_draws);

// The legend's word for a state: "unstable", "stuck", "too slow" ("" for Ok).
const char* chain_health_word(ChainHealthState state);

// The banner's sentence, naming the change that caused it and what to do:
// "HMC: step size ε = 2.12 is unstable: every trajectory diverges — lower ε or press Ctrl+Z".
// `previous`/`current`: the settings before and after the chain's last change (equal when it
// runs under the settings it started with: then "its settings").
std::string chain_health_message(const std::string& chain_label, const ChainHealth& health,
                                 const std::vector<ParamDescriptor>& descriptors,
                                 const ParamValues& previous, const ParamValues& current);

}  // namespace sgl
