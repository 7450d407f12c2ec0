#include "app/gui/panels/autocorrelation_panel.hpp"

#include "app/gui/panels/settings_json.hpp"
#include "app/gui/panels/views.hpp"

namespace sgl {

AutocorrelationPanel::AutocorrelationPanel(const PanelEntry& entry)
    : ViewPanel(entry, show_autocorrelation_view) {}

nlohmann::ordered_json AutocorrelationPanel::save_settings() const {
  nlohmann::ordered_json saved = nlohmann::ordered_json::object();
  settings_json::write(saved, "max_lag", settings().max_lag, AutocorrelationSettings{}.max_lag);
  return saved;
}

void AutocorrelationPanel::restore_settings(const nlohmann::ordered_json& saved) {
  settings_json::read(saved, "max_lag", settings().max_lag, 1, kLargestLag);
}

}  // namespace sgl
