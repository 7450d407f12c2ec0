// The leapfrog slow motion drawn over the target view and the phase-space view: the path played
// so far, the current point with its momentum arrow, a readout of the running H and ΔH, and at
// the end the MH decision at the path's end point (slow_motion.hpp).
#pragma once

#include <optional>

#include "app/gui/panels/view_context.hpp"

namespace sgl::views {

// Inside an open plot of coordinates (x, y); `arrow_span` as for the chains' arrows (an arrow
// for |r| = 1 is a tenth of it). Draws nothing when slow motion is off.
void plot_slow_motion_on_pair(const ViewContext& context, int x, int y, double arrow_span);

// Inside the open phase-space plot of `coordinate` (θ across, r up). Where the plot's contours are
// levels of H − min U, `contour_baseline` is that min U: the read-out then gives H on the same
// scale as the contours (a read-out "H = −0.37" beside levels 0.25, 0.5, … confused a newcomer).
void plot_slow_motion_phase(const ViewContext& context, int coordinate,
                            std::optional<double> contour_baseline);

}  // namespace sgl::views
