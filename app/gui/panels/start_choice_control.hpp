// The Controls' "start" combo on regression targets: where every chain (re)starts, the GUI's
// form of `run --init` (run/start_point.hpp has the one rule both use).
#pragma once

#include <optional>

#include "core/run/engine_snapshot.hpp"

namespace sgl {

// The start choices offered on a data target (a file's other values show as "custom").
enum class StartOption { Default, Map, Zero, Custom };

StartOption current_start_option(const StartChoice& choice);
// The engine's choice for an option (Custom: nullopt, it is not offered).
std::optional<StartChoice> start_choice_for(StartOption option, int dim);

// Draws the combo when the snapshot's target is a regression; returns the choice picked this
// frame, if any.
std::optional<StartChoice> show_start_choice(const EngineSnapshot& snapshot);

}  // namespace sgl
