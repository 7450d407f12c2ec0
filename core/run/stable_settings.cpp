#include "core/run/stable_settings.hpp"

#include <algorithm>

namespace sgl {

namespace {

// The index k of the last stable stretch (k = 0: the initial values, else history[k - 1]'s), which
// ends at history[k].step; nullopt if none.
std::optional<std::size_t> last_stable_stretch(const ParamValues& initial,
                                               const std::vector<ParamChange>& history,
                                               std::uint64_t stop_step, std::uint64_t min_steps) {
  if (history.empty()) return std::nullopt;  // it stopped under the settings it started with
  const ParamValues& final_params = history.back().params;
  // Stretch k (k = 0: the initial values) runs from its start to the next change.
  for (std::size_t k = history.size(); k-- > 0;) {
    const ParamValues& params = k == 0 ? initial : history[k - 1].params;
    const std::uint64_t start = k == 0 ? 0 : history[k - 1].step;
    const std::uint64_t end = std::min(history[k].step, stop_step);
    if (params != final_params && end >= start && end - start >= min_steps) return k;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ParamValues> last_stable_params(const ParamValues& initial,
                                              const std::vector<ParamChange>& history,
                                              std::uint64_t stop_step, std::uint64_t min_steps) {
  const auto k = last_stable_stretch(initial, history, stop_step, min_steps);
  if (!k) return std::nullopt;
  return *k == 0 ? initial : history[*k - 1].params;
}

std::optional<std::uint64_t> last_stable_stretch_end(const ParamValues& initial,
                                                     const std::vector<ParamChange>& history,
                                                     std::uint64_t stop_step,
                                                     std::uint64_t min_steps) {
  const auto k = last_stable_stretch(initial, history, stop_step, min_steps);
  if (!k) return std::nullopt;
  return std::min(history[*k].step, stop_step);
}

ParamValues params_at_stop(const ParamValues& initial, const std::vector<ParamChange>& history,
                           std::uint64_t stop_step) {
  // A change logged at step s applies from step s + 1, so the ones before the stop step ran.
  const ParamValues* in_force = &initial;
  for (const ParamChange& change : history)
    if (change.step < stop_step) in_force = &change.params;
  return *in_force;
}

std::optional<ParamValues> settings_before_breaking_change(
    const ParamUndoStack& undo, int chain_id, const std::string& sampler_id,
    const ParamValues& current, const ParamValues& initial, const std::vector<ParamChange>& history,
    bool history_complete, std::uint64_t stop_step) {
  // Back through the chain's undo entries from the current values, past the changes made after
  // the stop (they did not break it), to the change that was made while it ran.
  ParamValues values = current;
  for (const ParamUndoEntry* entry : undo.entries_of(chain_id)) {
    if (entry->sampler_id != sampler_id || entry->after != values) break;
    if (!entry->began_stopped) {
      if (entry->before != current) return entry->before;
      break;
    }
    values = entry->before;
  }
  if (!history_complete) return std::nullopt;
  return last_stable_params(initial, history, stop_step);
}

}  // namespace sgl
