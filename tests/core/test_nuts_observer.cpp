// NUTS's observed tree (trajectory_observer.hpp: on_tree), which the window's slow motion plays
// back doubling by doubling: every leapfrog point of every doubling, signed indices that grow
// the path contiguously at one end or the other, the point drawn as the next state among them,
// and draws identical with and without an observer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "core/run/chain.hpp"
#include "core/run/recorded_trajectory.hpp"
#include "core/targets/target_registry.hpp"

using namespace sgl;

TEST_CASE("NUTS reports its tree: every point, contiguous doublings, the drawn point",
          "[nuts][trajectory]") {
  auto target = make_target({"gauss2d", {{"rho", 0.9}}, "", "y"});
  Chain watched(target, "nuts", {}, 5, target->default_init(), 0, 1);
  RecordedTrajectory recorded;
  TrajectoryRecorder recorder(recorded, 1000000);
  watched.set_trajectory_observer(&recorder);
  watched.run(60);
  watched.set_trajectory_observer(nullptr);
  Chain plain(target, "nuts", {}, 5, target->default_init(), 0, 1);
  plain.run(60);
  REQUIRE(watched.draws().size() == plain.draws().size());
  for (std::size_t i = 0; i < plain.draws().size(); ++i)
    for (int c = 0; c < 2; ++c) REQUIRE(watched.draws().theta(i, c) == plain.draws().theta(i, c));

  REQUIRE(recorded.trees.size() == 60);
  REQUIRE(recorded.decisions.size() == 60);
  std::map<std::uint64_t, std::vector<const TrajectoryPoint*>> points;
  for (const TrajectoryPoint& point : recorded.points) points[point.iteration].push_back(&point);
  int uturns = 0;
  for (const TrajectoryTree& tree : recorded.trees) {
    INFO("iteration " << tree.iteration);
    const auto& tree_points = points.at(tree.iteration);
    REQUIRE(tree_points.front()->leapfrog == 0);
    // Each point extends the path by one step at one of its ends.
    int lowest = 0, highest = 0;
    for (std::size_t k = 1; k < tree_points.size(); ++k) {
      const int index = tree_points[k]->leapfrog;
      CHECK((index == highest + 1 || index == lowest - 1));
      highest = std::max(highest, index);
      lowest = std::min(lowest, index);
    }
    // `depth` doublings completed: 2^depth − 1 steps, plus a cut last doubling's points.
    const int steps = static_cast<int>(tree_points.size()) - 1;
    CHECK(steps >= (1 << tree.depth) - 1);
    CHECK(steps <= (1 << (tree.depth + 1)) - 1);
    CHECK(tree.chosen >= lowest);
    CHECK(tree.chosen <= highest);
    const TrajectoryDecision* decision = recorded.decision_of(tree.iteration);
    REQUIRE(decision != nullptr);
    if (decision->accepted) {
      // The chain's draw at this iteration is the chosen point.
      const TrajectoryPoint* chosen = nullptr;
      for (const TrajectoryPoint* point : tree_points)
        if (point->leapfrog == tree.chosen) chosen = point;
      REQUIRE(chosen != nullptr);
      const std::size_t draw = tree.iteration - 1;
      CHECK(plain.draws().theta(draw, 0) == chosen->theta[0]);
      CHECK(plain.draws().theta(draw, 1) == chosen->theta[1]);
    }
    // A divergent tree says so in its decision too.
    CHECK((tree.stop == TrajectoryObserver::TreeStop::Divergence) == decision->divergent);
    if (tree.stop == TrajectoryObserver::TreeStop::UTurn) ++uturns;
    CHECK(tree.stop != TrajectoryObserver::TreeStop::MaxDepth);
  }
  // On a correlated Gaussian the trees stop by U-turns (a few diverge while the step size is
  // still adapting: the chain has no burn-in), never at the maximum depth.
  CHECK(uturns >= 55);
}
