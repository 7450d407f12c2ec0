// The colour maps a density heatmap can use (View → Density colours). The default is a light
// single hue: white where the density is low, a soft slate blue at the mode, so the saturated
// chain colours stay the loudest thing on a projector. Viridis stays a choice.
#pragma once

#include <algorithm>
#include <cstdint>

namespace sgl {

enum class ColourMap { LightSlate, Viridis };

constexpr ColourMap kDefaultColourMap = ColourMap::LightSlate;

inline const char* colour_map_name(ColourMap map) {
  return map == ColourMap::Viridis ? "viridis" : "light slate";
}

// The colour at t in [0, 1] as 0xAABBGGRR (ImGui's packing), the same formulas as
// shaders/scalar_field.frag, for back ends without the shader (the SVG export's filled bands).
inline std::uint32_t colour_map_colour(ColourMap map, float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  float r = 0.0f, g = 0.0f, b = 0.0f;
  if (map == ColourMap::Viridis) {
    // Polynomial fit to matplotlib's viridis (Matt Zucker), as in the shader.
    const float c[7][3] = {
        {0.2777273f, 0.0054073f, 0.3340998f},   {0.1050930f, 1.4046135f, 1.3845902f},
        {-0.3308618f, 0.2148476f, 0.0950952f},  {-4.6342305f, -5.7991010f, -19.3324410f},
        {6.2282699f, 14.1799334f, 56.6905526f}, {4.7763850f, -13.7451454f, -65.3530326f},
        {-5.4354559f, 4.6458526f, 26.3124352f}};
    float out[3];
    for (int k = 0; k < 3; ++k) {
      float value = c[6][k];
      for (int i = 5; i >= 0; --i) value = c[i][k] + t * value;
      out[k] = value;
    }
    r = out[0], g = out[1], b = out[2];
  } else {
    r = 1.0f + t * (0.42f - 1.0f);
    g = 1.0f + t * (0.50f - 1.0f);
    b = 1.0f + t * (0.66f - 1.0f);
  }
  const auto byte = [](float v) {
    return static_cast<std::uint32_t>(std::clamp(v, 0.0f, 1.0f) * 255.0f + 0.5f);
  };
  return byte(r) | (byte(g) << 8) | (byte(b) << 16) | 0xFF000000u;
}

}  // namespace sgl
