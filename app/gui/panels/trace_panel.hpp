// The Trace panel: θ_i over steps per chain. It owns which stretch of the run it shows.
#pragma once

#include <string>

#include "app/gui/panels/view_panel.hpp"

namespace sgl {

// What the trace panel shows: the recent exact draws, the whole run (decimated), or a traced
// info channel over the whole run (TraceSettings::channel, e.g. HMC-ECS's σ̂²).
enum class TraceWindow { Recent, WholeRun, Channel };

struct TraceSettings {
  TraceWindow window = TraceWindow::Recent;
  std::string channel;  // the channel id TraceWindow::Channel shows
};

class TracePanel : public ViewPanel<TraceSettings> {
 public:
  explicit TracePanel(const PanelEntry& entry);
  // A finished run's figure shows the whole of it.
  ViewDrawFunction run_figure() const override;
  nlohmann::ordered_json save_settings() const override;
  void restore_settings(const nlohmann::ordered_json& saved) override;
};

}  // namespace sgl
