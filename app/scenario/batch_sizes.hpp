// A scenario's sweep and ensemble sized before they start, with the same caps as `run` (10^15
// steps per chain; data passes likewise) and a memory estimate against the same budget: a sweep
// of 40 values x 10^7 steps keeping 10^7 draws each, or an ensemble of 10^15 steps, is refused at
// once with its figures instead of ending in the out-of-memory handler or never ending.
#pragma once

#include "app/scenario/scenario.hpp"

namespace sgl {

// Throws UserError naming the field and the figures. `dim`: the target's dimension.
void check_batch_sizes(const Scenario& scenario, int dim);

}  // namespace sgl
