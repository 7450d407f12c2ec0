// Pieces of the target view shared between its 2-D density mode (target_view.cpp) and its
// coefficient-pair mode (target_pair_view.cpp).
#pragma once

#include "app/gui/panels/view_context.hpp"
#include "app/gui/plot/plot.hpp"

namespace sgl {
struct TargetSettings;  // target_panel.hpp
}

namespace sgl::views {

// Inside an open plot: every chain's cloud (if enabled), fading trail, current position and
// momentum arrow (if enabled) for coordinates (x, y). `arrow_span`: data length of the arrow
// for |r| = 1 is a tenth of it.
void plot_chains_on_pair(const ViewContext& context, const TargetSettings& settings, int x, int y,
                         double arrow_span);

// Whether any chain carries an annealing cloud (a DAIS chain), and its largest K.
int largest_annealing_steps(const EngineSnapshot& snapshot);
// The annealing step shown this frame (the slider's, or the animation's), at most `steps`.
int shown_annealing_step(const TargetSettings& settings, int steps);
// The row of annealing controls above the target view: on/off, step k, play.
void annealing_controls(const ViewContext& context, TargetSettings& settings);
// Inside an open plot: each DAIS chain's particles at the shown annealing step on (x, y).
void plot_annealing_on_pair(const ViewContext& context, const TargetSettings& settings, int x,
                            int y);

// Inside an open 2-D density plot: each chain's marginal histograms of x along the top edge and
// of y along the right edge, over the true marginals (target_marginals.cpp).
void plot_marginals_on_edges(const ViewContext& context);
// The share of the plot's height (width) the top (right) marginal band takes. The view widens its
// axis limits by this much beyond the target's box, so the bands stand in a margin of their own
// and never over the chains (a ring's draws reach the box's edges).
constexpr double kMarginalBandFraction = 0.16;
// The upper limit that leaves the band's share above `hi` for a box [lo, hi].
inline double with_marginal_band(double lo, double hi) {
  return hi + (hi - lo) * kMarginalBandFraction / (1.0 - kMarginalBandFraction);
}
// The part of the plot's limits below the top band and left of the right band: where the
// density picture is drawn (it stops at the bands instead of running under them).
inline plot::DataRect inside_marginal_bands(plot::DataRect limits) {
  limits.x_hi -= kMarginalBandFraction * (limits.x_hi - limits.x_lo);
  limits.y_hi -= kMarginalBandFraction * (limits.y_hi - limits.y_lo);
  return limits;
}

// Regressions and targets above two dimensions: the pair (x, y) with reference ellipses where a
// Gaussian reference is known.
void show_pair_view(ViewContext& context, const TargetSettings& settings, int x, int y);

}  // namespace sgl::views
