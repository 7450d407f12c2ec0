// The heatmaps' colour map choice, shared by View → Density colours and the Target view's
// display popup.
#pragma once

#include "app/gui/gl/colour_map.hpp"

namespace sgl {

// Radio items for each colour map; returns true when `map` changed.
bool colour_map_choice(ColourMap& map);

}  // namespace sgl
