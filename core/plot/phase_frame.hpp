// The (θ, r) frame of the Phase space panel. It starts at the default box (the target's view box,
// H − min U up to a depth) and grows in steps to hold the chains' recent orbits, but only so far:
// an orbit that runs away (frictionless noisy dynamics gaining energy for ever) would otherwise
// set the scale, and the chains the lesson is about (friction keeping them in the wells) would
// shrink to dots. A chain beyond the largest frame is left out of the fit and named instead.
#pragma once

#include <vector>

#include "core/targets/target.hpp"

namespace sgl {

// A chain's recent orbit: the smallest box holding it (lo > hi: no points).
struct OrbitExtent {
  Interval theta{1.0, -1.0};
  Interval r{1.0, -1.0};
};

struct PhaseFrame {
  Interval theta, r;
  std::vector<bool> outside;  // per chain: its orbit leaves the largest frame
};

// `base` widened to cover `needed`, in steps of `step_fraction` × base's half-width per side, at
// most `max_steps` steps per side (`needed` may be empty: lo > hi).
Interval grown_interval(const Interval& base, const Interval& needed, double step_fraction,
                        int max_steps);

// The frame for `orbits` over the default box `theta_base` × `r_base`: grown to hold every orbit
// that fits within `max_steps` growth steps per side; the others are `outside`, and while any is,
// the frame is the largest one.
PhaseFrame frame_phase_space(const Interval& theta_base, const Interval& r_base,
                             const std::vector<OrbitExtent>& orbits, double step_fraction = 0.5,
                             int max_steps = 1);

}  // namespace sgl
