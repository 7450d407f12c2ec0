// The Histogram panel: the selected coordinate per chain against the true marginal. It owns
// whether DAIS chains' draws are importance-weighted.
#pragma once

#include "app/gui/panels/view_panel.hpp"

namespace sgl {

struct HistogramSettings {
  // DAIS chains' draws weighted by their importance weights instead of q's draws.
  bool importance_weighted = false;
};

class HistogramPanel : public ViewPanel<HistogramSettings> {
 public:
  explicit HistogramPanel(const PanelEntry& entry);
  ViewDrawFunction run_figure() const override { return export_view(); }
  nlohmann::ordered_json save_settings() const override;
  void restore_settings(const nlohmann::ordered_json& saved) override;
};

}  // namespace sgl
