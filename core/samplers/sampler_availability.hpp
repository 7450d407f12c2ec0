// Which samplers can run on a target, and why not: the pickers grey out the others and say why
// in the tooltip instead of letting the user pick one and read a refusal afterwards.
#pragma once

#include <map>
#include <string>

#include "core/targets/target.hpp"

namespace sgl {

// Sampler id → the reason it cannot run on `target` (make_sampler's own refusal with default
// parameters). Samplers that can run are absent. Only analytic targets are probed, where building
// a sampler is cheap; data targets suit every sampler (and building HMC-ECS there costs a
// full-data Newton solve, so they are not probed).
std::map<std::string, std::string> unavailable_samplers(const Target& target);

}  // namespace sgl
