#include "core/run/live_group_convergence.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <map>

namespace sgl {
namespace {

ConvergenceDiagnostics not_available() {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  return {nan, nan, nan};
}

// Chains pool into one R̂ only when they are replicas: the same sampler with the same settings.
// chen-fig1's HMC with and without MH are two samplers as far as R̂ is concerned.
std::string group_key(const ConvergenceMember& member) {
  std::string key = member.sampler_id;
  if (member.chain == nullptr) return key;
  char number[40];
  for (const auto& [name, value] : member.chain->full_params()) {
    std::snprintf(number, sizeof number, "%.17g", value);
    key += "|" + name + "=" + number;
  }
  return key;
}

}  // namespace

std::vector<std::vector<std::size_t>> convergence_groups(
    const std::vector<ConvergenceMember>& members) {
  std::vector<std::vector<std::size_t>> groups;
  // Key -> group index: O(n log n) for thousands of chains, not a linear search per chain.
  std::map<std::string, std::size_t> group_of_key;
  for (std::size_t i = 0; i < members.size(); ++i) {
    if (members[i].chain == nullptr || members[i].chain->stopped()) continue;
    const auto [known, added] = group_of_key.emplace(group_key(members[i]), groups.size());
    if (added)
      groups.push_back({i});
    else
      groups[known->second].push_back(i);
  }
  std::erase_if(groups, [](const auto& group) { return group.size() < 2; });
  return groups;
}

ConvergenceDiagnostics window_convergence(const std::vector<const DrawStore*>& stores, int coord,
                                          std::size_t window, std::size_t* draws_per_chain) {
  std::size_t length = window;
  bool coordinate_exists = true;  // a target switch between two steps may change the dimension
  for (const DrawStore* store : stores) {
    length = std::min(length, store->size());
    coordinate_exists = coordinate_exists && coord >= 0 && coord < store->dim();
  }
  if (draws_per_chain) *draws_per_chain = length;
  if (stores.size() < 2 || length < 4 || !coordinate_exists) return not_available();
  std::vector<std::vector<double>> chains;
  chains.reserve(stores.size());
  for (const DrawStore* store : stores) {
    const std::size_t first = store->size() - length;
    std::vector<double>& series = chains.emplace_back(length);
    for (std::size_t i = 0; i < length; ++i) series[i] = store->theta(first + i, coord);
  }
  return convergence_diagnostics(chains);
}

void LiveGroupConvergence::clear() {
  groups_.clear();
  pending_.clear();
  next_group_ = 0;
  next_coord_ = 0;
  under_way_ = false;
  last_signature_ = 0;
  finished_at_ = {};
}

std::uint64_t LiveGroupConvergence::signature(const std::vector<ConvergenceMember>& members) {
  // Changes when a chain steps, stops, is added, removed, renamed or given another sampler.
  std::uint64_t hash = 1469598103934665603ull;
  const auto mix = [&hash](std::uint64_t value) { hash = (hash ^ value) * 1099511628211ull; };
  for (const ConvergenceMember& member : members) {
    if (member.chain == nullptr) continue;
    mix(member.chain->draws().appended());
    mix(member.chain->stopped() ? 1 : 2);
    mix(std::hash<std::string>{}(member.sampler_id));
    mix(std::hash<std::string>{}(member.label));
  }
  return hash;
}

LiveGroupConvergence::Clock::time_point LiveGroupConvergence::due_at() const {
  return under_way_ ? Clock::time_point{} : finished_at_ + kLiveConvergenceInterval;
}

bool LiveGroupConvergence::wanted(const std::vector<ConvergenceMember>& members,
                                  Clock::time_point now) const {
  if (under_way_) return true;
  if (now < due_at()) return false;
  return signature(members) != last_signature_;
}

bool LiveGroupConvergence::update_step(const std::vector<ConvergenceMember>& members,
                                       Clock::time_point now) {
  if (!wanted(members, now)) return false;
  const std::vector<std::vector<std::size_t>> groups = convergence_groups(members);
  if (!under_way_) {
    // The group list is fixed when a refresh starts; the chains are looked up again at every
    // step (by sampler), since a command may have removed or rebuilt one in between.
    pending_.clear();
    for (const auto& group : groups) {
      GroupConvergence entry;
      entry.sampler_id = members[group.front()].sampler_id;
      entry.key = group_key(members[group.front()]);
      for (std::size_t i : group) entry.labels.push_back(members[i].label);
      entry.draws_per_chain = kLiveConvergenceWindow;
      entry.coordinates.assign(std::size_t(members[group.front()].chain->target().dim()),
                               not_available());
      pending_.push_back(std::move(entry));
    }
    next_group_ = 0;
    next_coord_ = 0;
    pending_signature_ = signature(members);
    under_way_ = true;
  }
  if (next_group_ < pending_.size()) {
    GroupConvergence& entry = pending_[next_group_];
    const auto current = std::find_if(groups.begin(), groups.end(), [&](const auto& group) {
      return group_key(members[group.front()]) == entry.key;
    });
    std::size_t length = 0;
    if (current != groups.end() && next_coord_ < int(entry.coordinates.size())) {
      std::vector<const DrawStore*> stores;
      for (std::size_t i : *current) stores.push_back(&members[i].chain->draws());
      entry.coordinates[std::size_t(next_coord_)] =
          window_convergence(stores, next_coord_, kLiveConvergenceWindow, &length);
    }
    entry.draws_per_chain = std::min(entry.draws_per_chain, length);
    if (++next_coord_ >= int(entry.coordinates.size())) {
      next_coord_ = 0;
      ++next_group_;
    }
  }
  if (next_group_ >= pending_.size()) {
    groups_ = std::move(pending_);
    pending_.clear();
    under_way_ = false;
    last_signature_ = pending_signature_;
    finished_at_ = now;
  }
  return true;
}

}  // namespace sgl
