// The figures `sgmcmc-lab run --out DIR` writes next to draws.csv and summary.json: the GUI's
// views drawn headless into SVG from the finished session (view_svg_export.hpp).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/run/session.hpp"

namespace sgl {

// Writes trace.svg (whole run), phase_space.svg, histogram.svg, autocorrelation.svg, energy.svg
// and, for 2-D targets, target.svg (contours of the density with the samples), each to
// staged_path(name). Shows coordinate 0 (the pair 0, 1 for the target). Returns the names
// written; throws UserError when one cannot be written.
std::vector<std::string> write_run_figures(
    const Session& session, const std::function<std::string(const std::string&)>& staged_path);

}  // namespace sgl
