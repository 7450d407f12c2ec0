// The one list of the window's panels: title, file stem (exports, layouts in scenario files),
// how to draw it, whether it exports as SVG, and where the dashboard tiles it. Everything that
// walks the panels (layout, View menu, exports, status file) reads this table.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "app/gui/panels/view_context.hpp"

namespace sgl {

// A rectangle as fractions of the plot area: {x, y, width, height}.
struct TileFraction {
  float x = 0, y = 0, w = 0, h = 0;
};

struct PanelInfo {
  const char* title;  // the window's title ("Histogram vs truth")
  const char* stem;   // "histogram": export file names and scenario layouts
  // Draws the view into the current window; null for the panels drawn by their owners
  // (Controls, Notes, Experiment).
  void (*draw)(ViewContext&);
  bool svg;                // a plot-module view: exports as SVG too
  TileFraction dashboard;  // plot views only: their dashboard tile
};

constexpr const char* kControlsTitle = "Controls";
constexpr const char* kNotesTitle = "Notes";
constexpr const char* kExperimentTitle = "Experiment";
constexpr const char* kChainsTitle = "Chains";  // the chain legend strip

// The plot views, in dashboard order.
const std::vector<PanelInfo>& view_panels();
// Every panel: Controls, the views, Notes, Experiment.
const std::vector<PanelInfo>& all_panels();
const PanelInfo* find_panel_by_stem(std::string_view stem);
const PanelInfo* find_panel_by_title(std::string_view title);

}  // namespace sgl
