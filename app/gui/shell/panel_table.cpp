#include "app/gui/shell/panel_table.hpp"

#include "app/gui/panels/predictive_view.hpp"
#include "app/gui/panels/views.hpp"

namespace sgl {

namespace {

struct ViewFunctions {
  ViewDrawFunction draw = nullptr;
  ViewDrawFunction figure = nullptr;
  int figure_min_dim = 1;
};

// No default case: -Wswitch (an error under -Werror) names a catalog panel left out here.
ViewFunctions view_functions(PanelId id) {
  switch (id) {
    case PanelId::Target:  // a 1-D target's curve adds nothing to the histogram figure
      return {show_target_view, show_target_view, 2};
    case PanelId::PhaseSpace:  // a finished run's figure shows phase space, not DAIS training
      return {show_phase_space_or_training_view, show_phase_space_view};
    case PanelId::Histogram:
      return {show_histogram_view, show_histogram_view};
    case PanelId::Autocorrelation:
      return {show_autocorrelation_view, show_autocorrelation_view};
    case PanelId::Energy:
      return {show_energy_view, show_energy_view};
    case PanelId::Trace:
      return {show_trace_view, show_trace_view};
    case PanelId::Metrics:  // a table: no figure
      return {show_metrics_view, nullptr};
    case PanelId::GradientNoise:  // a live instrument: no figure
      return {show_gradient_noise_view, nullptr};
    case PanelId::Predictive:  // drawn for targets that predict (mlp): no run figure yet
      return {show_predictive_view, nullptr};
    case PanelId::Controls:
    case PanelId::Notes:
    case PanelId::Experiment:
      return {};
  }
  return {};
}

}  // namespace

const std::vector<PanelInfo>& all_panels() {
  static const std::vector<PanelInfo> panels = [] {
    std::vector<PanelInfo> all;
    for (const PanelEntry& entry : panel_catalog()) {
      const ViewFunctions functions = view_functions(entry.id);
      all.push_back({entry.id, entry.title, entry.stem, functions.draw, functions.figure,
                     functions.figure_min_dim, entry.svg, entry.dashboard});
    }
    return all;
  }();
  return panels;
}

const std::vector<PanelInfo>& view_panels() {
  static const std::vector<PanelInfo> panels = [] {
    std::vector<PanelInfo> views;
    for (const PanelInfo& panel : all_panels())
      if (panel.draw) views.push_back(panel);
    return views;
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
