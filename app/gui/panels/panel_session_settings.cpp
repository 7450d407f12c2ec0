#include "app/gui/panels/panel_session_settings.hpp"

#include "app/gui/panels/shared_settings_json.hpp"
#include "app/scenario/scenario_layout.hpp"

namespace sgl {
namespace {

// The parser checked that each entry is a JSON object; a text that is not one restores nothing.
nlohmann::ordered_json parsed(const std::string& text) {
  nlohmann::ordered_json value = nlohmann::ordered_json::parse(text, nullptr, false);
  return value.is_object() ? value : nlohmann::ordered_json::object();
}

}  // namespace

std::map<std::string, std::string> save_panel_settings(
    const std::vector<std::unique_ptr<Panel>>& panels, const SharedViewSettings& shared) {
  std::map<std::string, std::string> saved;
  if (const nlohmann::ordered_json common = save_shared_settings(shared); !common.empty())
    saved[kSharedSettingsKey] = common.dump();
  for (const std::unique_ptr<Panel>& panel : panels)
    if (const nlohmann::ordered_json own = panel->save_settings(); !own.empty())
      saved[panel->stem()] = own.dump();
  return saved;
}

void restore_panel_settings(const std::map<std::string, std::string>& saved,
                            const std::vector<std::unique_ptr<Panel>>& panels,
                            SharedViewSettings& shared) {
  if (const auto common = saved.find(kSharedSettingsKey); common != saved.end())
    restore_shared_settings(parsed(common->second), shared);
  for (const std::unique_ptr<Panel>& panel : panels)
    if (const auto own = saved.find(panel->stem()); own != saved.end())
      panel->restore_settings(parsed(own->second));
}

}  // namespace sgl
