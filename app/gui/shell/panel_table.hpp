// The window's panels: the panel catalog (app/scenario/panel_catalog.hpp: identity, title, file
// stem, plot view or not, SVG-capable, dashboard tile) as the GUI reads it, and the factory that
// makes each plot panel's object (app/gui/panels/panel.hpp) from its catalog entry: one case a
// panel. Everything in the GUI that walks the panels (layout, View menu, exports, status file,
// `run --out` figures) reads this table.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "app/gui/panels/panel.hpp"
#include "app/scenario/panel_catalog.hpp"

namespace sgl {

struct PanelInfo {
  PanelId id;
  const char* title;  // the window's title ("Histogram vs truth")
  const char* stem;   // "histogram": export file names and scenario layouts
  // A plot view, drawn by its Panel object (make_panel); else drawn by its owner (Controls,
  // Notes, Experiment).
  bool plot_view;
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

class ControlPanel;
class ScenarioPanel;

// The services that draw the Controls, Notes and Experiment windows (the window's shell keeps
// them: menus, shortcuts and session files use them too).
struct PanelOwners {
  ControlPanel& controls;
  ScenarioPanel& scenario;
};

// A new object for panel `id`, with default settings. Controls, Notes and Experiment need their
// owners: without them (`run --out`'s figures) they are null.
std::unique_ptr<Panel> make_panel(PanelId id, const PanelOwners* owners = nullptr);
// One new object for each plot view, in view_panels() order.
std::vector<std::unique_ptr<Panel>> make_view_panels();
// One new object for every panel of the window, in all_panels() order.
std::vector<std::unique_ptr<Panel>> make_window_panels(const PanelOwners& owners);

}  // namespace sgl
