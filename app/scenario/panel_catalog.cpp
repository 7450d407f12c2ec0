#include "app/scenario/panel_catalog.hpp"

namespace sgl {

const std::vector<PanelEntry>& panel_catalog() {
  // Three rows of plot views: the two pictures of the dynamics, the three statistics, then trace
  // and numbers. Each tile is wide enough for a 240 px data area at 1600×1000 (checked by the
  // layout test).
  using enum PanelId;
  static const std::vector<PanelEntry> panels = {
      {Controls, kControlsTitle, "controls", false, false, {}},
      {Target, "Target", "target", true, true, {0.0f, 0.0f, 0.5f, 0.36f}},
      {PhaseSpace, "Phase space", "phase_space", true, true, {0.5f, 0.0f, 0.5f, 0.36f}},
      {Histogram, "Histogram vs truth", "histogram", true, true, {0.0f, 0.36f, 0.34f, 0.32f}},
      {Autocorrelation,
       "Autocorrelation",
       "autocorrelation",
       true,
       true,
       {0.34f, 0.36f, 0.33f, 0.32f}},
      {Energy, "Energy", "energy", true, true, {0.67f, 0.36f, 0.33f, 0.32f}},
      {Trace, "Trace", "trace", true, true, {0.0f, 0.68f, 0.5f, 0.32f}},
      {Metrics, "Metrics", "metrics", true, false, {0.5f, 0.68f, 0.5f, 0.32f}},
      {Notes, kNotesTitle, "notes", false, false, {}},
      // Its figure exports as the plots do once the runs have a result (ExperimentPanel).
      {Experiment, kExperimentTitle, "experiment", false, true, {}},
      // A teaching instrument, opt-in: no dashboard tile, so it never crowds the dashboard. Its
      // exports are clean figures (the chain combo and the refresh button left out), as the plots.
      {GradientNoise, "Gradient noise", "gradient_noise", true, true, {}},
      // Only for targets that predict (the Bayesian MLP): opened by their presets' layouts.
      {Predictive, "Predictive", "predictive", true, true, {}},
  };
  return panels;
}

const std::vector<std::string>& layout_panel_names() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> stems;
    for (const PanelEntry& panel : panel_catalog())
      if (panel.id != PanelId::Controls) stems.emplace_back(panel.stem);
    return stems;
  }();
  return names;
}

}  // namespace sgl
