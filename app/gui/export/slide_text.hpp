// The words a slide export carries so that it explains itself away from the window: a title (the
// window's headline, which says what the lecture shows, and the panel's name) and a caption with
// the settings that matter (target, each chain's sampler and key settings, draws so far, seed).
// Used by File → Export's slide PNG and SVG and by a one-panel GIF recording.
#pragma once

#include <string>

#include "core/run/engine_snapshot.hpp"

namespace sgl {

// "Double well: HMC, naive SGHMC, SGHMC and SGLD against the truth — Histogram".
std::string slide_title(const std::string& headline, const std::string& panel);

// "Target: Double well · HMC: ε = 0.1, L = 20 · SGHMC: ε = 0.1, C = 1 · 12 400 draws per chain ·
// seed 1". A chain's key settings are its step size, friction and trajectory length and any other
// setting with a symbol ("noise estimate B̂") that differs from its default, at most three. The
// spaces inside an item are non-breaking (U+00A0): a wrapped caption breaks between items only.
std::string slide_caption(const EngineSnapshot& snapshot);

}  // namespace sgl
