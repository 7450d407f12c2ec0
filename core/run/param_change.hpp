// A chain's parameter change, logged with the step it applies after: the history that replays
// a chain exactly and marks the change on the plots.
#pragma once

#include <cstdint>
#include <vector>

#include "core/util/params.hpp"

namespace sgl {

struct ParamChange {
  std::uint64_t step;  // the change applies from step step+1
  ParamValues params;
  // The chain had stopped at a divergence and goes on under these settings (Chain::resume) from
  // `resume_theta`, its draw at step `resume_from` where the trouble began (the draws after it
  // are dropped, momentum drawn afresh); a replay does the same at this step.
  bool resumes = false;
  std::uint64_t resume_from = 0;
  std::vector<double> resume_theta{};
};

}  // namespace sgl
