// The Metrics panel: the per-chain table and, under it, R̂ and bulk/tail ESS per sampler group.
// It owns the table's refresh: numbers that change 60 times a second cannot be read, and
// redrawing the table each frame costs software GL a few milliseconds.
#pragma once

#include <memory>

#include "app/gui/panels/panel.hpp"

namespace sgl {

class MetricsPanel : public Panel {
 public:
  explicit MetricsPanel(const PanelEntry& entry) : Panel(entry) {}
  // Draws the table from a snapshot renewed at most kTableRefreshHz times a second; a chain
  // added, removed, hidden or renamed (or the run paused) shows at once.
  void draw(ViewContext& context) override;
  ViewDrawFunction export_view() const override;  // a table: its PNG is cut from the window

 private:
  static constexpr double kTableRefreshHz = 4.0;
  std::shared_ptr<const EngineSnapshot> table_snapshot_;
  double table_snapshot_at_ = -1.0;
};

}  // namespace sgl
