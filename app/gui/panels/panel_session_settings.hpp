// The panels' settings in a session (ScenarioLayout::settings): each panel's own under its stem
// and the shared ones under "shared", only those that differ from the defaults, so a session of
// untouched panels is written exactly as before panels had settings in the file.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/panels/panel.hpp"

namespace sgl {

std::map<std::string, std::string> save_panel_settings(
    const std::vector<std::unique_ptr<Panel>>& panels, const SharedViewSettings& shared);
// Settings of panels not in `panels` (or of an unknown stem) are left alone.
void restore_panel_settings(const std::map<std::string, std::string>& saved,
                            const std::vector<std::unique_ptr<Panel>>& panels,
                            SharedViewSettings& shared);

}  // namespace sgl
