#include "app/gui/panels/histogram_panel.hpp"

#include "app/gui/panels/settings_json.hpp"
#include "app/gui/panels/views.hpp"

namespace sgl {

HistogramPanel::HistogramPanel(const PanelEntry& entry) : ViewPanel(entry, show_histogram_view) {}

nlohmann::ordered_json HistogramPanel::save_settings() const {
  nlohmann::ordered_json saved = nlohmann::ordered_json::object();
  settings_json::write(saved, "importance_weighted", settings().importance_weighted,
                       HistogramSettings{}.importance_weighted);
  return saved;
}

void HistogramPanel::restore_settings(const nlohmann::ordered_json& saved) {
  settings_json::read(saved, "importance_weighted", settings().importance_weighted);
}

}  // namespace sgl
