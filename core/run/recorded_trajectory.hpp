// A few iterations of one chain's path, point by point, as a TrajectoryObserver collects them
// (trajectory_observer.hpp): what the GUI's slow motion plays back and tests inspect. Points are
// kept in order; each iteration's points end with its decision.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/samplers/trajectory_observer.hpp"

namespace sgl {

struct TrajectoryPoint {
  std::uint64_t iteration = 0;  // the 1-based step index of the iteration's draw
  int leapfrog = 0;             // 0 = the start of the iteration's path
  std::vector<double> theta;
  std::vector<double> momentum;
  double hamiltonian = 0.0;  // as the sampler sees it (trajectory_observer.hpp)
};

struct TrajectoryDecision {
  std::uint64_t iteration = 0;
  bool accepted = true;
  double accept_prob = 1.0;
  bool divergent = false;
};

// A tree-building sampler's tree (NUTS; trajectory_observer.hpp: on_tree).
struct TrajectoryTree {
  std::uint64_t iteration = 0;
  int depth = 0;
  int chosen = 0;  // the signed leapfrog index of the point drawn as the next state
  TrajectoryObserver::TreeStop stop = TrajectoryObserver::TreeStop::UTurn;
};

struct RecordedTrajectory {
  int chain_id = -1;
  std::string sampler_id;
  bool metropolis = false;        // whether the decisions are MH tests (else every step is kept)
  bool estimated_energy = false;  // H is HMC-ECS's estimate Ĥ, not the exact H
  std::uint64_t serial = 0;       // increments with every recording the engine makes
  std::vector<TrajectoryPoint> points;
  std::vector<TrajectoryDecision> decisions;  // one per iteration, in order
  std::vector<TrajectoryTree> trees;          // one per iteration of a tree-building sampler

  // The tree of `iteration`, or null (a sampler with one path per iteration, or not yet).
  const TrajectoryTree* tree_of(std::uint64_t iteration) const {
    for (const TrajectoryTree& tree : trees)
      if (tree.iteration == iteration) return &tree;
    return nullptr;
  }

  // The decision of `iteration`, or null if it has none yet.
  const TrajectoryDecision* decision_of(std::uint64_t iteration) const {
    for (const TrajectoryDecision& decision : decisions)
      if (decision.iteration == iteration) return &decision;
    return nullptr;
  }
};

// Collects every point and decision into `trajectory`, up to `max_points` points (a runaway
// L = 1000 path stays bounded; later points of the iteration are dropped, its decision kept).
class TrajectoryRecorder final : public TrajectoryObserver {
 public:
  TrajectoryRecorder(RecordedTrajectory& trajectory, std::size_t max_points)
      : trajectory_(trajectory), max_points_(max_points) {}

  void on_point(std::uint64_t iteration, int leapfrog, const Vec& theta, const Vec& momentum,
                double hamiltonian) override {
    if (trajectory_.points.size() >= max_points_) return;
    trajectory_.points.push_back(
        {iteration, leapfrog, std::vector<double>(theta.data(), theta.data() + theta.size()),
         std::vector<double>(momentum.data(), momentum.data() + momentum.size()), hamiltonian});
  }
  void on_decision(std::uint64_t iteration, bool accepted, double accept_prob,
                   bool divergent) override {
    trajectory_.decisions.push_back({iteration, accepted, accept_prob, divergent});
  }
  void on_tree(std::uint64_t iteration, int depth, int chosen, TreeStop stop) override {
    trajectory_.trees.push_back({iteration, depth, chosen, stop});
  }

 private:
  RecordedTrajectory& trajectory_;
  std::size_t max_points_;
};

}  // namespace sgl
