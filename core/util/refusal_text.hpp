// A refusal as the window shows it: the samplers word their refusals for the command line, with
// parameter ids ("sghmc: friction C = 0.1 is below noise_estimate B̂ = 0.2"), which the CLI and its
// tests keep. The window names the chain by its label and each parameter by the label its slider
// shows ("SGHMC: friction C = 0.1 is below noise estimate B̂ = 0.2").
#pragma once

#include <string>
#include <vector>

#include "core/util/params.hpp"

namespace sgl {

// `message` with a leading "'<chain_label>': " (the engine's) and "<sampler_id>: " (the
// sampler's) replaced by one "<chain_label>: ", and every parameter id
// of `params` (as a whole word) replaced by its label; an id already followed by its label's
// symbol ("noise_estimate B̂") gives the label once.
std::string user_facing_refusal(const std::string& message, const std::string& sampler_id,
                                const std::string& chain_label,
                                const std::vector<ParamDescriptor>& params);

}  // namespace sgl
