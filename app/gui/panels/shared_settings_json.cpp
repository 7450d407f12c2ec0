#include "app/gui/panels/shared_settings_json.hpp"

#include <string>

#include "app/gui/panels/settings_json.hpp"

namespace sgl {
namespace {

// The largest coordinate index and trail the file may name (the views clamp the coordinate to
// the target's dimension; the trail slider's range ends here).
constexpr int kLargestIndex = 1 << 20;
constexpr int kLongestTrail = 100000;

}  // namespace

nlohmann::ordered_json save_shared_settings(const SharedViewSettings& settings) {
  const SharedViewSettings defaults;
  nlohmann::ordered_json saved = nlohmann::ordered_json::object();
  settings_json::write(saved, "coordinate", settings.coordinate, defaults.coordinate);
  settings_json::write(saved, "trail_length", settings.trail_length, defaults.trail_length);
  settings_json::write(saved, "fit_stopped_chains", settings.fit_stopped_chains,
                       defaults.fit_stopped_chains);
  if (settings.colour_map != defaults.colour_map)
    saved["colour_map"] = colour_map_name(settings.colour_map);
  return saved;
}

void restore_shared_settings(const nlohmann::ordered_json& saved, SharedViewSettings& settings) {
  settings_json::read(saved, "coordinate", settings.coordinate, 0, kLargestIndex);
  settings_json::read(saved, "trail_length", settings.trail_length, 2, kLongestTrail);
  settings_json::read(saved, "fit_stopped_chains", settings.fit_stopped_chains);
  std::string map;
  settings_json::read(saved, "colour_map", map);
  for (const ColourMap known : {ColourMap::LightSlate, ColourMap::Viridis})
    if (map == colour_map_name(known)) settings.colour_map = known;
}

}  // namespace sgl
