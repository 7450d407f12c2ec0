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

#include "core/diagnostics/convergence.hpp"
#include "core/run/group_convergence.hpp"
#include "core/run/chain.hpp"

namespace sgl {

// Least time between two refreshes of the groups.
constexpr std::chrono::milliseconds kLiveConvergenceInterval{1000};


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
