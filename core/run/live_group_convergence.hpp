// Multi-chain convergence in the live session: rank-normalised split-R̂ and bulk/tail ESS
// (diagnostics/convergence.hpp, as `run` reports them) for every group of two or more chains of
// one sampler with the same settings, over the newest draws the group's chains have in common.
// Refreshed by the engine's worker one coordinate at a time, like the per-chain ACF/ESS
// (live_chain_stats.hpp), so the UI never computes them and the worker is never away from its
// commands for long.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "diagnostics/convergence.hpp"
#include "run/chain.hpp"

namespace sgl {

// Draws per chain the diagnostics use (the newest; fewer when a chain of the group has fewer).
// 2^13 draws of 7 chains cost a few ms per coordinate (ranks of all draws, five multi-chain
// FFT ESS) and still span 80 × an IAT of 100.
constexpr std::size_t kLiveConvergenceWindow = std::size_t{1} << 13;
// Least time between two refreshes of the groups.
constexpr std::chrono::milliseconds kLiveConvergenceInterval{1000};

struct GroupConvergence {
  std::string sampler_id;
  std::string key;                  // sampler and settings: the chains' common identity
  std::vector<std::string> labels;  // the group's chains, in session order
  std::size_t draws_per_chain = 0;  // the window each chain contributed
  std::vector<ConvergenceDiagnostics> coordinates;  // per coordinate (NaN: not enough draws)
};

// One chain as the groups see it.
struct ConvergenceMember {
  std::string label;
  std::string sampler_id;
  const Chain* chain = nullptr;
};

// Positions in `members` of each group: the chains that have not stopped and share a sampler and
// all its settings (replicas), in order of the group's first chain; only groups of two or more.
std::vector<std::vector<std::size_t>> convergence_groups(
    const std::vector<ConvergenceMember>& members);

// R̂ and bulk/tail ESS of coordinate `coord` over the newest min(window, shortest stored)
// draws of each chain; `draws_per_chain` receives that length.
ConvergenceDiagnostics window_convergence(const std::vector<const DrawStore*>& stores, int coord,
                                          std::size_t window, std::size_t* draws_per_chain);

class LiveGroupConvergence {
 public:
  using Clock = std::chrono::steady_clock;

  void clear();
  // Whether a step is wanted now: a refresh is under way, or it is due and the groups' chains
  // have new draws (or the groups changed) since the last one.
  bool wanted(const std::vector<ConvergenceMember>& members, Clock::time_point now) const;
  Clock::time_point due_at() const;
  // Computes one coordinate of one group; after the last the results replace groups().
  // Returns whether it did anything.
  bool update_step(const std::vector<ConvergenceMember>& members, Clock::time_point now);
  const std::vector<GroupConvergence>& groups() const { return groups_; }

 private:
  static std::uint64_t signature(const std::vector<ConvergenceMember>& members);

  std::vector<GroupConvergence> groups_;
  std::vector<GroupConvergence> pending_;
  std::size_t next_group_ = 0;
  int next_coord_ = 0;
  bool under_way_ = false;
  std::uint64_t last_signature_ = 0;
  std::uint64_t pending_signature_ = 0;
  Clock::time_point finished_at_{};
};

}  // namespace sgl
