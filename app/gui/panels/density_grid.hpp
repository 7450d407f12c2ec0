// The 2-D target view's heatmap values: log π (the truth grid's, else −U) sampled on a grid over
// a box around what is visible. A data target's U costs a pass over its data per point, so in
// the window the grid is computed on a BackgroundJob: the view keeps drawing the newest ready
// grid (at its own box) until the next one is done, and never waits for it. Headless figures
// (`run --out`) compute it at once.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "core/targets/target.hpp"
#include "core/util/background_job.hpp"

namespace sgl {

// One computed grid: kCells × kCells values (row-major, x fastest) over x_box × y_box, clamped
// to the colour scale [max_value − depth, max_value].
struct DensityField {
  static constexpr int kCells = 200;
  static constexpr double kLogDensityDepth = 12.0;  // the colours span [max − 12, max] of log π
  std::vector<float> values;
  Interval x_box, y_box;
  double max_value = 0.0;
  // The contours: the log π levels holding 20%, 40%, …, 99% of the mass of the target's first
  // grid (its framed box), kept, as max_value, when the grid moves (mass_contour_levels).
  std::vector<double> contour_levels;
  std::uint64_t revision = 0;  // new for every grid adopted (texture uploads key on it)
};

class DensityGrid {
 public:
  // `background`: compute on a worker thread (the window) or at once (headless figures).
  explicit DensityGrid(bool background) : background_(background) {}

  // The framed box around the target's mass (the 2-D view's home range), cached per target.
  const std::vector<Interval>& frame(const std::shared_ptr<const Target>& target);
  // The grid to draw now for `target` when x_view × y_view is visible: the newest ready one
  // (null until the target's first is done). Asks for a new grid when the visible range left
  // the ready one (a pan, a zoom out) or is far finer than it (a zoom in).
  const DensityField* field(const std::shared_ptr<const Target>& target, const Interval& x_view,
                            const Interval& y_view);
  // A grid is being computed (the window keeps rendering frames to show it when done).
  bool busy() const { return job_.running(); }
  // Called on the job's thread when a grid is done (wakes the event loop); thread-safe.
  void set_finish_hook(std::function<void()> hook) { on_finish_ = std::move(hook); }

 private:
  void bind(const std::shared_ptr<const Target>& target);
  void request(const std::shared_ptr<const Target>& target, const Interval& x_box,
               const Interval& y_box, bool new_scale);
  void adopt_finished();

  bool background_;
  std::weak_ptr<const Target> target_;  // lock() fails for a new target at a reused address
  std::vector<Interval> frame_;
  std::unique_ptr<DensityField> ready_;
  std::shared_ptr<DensityField> pending_;  // the running job's result, filled on its thread
  std::uint64_t revisions_ = 0;
  std::function<void()> on_finish_;
  BackgroundJob job_;  // last: joined before the rest goes
};

// The colour scale's top and the contour levels of a grid, kept when the grid moves.
struct DensityScale {
  double max_value = 0.0;
  std::vector<double> contour_levels;
};

// Samples the field for `target` over x_box × y_box. `keep`: the scale to keep (a moved grid
// keeps its colours and contours); none: the new grid's maximum and mass levels. Checks
// `control` for cancellation once per row.
DensityField compute_density_field(const Target& target, const Interval& x_box,
                                   const Interval& y_box, const DensityScale* keep,
                                   JobControl* control);

}  // namespace sgl
