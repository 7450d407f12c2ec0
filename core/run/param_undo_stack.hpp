// Undo for parameter changes across a window's chains (Ctrl+Z). A slider drag sends a change
// every frame; while the gesture lasts they merge into one entry, so one Ctrl+Z returns to the
// value before the drag. Pure bookkeeping: the caller applies the returned values.
#pragma once

#include <cstddef>
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "core/util/params.hpp"

namespace sgl {

struct ParamUndoEntry {
  int chain_id = 0;
  std::string sampler_id;  // the sampler the values belong to
  ParamValues before;
  ParamValues after;
  // The chain was already stopped when the change began: a change made after a stop, which
  // cannot be the one that broke the chain (stable_settings.hpp).
  bool began_stopped = false;
};

class ParamUndoStack {
 public:
  explicit ParamUndoStack(std::size_t capacity = 256) : capacity_(capacity) {}

  // Records chain `chain_id` going from `before` to `after`. While a gesture is open, a change
  // of the same chain and sampler extends the newest entry (its `before` stays the first one);
  // an entry whose values end where they started is dropped.
  // `chain_stopped`: whether the chain was stopped when this change came (kept by a new entry).
  void record(int chain_id, const std::string& sampler_id, const ParamValues& before,
              const ParamValues& after, bool chain_stopped = false);
  // Ends the current gesture (mouse released): the next change starts a new entry.
  void end_gesture() { gesture_open_ = false; }
  // Removes and returns the newest entry.
  std::optional<ParamUndoEntry> pop();
  // Drops the entries of a chain that no longer exists or changed sampler.
  void forget_chain(int chain_id);

  const ParamUndoEntry* newest() const { return entries_.empty() ? nullptr : &entries_.back(); }
  // The newest entry of chain `chain_id` (null if none).
  const ParamUndoEntry* newest_of(int chain_id) const;
  // The entries of chain `chain_id`, newest first.
  std::vector<const ParamUndoEntry*> entries_of(int chain_id) const;
  bool empty() const { return entries_.empty(); }
  std::size_t size() const { return entries_.size(); }

 private:
  std::size_t capacity_;
  std::deque<ParamUndoEntry> entries_;
  bool gesture_open_ = false;
};

// "friction C 54 → 1, step size ε 0.2 → 0.1": the parameters that differ, by label.
std::string describe_param_change(const std::vector<ParamDescriptor>& descriptors,
                                  const ParamValues& from, const ParamValues& to);
// "friction C = 1": the values of `to` that differ from `from`.
std::string describe_param_values(const std::vector<ParamDescriptor>& descriptors,
                                  const ParamValues& from, const ParamValues& to);

}  // namespace sgl
