// The region a 2-D target view should frame: where the density's mass is, not the target's
// (often square, generous) view box. A banana or a funnel in a square box leaves most of a wide
// plot empty; framing the central mass of each marginal fills it.
#pragma once

#include <vector>

#include "core/targets/target.hpp"

namespace sgl {

// Per coordinate: the central 1 − tail of the marginal mass on the target's truth grid (tail/2
// cut from each end), padded by `pad` of that width on each side and kept inside the view box.
// Targets without a truth grid get their view box.
std::vector<Interval> mass_framing_box(const Target& target, double tail = 0.001,
                                       double pad = 0.12);

// Whether one data unit should span as many pixels on x as on y: when the framed extents are
// within a factor `max_ratio` of each other (isotropic targets such as gauss2d, the mixture,
// the donut), so that circles look round; not for a banana or a funnel, whose equal-aspect
// picture would be a thin strip. With the plot's width/height in pixels (`panel_aspect` > 0) it
// also asks whether equal aspect fits that panel: a round target in a wide dashboard tile would
// leave empty bands on both sides, so it is off there too when the panel's shape and the box's
// differ by more than `max_ratio`.
bool prefers_equal_aspect(const std::vector<Interval>& box, double max_ratio = 2.0,
                          double panel_aspect = 0.0);

}  // namespace sgl
