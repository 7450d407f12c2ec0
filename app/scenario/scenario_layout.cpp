#include "app/scenario/scenario_layout.hpp"

#include <algorithm>

#include "app/scenario/panel_catalog.hpp"
#include "core/util/error.hpp"

namespace sgl {

namespace {

std::string joined(const std::vector<std::string>& names) {
  std::string list;
  for (const auto& name : names) list += (list.empty() ? "" : ", ") + name;
  return list;
}

}  // namespace

ScenarioLayout parse_layout(const nlohmann::ordered_json& value, const std::string& path) {
  if (!value.is_object()) throw UserError(path + " must be a JSON object");
  ScenarioLayout layout;
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string where = path + "." + it.key();
    if (it.key() == "mode") {
      if (!it->is_string()) throw UserError(where + " must be a string");
      layout.mode = it->get<std::string>();
      if (layout.mode != "dashboard" && layout.mode != "lecture")
        throw UserError(where + ": expected \"dashboard\" or \"lecture\", not '" + layout.mode +
                        "'");
    } else if (it.key() == "panels") {
      if (!it->is_array() || it->empty() || it->size() > 3)
        throw UserError(where + " must be a list of one to three panel names");
      for (std::size_t i = 0; i < it->size(); ++i) {
        const std::string item = where + "[" + std::to_string(i) + "]";
        if (!(*it)[i].is_string()) throw UserError(item + " must be a string");
        std::string name = (*it)[i].get<std::string>();
        const auto& known = layout_panel_names();
        if (std::find(known.begin(), known.end(), name) == known.end())
          throw UserError(item + ": unknown panel '" + name + "' (panels: " + joined(known) + ")");
        if (std::find(layout.panels.begin(), layout.panels.end(), name) != layout.panels.end())
          throw UserError(item + ": '" + name + "' is listed twice");
        layout.panels.push_back(std::move(name));
      }
    } else if (it.key() == "settings") {
      if (!it->is_object()) throw UserError(where + " must be a JSON object");
      const auto& known = layout_panel_names();
      for (auto panel = it->begin(); panel != it->end(); ++panel) {
        const std::string item = where + "." + panel.key();
        if (panel.key() != kSharedSettingsKey &&
            std::find(known.begin(), known.end(), panel.key()) == known.end())
          throw UserError(item + ": unknown panel (panels: " + std::string(kSharedSettingsKey) +
                          ", " + joined(known) + ")");
        if (!panel->is_object()) throw UserError(item + " must be a JSON object");
        if (!panel->empty()) layout.settings[panel.key()] = panel->dump();
      }
    } else {
      throw UserError(where + ": unknown key (known here: mode, panels, settings)");
    }
  }
  return layout;
}

}  // namespace sgl
