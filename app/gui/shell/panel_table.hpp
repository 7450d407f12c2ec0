// The window's panels: the panel catalog (app/scenario/panel_catalog.hpp: identity, title, file
// stem, SVG-capable, dashboard tile) with each plot view's draw functions attached. Everything in
// the GUI that walks the panels (layout, View menu, exports, status file, `run --out` figures)
// reads this table.
#pragma once

#include <string_view>
#include <vector>

#include "app/gui/panels/view_context.hpp"
#include "app/scenario/panel_catalog.hpp"

namespace sgl {

struct PanelInfo {
  PanelId id;
  const char* title;  // the window's title ("Histogram vs truth")
  const char* stem;   // "histogram": export file names and scenario layouts
  // Draws the view into the current window; null for the panels drawn by their owners
  // (Controls, Notes, Experiment).
  ViewDrawFunction draw;
  // Draws the view as a still figure of a finished run (`run --out`); null: not a run figure.
  ViewDrawFunction figure;
  int figure_min_dim;      // the figure is written only for targets of at least this dimension
  bool svg;                // a plot-module view: exports as SVG too
  TileFraction dashboard;  // plot views only: their dashboard tile
};

constexpr const char* kChainsTitle = "Chains";  // the chain legend strip

// The plot views, in dashboard order.
const std::vector<PanelInfo>& view_panels();
// Every panel: Controls, the views, Notes, Experiment.
const std::vector<PanelInfo>& all_panels();
const PanelInfo* find_panel_by_stem(std::string_view stem);
const PanelInfo* find_panel_by_title(std::string_view title);

}  // namespace sgl
