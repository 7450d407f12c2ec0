// The shared view settings (SharedViewSettings, view_context.hpp) in the session JSON, beside
// the panels' own (layout.settings.shared): only what differs from the defaults is written.
#pragma once

#include <nlohmann/json.hpp>

#include "app/gui/panels/view_context.hpp"

namespace sgl {

nlohmann::ordered_json save_shared_settings(const SharedViewSettings& settings);
void restore_shared_settings(const nlohmann::ordered_json& saved, SharedViewSettings& settings);

}  // namespace sgl
