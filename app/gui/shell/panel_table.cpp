#include "app/gui/shell/panel_table.hpp"

#include "app/gui/panels/views.hpp"

namespace sgl {

const std::vector<PanelInfo>& view_panels() {
  // Three rows: the two pictures of the dynamics, the three statistics, then trace and numbers.
  // Each tile is wide enough for a 240 px data area at 1600×1000 (checked by the layout test).
  static const std::vector<PanelInfo> panels = {
      {"Target", "target", show_target_view, true, {0.0f, 0.0f, 0.5f, 0.36f}},
      {"Phase space",
       "phase_space",
       show_phase_space_or_training_view,
       true,
       {0.5f, 0.0f, 0.5f, 0.36f}},
      {"Histogram vs truth", "histogram", show_histogram_view, true, {0.0f, 0.36f, 0.34f, 0.32f}},
      {"Autocorrelation",
       "autocorrelation",
       show_autocorrelation_view,
       true,
       {0.34f, 0.36f, 0.33f, 0.32f}},
      {"Energy", "energy", show_energy_view, true, {0.67f, 0.36f, 0.33f, 0.32f}},
      {"Trace", "trace", show_trace_view, true, {0.0f, 0.68f, 0.5f, 0.32f}},
      {"Metrics", "metrics", show_metrics_view, false, {0.5f, 0.68f, 0.5f, 0.32f}},
  };

  return panels;
}

const std::vector<PanelInfo>& all_panels() {
  static const std::vector<PanelInfo> panels = [] {
    std::vector<PanelInfo> all = {{kControlsTitle, "controls", nullptr, false, {}}};
    for (const PanelInfo& view : view_panels()) all.push_back(view);
    all.push_back({kNotesTitle, "notes", nullptr, false, {}});
    all.push_back({kExperimentTitle, "experiment", nullptr, false, {}});
    return all;
  }();
  return panels;
}

const PanelInfo* find_panel_by_stem(std::string_view stem) {
  for (const PanelInfo& panel : all_panels())
    if (stem == panel.stem) return &panel;
  return nullptr;
}

const PanelInfo* find_panel_by_title(std::string_view title) {
  for (const PanelInfo& panel : all_panels())
    if (title == panel.title) return &panel;
  return nullptr;
}

}  // namespace sgl
