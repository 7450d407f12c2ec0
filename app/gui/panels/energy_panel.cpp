#include "app/gui/panels/energy_panel.hpp"

#include "app/gui/panels/settings_json.hpp"
#include "app/gui/panels/views.hpp"

namespace sgl {

EnergyPanel::EnergyPanel(const PanelEntry& entry) : ViewPanel(entry, show_energy_view) {}

nlohmann::ordered_json EnergyPanel::save_settings() const {
  nlohmann::ordered_json saved = nlohmann::ordered_json::object();
  settings_json::write(saved, "show_change", settings().show_change, EnergySettings{}.show_change);
  return saved;
}

void EnergyPanel::restore_settings(const nlohmann::ordered_json& saved) {
  settings_json::read(saved, "show_change", settings().show_change);
}

}  // namespace sgl
