// The colour maps a density heatmap can use (View → Density colours). The default is a light
// single hue: white where the density is low, a soft slate blue at the mode, so the saturated
// chain colours stay the loudest thing on a projector. Viridis stays a choice.
#pragma once

namespace sgl {

enum class ColourMap { LightSlate, Viridis };

constexpr ColourMap kDefaultColourMap = ColourMap::LightSlate;

inline const char* colour_map_name(ColourMap map) {
  return map == ColourMap::Viridis ? "viridis" : "light slate";
}

}  // namespace sgl
