// What the views draw of the GUI's leapfrog slow motion (slow_motion.hpp): the recorded path of
// one chain's iteration and how much of it has been played back. Views read it from the
// ViewContext; only the slow-motion controller writes it.
#pragma once

#include <memory>
#include <vector>

#include "core/run/recorded_trajectory.hpp"

namespace sgl {

struct SlowMotionFrame {
  int chain_id = -1;
  std::shared_ptr<const RecordedTrajectory> trajectory;
  // The points played back, in order, as indices into trajectory->points: the start, then each
  // leapfrog (or SGHMC) step. For SGHMC several one-step iterations make one path.
  std::vector<std::size_t> path;
  std::size_t shown = 0;        // path[0..shown] are drawn; path[shown] is the current point
  bool decision_shown = false;  // the path is complete and its MH decision is drawn
  bool waiting = false;         // the next iteration has been asked for and not arrived yet

  const TrajectoryPoint& point(std::size_t k) const { return trajectory->points[path[k]]; }
  const TrajectoryPoint& current() const { return point(shown); }
  bool playing() const { return trajectory != nullptr && !path.empty(); }
};

}  // namespace sgl
