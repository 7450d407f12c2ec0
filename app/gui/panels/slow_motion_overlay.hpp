// The leapfrog slow motion drawn over the target view and the phase-space view: the path played
// so far, the current point with its momentum arrow, a readout of the running H and ΔH, and at
// the end the MH decision at the path's end point (slow_motion.hpp).
#pragma once

#include "app/gui/panels/view_context.hpp"

namespace sgl::views {

// Inside an open plot of coordinates (x, y); `arrow_span` as for the chains' arrows (an arrow
// for |r| = 1 is a tenth of it). Draws nothing when slow motion is off.
void plot_slow_motion_on_pair(const ViewContext& context, int x, int y, double arrow_span);

// Inside the open phase-space plot of `coordinate` (θ across, r up).
void plot_slow_motion_phase(const ViewContext& context, int coordinate);

}  // namespace sgl::views
