// An instrument opened from the View menu (the Gradient noise panel) that the current layout has
// no place for docks into it at a usable size instead of floating over other panels: in the
// lecture layout it takes the main slot (the lesson's main panel heads the side column, whose last
// panel gives way), on the dashboard the place of the first two rows of plots; they come back when
// it is closed. A layout that names it keeps it where the layout says.
#pragma once

#include <string>
#include <vector>

#include "app/gui/shell/panel_layout.hpp"

namespace sgl {

// The instrument that docks.
constexpr const char* kDockingPanelStem = "gradient_noise";

// Whether the instrument is docked now, given whether it is open and whether the layout itself
// placed it; true when that changed `docked` (the layout must be computed again).
bool update_dock(bool open, bool placed_by_layout, bool& docked);
// The layout for `request`, with the instrument docked when `docked`.
std::vector<PanelPlacement> compute_layout_with_dock(const LayoutRequest& request, bool docked);

// `request` with the panel `stem` docked (lecture: first of the lecture panels).
LayoutRequest with_docked_panel(LayoutRequest request, const std::string& stem);
// The dashboard `placements` with the panel titled `title` over the first two rows of plots.
std::vector<PanelPlacement> dock_on_dashboard(std::vector<PanelPlacement> placements,
                                              const std::string& title);

}  // namespace sgl
