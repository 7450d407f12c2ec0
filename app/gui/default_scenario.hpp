// The scenario the window opens with: Chen et al.'s double well (Fig. 1) with HMC, naive SGHMC,
// SGHMC and SGLD side by side, the settings of the paper (∇Ũ = ∇U + N(0, 4), ε = 0.1,
// momentum redrawn every 50 steps for naive SGHMC).
#pragma once

#include "run/live_engine.hpp"

namespace sgl {

LiveSetup default_live_setup();

}  // namespace sgl
