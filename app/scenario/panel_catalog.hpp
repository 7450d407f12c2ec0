// The one list of the window's panels, as data: identity, title, file stem (export names,
// scenario layouts), whether it is a plot view, whether it exports as SVG, and its dashboard
// tile. It lives beside the scenario parser, which validates layouts against it without the GUI;
// the GUI's panel table (app/gui/shell/panel_table.*) makes each plot view's Panel object (its
// own class and file, owning its settings) by a switch over PanelId, so a new panel is its file,
// one line here and one case there (the compiler's -Wswitch names a forgotten case).
#pragma once

#include <string>
#include <vector>

namespace sgl {

enum class PanelId {
  Controls,
  Target,
  PhaseSpace,
  Histogram,
  Autocorrelation,
  Energy,
  Trace,
  Metrics,
  Notes,
  Experiment,
  GradientNoise,
  Predictive,
};

// A rectangle as fractions of the plot area: {x, y, width, height}.
struct TileFraction {
  float x = 0, y = 0, w = 0, h = 0;
};

struct PanelEntry {
  PanelId id;
  const char* title;       // the window's title ("Histogram vs truth")
  const char* stem;        // "histogram": export file names and scenario layouts
  bool plot_view;          // drawn by a view function from the snapshot (else by its owner)
  bool svg;                // a plot-module view: exports as SVG too
  TileFraction dashboard;  // plot views only: their dashboard tile (empty: not on the dashboard,
                           // opened from the View menu or a lecture layout)
};

// The titles of the panels that their owners draw (the shell refers to them by name).
constexpr const char* kControlsTitle = "Controls";
constexpr const char* kNotesTitle = "Notes";
constexpr const char* kExperimentTitle = "Experiment";

// Every panel in window order: Controls, the plot views (dashboard order), Notes, Experiment,
// then the opt-in instruments (Gradient noise) and views (Predictive).
const std::vector<PanelEntry>& panel_catalog();

// The stems a scenario layout may name (every panel but Controls), in dashboard order.
const std::vector<std::string>& layout_panel_names();

}  // namespace sgl
