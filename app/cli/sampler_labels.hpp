// How each sampler of a run is named in draws.csv and summary.json: its id, with "#2", "#3"…
// appended to the second and later occurrences when the same id appears more than once (e.g. two
// sghmc settings compared side by side), so that every row and entry is unambiguous.
#pragma once

#include <string>
#include <vector>

#include "core/run/run_spec.hpp"

namespace sgl {

// One label per entry of spec.chains, in order.
std::vector<std::string> sampler_labels(const RunSpec& spec);

}  // namespace sgl
