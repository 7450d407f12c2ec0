// "Reset with last stable settings": after a chain stops, the parameters it last ran under
// without trouble for a while, found from its change log. The settings in force when it stopped
// are the suspects, so they never count; a stretch shorter than `min_steps` (one frame of a
// slider drag) proves nothing and is skipped.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/run/chain.hpp"

namespace sgl {

constexpr std::uint64_t kStableStretchSteps = 200;

// `initial`: the values the chain started with; `history`: its changes in order (complete since
// the start); `stop_step`: the step at which it stopped. Nullopt if no earlier settings that
// differ from the final ones ran for `min_steps` steps.
std::optional<ParamValues> last_stable_params(const ParamValues& initial,
                                              const std::vector<ParamChange>& history,
                                              std::uint64_t stop_step,
                                              std::uint64_t min_steps = kStableStretchSteps);

}  // namespace sgl
