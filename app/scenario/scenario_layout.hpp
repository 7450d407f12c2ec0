// The `layout` object of a scenario file: which arrangement the window opens with and which
// panels a lecture shows. Kept apart from the rest of the parser: it is the one part of a
// scenario that concerns only the window.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "app/scenario/scenario.hpp"

namespace sgl {

// The key of layout.settings holding the settings several panels share.
constexpr const char* kSharedSettingsKey = "shared";

// {"mode": "dashboard" | "lecture", "panels": [one to three of layout_panel_names()],
//  "settings": {"shared" or a panel name: {the panel's settings}}}.
// Throws UserError naming `path` and the field.
ScenarioLayout parse_layout(const nlohmann::ordered_json& value, const std::string& path);

}  // namespace sgl
