// The scenario the window opens with: the preset assets/scenarios/default.json (Chen et al.'s
// double well with HMC, naive SGHMC, SGHMC and SGLD side by side, the paper's settings).
#pragma once

#include "app/scenario/scenario.hpp"
#include "core/run/live_engine.hpp"

namespace sgl {

// Throws UserError when the assets cannot be found.
Scenario default_scenario();
LiveSetup default_live_setup();

}  // namespace sgl
