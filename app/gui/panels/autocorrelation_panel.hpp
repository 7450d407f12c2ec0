// The Autocorrelation panel: ρ_0..ρ_max_lag of the selected coordinate per chain. It owns the
// largest lag shown.
#pragma once

#include "app/gui/panels/view_panel.hpp"

namespace sgl {

struct AutocorrelationSettings {
  int max_lag = 100;
};

class AutocorrelationPanel : public ViewPanel<AutocorrelationSettings> {
 public:
  // The lag slider's range (the view's and the session file's).
  static constexpr int kLargestLag = 100000;

  explicit AutocorrelationPanel(const PanelEntry& entry);
  ViewDrawFunction run_figure() const override { return export_view(); }
  nlohmann::ordered_json save_settings() const override;
  void restore_settings(const nlohmann::ordered_json& saved) override;
};

}  // namespace sgl
