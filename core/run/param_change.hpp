// A chain's parameter change, logged with the step it applies after: the history that replays
// a chain exactly and marks the change on the plots.
#pragma once

#include <cstdint>

#include "core/util/params.hpp"

namespace sgl {

struct ParamChange {
  std::uint64_t step;  // the change applies from step step+1
  ParamValues params;
};

}  // namespace sgl
