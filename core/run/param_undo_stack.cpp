#include "core/run/param_undo_stack.hpp"

#include <algorithm>

namespace sgl {
namespace {

double value_or_default(const ParamValues& values, const ParamDescriptor& descriptor) {
  const auto it = values.find(descriptor.name);
  return it != values.end() ? it->second : descriptor.default_value;
}

// Applies `describe` to each descriptor whose value differs, joined by ", ".
template <class Describe>
std::string join_differences(const std::vector<ParamDescriptor>& descriptors,
                             const ParamValues& from, const ParamValues& to, Describe describe) {
  std::string text;
  for (const ParamDescriptor& descriptor : descriptors) {
    const double old_value = value_or_default(from, descriptor);
    const double new_value = value_or_default(to, descriptor);
    if (old_value == new_value) continue;
    if (!text.empty()) text += ", ";
    text += describe(descriptor, old_value, new_value);
  }
  return text;
}

}  // namespace

void ParamUndoStack::record(int chain_id, const std::string& sampler_id, const ParamValues& before,
                            const ParamValues& after, bool chain_stopped) {
  if (gesture_open_ && !entries_.empty() && entries_.back().chain_id == chain_id &&
      entries_.back().sampler_id == sampler_id) {
    entries_.back().after = after;
    if (entries_.back().before == after) entries_.pop_back();
  } else if (before != after) {
    entries_.push_back({chain_id, sampler_id, before, after, chain_stopped});
    if (entries_.size() > capacity_) entries_.pop_front();
  }
  gesture_open_ = true;
}

const ParamUndoEntry* ParamUndoStack::newest_of(int chain_id) const {
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
    if (it->chain_id == chain_id) return &*it;
  return nullptr;
}

std::vector<const ParamUndoEntry*> ParamUndoStack::entries_of(int chain_id) const {
  std::vector<const ParamUndoEntry*> found;
  for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
    if (it->chain_id == chain_id) found.push_back(&*it);
  return found;
}

std::optional<ParamUndoEntry> ParamUndoStack::pop() {
  gesture_open_ = false;
  if (entries_.empty()) return std::nullopt;
  ParamUndoEntry entry = std::move(entries_.back());
  entries_.pop_back();
  return entry;
}

void ParamUndoStack::forget_chain(int chain_id) {
  entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                [chain_id](const ParamUndoEntry& entry) {
                                  return entry.chain_id == chain_id;
                                }),
                 entries_.end());
}

std::string describe_param_change(const std::vector<ParamDescriptor>& descriptors,
                                  const ParamValues& from, const ParamValues& to) {
  return join_differences(
      descriptors, from, to,
      [](const ParamDescriptor& descriptor, double old_value, double new_value) {
        return descriptor.label + " " + format_param_value(descriptor, old_value) + " → " +
               format_param_value(descriptor, new_value);
      });
}

std::string describe_param_values(const std::vector<ParamDescriptor>& descriptors,
                                  const ParamValues& from, const ParamValues& to) {
  return join_differences(
      descriptors, from, to, [](const ParamDescriptor& descriptor, double, double new_value) {
        return descriptor.label + " = " + format_param_value(descriptor, new_value);
      });
}

}  // namespace sgl
