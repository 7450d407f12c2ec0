// Which panel a lecture layout puts in its main slot for the target on screen: a lesson written
// for a 1-D target opens on its histogram or phase space, which draw one coordinate; a 2-D
// target (a typed U(x, y), a switch to the banana) would then never show its density. So a 2-D
// target brings the Target view into the main slot, and a 1-D one on a layout led by the Target
// view brings the histogram (the density against the truth). Pure: the layout keeps the
// lesson's own list and asks again whenever the target's dimension changes.
#pragma once

#include <string>
#include <vector>

namespace sgl {

// The lecture's panel stems (main first; empty means the default histogram, target) as shown
// for a target of dimension `dim`.
std::vector<std::string> lecture_stems_for_target(std::vector<std::string> stems, int dim);

}  // namespace sgl
