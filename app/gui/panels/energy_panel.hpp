// The Energy panel: H over steps per chain and ΔH per step. It owns whether a short panel shows
// ΔH instead of H.
#pragma once

#include "app/gui/panels/view_panel.hpp"

namespace sgl {

struct EnergySettings {
  bool show_change = false;  // a short energy panel shows ΔH instead of H
};

class EnergyPanel : public ViewPanel<EnergySettings> {
 public:
  explicit EnergyPanel(const PanelEntry& entry);
  ViewDrawFunction run_figure() const override { return export_view(); }
  nlohmann::ordered_json save_settings() const override;
  void restore_settings(const nlohmann::ordered_json& saved) override;
};

}  // namespace sgl
