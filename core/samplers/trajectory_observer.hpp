// An optional watcher of a Hamiltonian sampler's path inside one iteration: every leapfrog point
// (θ, r) with its energy H, then the Metropolis–Hastings decision that closes the trajectory
// (Neal 2011, "MCMC using Hamiltonian dynamics", §5.2; Chen et al. 2014 for SGHMC). Front ends
// use it to write trajectories.csv (`run --record-trajectories`) and to play an iteration back
// step by step (the GUI's slow motion, docs/architecture.md#leapfrog-slow-motion).
//
// Observing never changes the draws: it consumes no random numbers, and the energy it reports
// is computed for the observer only. Without an observer the samplers run their usual path.
//
// Which H is reported:
//   HMC, naive SGHMC with MH   the exact H = U(θ) + ½ rᵀM⁻¹r the MH test uses
//   HMC-ECS (both)             the estimated Ĥ = Û(θ; u) + ½ rᵀM⁻¹r with the subsample u fixed,
//                              the energy its MH test compares (not the exact one)
//   SGHMC, naive SGHMC no MH   the exact H of the current (θ, r); one step per iteration, no MH
//                              test: every iteration reports accepted with probability 1
//   NUTS                       the exact H; a tree of points (on_tree below)
#pragma once

#include <Eigen/Dense>
#include <cstdint>

namespace sgl {

using Vec = Eigen::VectorXd;

class TrajectoryObserver {
 public:
  virtual ~TrajectoryObserver() = default;

  // Asked once before iteration `iteration` (the 1-based step index the iteration's draw gets)
  // runs: false skips it, so an observer that keeps only some iterations costs nothing on the
  // others (the reported H needs extra energy evaluations).
  virtual bool wants(std::uint64_t /*iteration*/) { return true; }

  // Point `leapfrog` of the iteration's path: 0 is the start (after the momentum draw), k the
  // state after k leapfrog steps. The references are valid during the call only.
  virtual void on_point(std::uint64_t iteration, int leapfrog, const Vec& theta,
                        const Vec& momentum, double hamiltonian) = 0;

  // The iteration's outcome, after its last point: whether the proposal was accepted (on a
  // rejection the chain stays at point 0), the acceptance probability min(1, exp(H₀ − H_L)), and
  // whether it was divergent (Stan's rule: rejected).
  virtual void on_decision(std::uint64_t iteration, bool accepted, double accept_prob,
                           bool divergent) = 0;

  // Samplers that grow a tree of leapfrog points instead of one path (NUTS) number the points
  // by signed leapfrog index (negative: integrated backward in time) and report them in the
  // order they are computed, a doubling at a time; after the last point and before the decision
  // they report the tree: how many doublings (`depth`), the index of the point drawn as the next
  // state, and why the tree stopped growing. The decision's accepted means "moved" and its
  // accept_prob is the tree's mean acceptance statistic.
  enum class TreeStop { UTurn, Divergence, MaxDepth };
  virtual void on_tree(std::uint64_t /*iteration*/, int /*depth*/, int /*chosen*/,
                       TreeStop /*stop*/) {}
};

}  // namespace sgl
