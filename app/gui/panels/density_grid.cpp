#include "app/gui/panels/density_grid.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>

#include "core/plot/framing_box.hpp"
#include "core/plot/plot_math.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {
namespace {

// The heatmap covers the visible box and this fraction of its size beyond each side, so a pan
// or a zoom out still shows the density nearby while the next grid is computed.
constexpr double kFieldMargin = 0.3;

Interval widened(const Interval& range) {
  const double margin = kFieldMargin * (range.hi - range.lo);
  return {range.lo - margin, range.hi + margin};
}

bool covers(const Interval& grid, const Interval& view) {
  const double slack = 0.01 * (view.hi - view.lo);
  return grid.lo <= view.lo + slack && grid.hi >= view.hi - slack &&
         (view.hi - view.lo) > 0.25 * (grid.hi - grid.lo);
}

// Seven contours from the core of the mass out to its 99%.
const std::vector<double> kContourMassShares = {0.2, 0.4, 0.6, 0.8, 0.9, 0.95, 0.99};

}  // namespace

DensityField compute_density_field(const Target& target, const Interval& x_box,
                                   const Interval& y_box, const DensityScale* keep,
                                   JobControl* control) {
  constexpr int kCells = DensityField::kCells;
  DensityField field;
  field.x_box = x_box;
  field.y_box = y_box;
  const TruthGrid* truth = target.truth();
  double top = -std::numeric_limits<double>::infinity();
  std::vector<double> raw(static_cast<std::size_t>(kCells) * kCells);
  for (int j = 0; j < kCells; ++j) {
    if (control != nullptr) {
      control->check_cancelled();
      control->set_progress(static_cast<double>(j) / kCells);
    }
    for (int i = 0; i < kCells; ++i) {
      const double point[2] = {x_box.lo + (x_box.hi - x_box.lo) * (i + 0.5) / kCells,
                               y_box.lo + (y_box.hi - y_box.lo) * (j + 0.5) / kCells};
      // The truth grid is already computed and costs nothing per point, whereas U of a data
      // target costs a pass over the data: prefer it when there is one.
      const double value =
          truth != nullptr ? std::log(truth->density(point)) : -target.potential(point);
      raw[static_cast<std::size_t>(j) * kCells + i] = value;
      if (std::isfinite(value)) top = std::max(top, value);
    }
  }
  if (keep != nullptr) {
    top = keep->max_value;
    field.contour_levels = keep->contour_levels;
  } else {
    field.contour_levels = mass_contour_levels(raw, kContourMassShares);
  }
  if (!std::isfinite(top)) top = 0.0;
  const double floor = top - DensityField::kLogDensityDepth;
  field.values.resize(raw.size());
  for (std::size_t k = 0; k < raw.size(); ++k) {
    const double value = std::isfinite(raw[k]) ? raw[k] : floor;  // zero density → the floor
    field.values[k] = static_cast<float>(std::clamp(value, floor, top));
  }
  field.max_value = top;
  return field;
}

const std::vector<Interval>& DensityGrid::frame(const std::shared_ptr<const Target>& target) {
  bind(target);
  return frame_;
}

const DensityField* DensityGrid::field(const std::shared_ptr<const Target>& target,
                                       const Interval& x_view, const Interval& y_view) {
  bind(target);
  adopt_finished();
  // One grid at a time: a pan asks again once the running grid is adopted, so a long drag
  // shows grids as fast as they come instead of cancelling each before it ends.
  if (ready_ && !job_.running() &&
      !(covers(ready_->x_box, x_view) && covers(ready_->y_box, y_view)))
    request(target, widened(x_view), widened(y_view), false);
  return ready_.get();
}

void DensityGrid::bind(const std::shared_ptr<const Target>& target) {
  if (target_.lock() == target && !frame_.empty()) return;
  target_ = target;
  frame_ = mass_framing_box(*target);
  ready_.reset();  // another target's picture would mislead: nothing until the first grid
  // The colour scale's top is set on the first grid of a target and kept when the grid moves,
  // so colours do not shift under a pan.
  request(target, widened(frame_[0]), widened(frame_[1]), true);
}

void DensityGrid::request(const std::shared_ptr<const Target>& target, const Interval& x_box,
                          const Interval& y_box, bool new_scale) {
  std::optional<DensityScale> keep;
  if (!new_scale && ready_) keep = DensityScale{ready_->max_value, ready_->contour_levels};
  if (!background_) {
    ready_ = std::make_unique<DensityField>(
        compute_density_field(*target, x_box, y_box, keep ? &*keep : nullptr, nullptr));
    ready_->revision = ++revisions_;
    return;
  }
  // The job holds the target itself: it stays alive (and immutable: Target's evaluations are
  // const and shared with the engine's worker already) even if the session drops it meanwhile.
  auto result = std::make_shared<DensityField>();
  pending_ = result;
  job_.start(
      [target, x_box, y_box, keep, result](JobControl& control) {
        *result = compute_density_field(*target, x_box, y_box, keep ? &*keep : nullptr, &control);
        return std::string();
      },
      on_finish_);
}

void DensityGrid::adopt_finished() {
  const std::optional<JobOutcome> outcome = job_.take_outcome();
  if (!outcome || !pending_) return;
  if (outcome->ok) {
    ready_ = std::make_unique<DensityField>(std::move(*pending_));
    ready_->revision = ++revisions_;
  }
  pending_.reset();
}

}  // namespace sgl
