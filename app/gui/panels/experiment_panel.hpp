// The Experiment as a panel: its window shows the preset's sweep, ensemble or comparison, which
// the scenario panel runs and keeps with the rest of the opened preset.
#pragma once

#include "app/gui/panels/panel.hpp"
#include "app/gui/panels/scenario_panel.hpp"

namespace sgl {

class ExperimentPanel : public Panel {
 public:
  ExperimentPanel(const PanelEntry& entry, ScenarioPanel& scenario)
      : Panel(entry), scenario_(scenario) {}
  void draw(ViewContext& context) override { scenario_.show_experiment(context); }
  // A clean figure (PNG, slide, SVG) once there is a result; before, the panel's pixels.
  ViewDrawFunction export_view() const override {
    if (!scenario_.experiment_figure_ready()) return {};
    return [&scenario = scenario_](ViewContext&) { scenario.draw_experiment_figure(); };
  }
  ContextMenu context_menu() const override { return ContextMenu::ExportOnly; }
  float widgets_above_figure(float window_top) const override {
    return scenario_.experiment_widgets_height(window_top);
  }
  // The progress bar moves while the experiment runs.
  bool changes_with_time(const EngineSnapshot&) const override {
    return scenario_.experiment_running();
  }

 private:
  ScenarioPanel& scenario_;
};

}  // namespace sgl
