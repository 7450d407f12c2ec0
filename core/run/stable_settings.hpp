// "Reset with last stable settings": after a chain stops, the parameters it last ran under
// without trouble for a while, found from its change log. The settings in force when it stopped
// are the suspects, so they never count; a stretch shorter than `min_steps` (one frame of a
// slider drag) proves nothing and is skipped.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/run/chain.hpp"
#include "core/run/param_undo_stack.hpp"

namespace sgl {

constexpr std::uint64_t kStableStretchSteps = 200;

// `initial`: the values the chain started with; `history`: its changes in order (complete since
// the start); `stop_step`: the step at which it stopped. Nullopt if no earlier settings that
// differ from the final ones ran for `min_steps` steps.
std::optional<ParamValues> last_stable_params(const ParamValues& initial,
                                              const std::vector<ParamChange>& history,
                                              std::uint64_t stop_step,
                                              std::uint64_t min_steps = kStableStretchSteps);

// The step at which that stretch ended: where the trouble began (a resumed chain goes on from its
// draw there); nullopt if there is no such stretch.
std::optional<std::uint64_t> last_stable_stretch_end(const ParamValues& initial,
                                                     const std::vector<ParamChange>& history,
                                                     std::uint64_t stop_step,
                                                     std::uint64_t min_steps = kStableStretchSteps);

// The values in force when the chain stopped at `stop_step`: a slider dragged on after the stop
// (changes logged at the stop step itself) is not what the sampler's stop reason was about.
ParamValues params_at_stop(const ParamValues& initial, const std::vector<ParamChange>& history,
                           std::uint64_t stop_step);

// The settings before the change that broke the chain: following the chain's undo entries back
// from `current` (a whole slider drag is one entry, however many values it passed through), past
// the changes made after it stopped (a drag back from 60 to 30 did not break it), the values
// before the newest change made while it ran; otherwise last_stable_params. A value met only
// mid-drag is never offered: it ran for a frame or two, which proves nothing however many steps
// that was.
std::optional<ParamValues> settings_before_breaking_change(
    const ParamUndoStack& undo, int chain_id, const std::string& sampler_id,
    const ParamValues& current, const ParamValues& initial, const std::vector<ParamChange>& history,
    bool history_complete, std::uint64_t stop_step);

}  // namespace sgl
