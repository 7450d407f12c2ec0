// The Presets menu's list: each preset by its title under its paper's heading (Chen et al. 2014,
// EWSG, HMC-ECS, DAIS, teaching), its one-line description as a tooltip, the open one checked.
#pragma once

#include <optional>
#include <string>

#include "app/scenario/scenario.hpp"

namespace sgl {

// Inside an open menu: the presets' items. Returns the name of the preset chosen this frame.
// The list is read from the preset files the first time the menu opens.
std::optional<std::string> preset_menu_items(const std::optional<Scenario>& current);

}  // namespace sgl
