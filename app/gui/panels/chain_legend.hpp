// The window's one chain legend: a strip above the plots with each chain's colour, label and
// status (running, paused, training, stopped and why). Clicking an entry hides or shows that
// chain in every panel; per-panel legends are gone, so no key ever covers data.
#pragma once

#include <cstdint>
#include <map>
#include <set>

#include "core/run/engine_snapshot.hpp"

namespace sgl {

// The strip's height for these chains at `width` pixels (entries flow onto more rows).
float chain_legend_height(const EngineSnapshot& snapshot, float width);

// Draws the strip into the current window; a click toggles the chain's id in `hidden`.
void show_chain_legend(const EngineSnapshot& snapshot, const std::map<int, std::uint32_t>& colours,
                       std::set<int>& hidden);

}  // namespace sgl
