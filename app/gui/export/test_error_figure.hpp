// The figure of a test-error scenario (nn-fashion): the test error of each sampler's current draw
// (solid) and of its Bayesian model average (dashed) against data passes, one colour per sampler,
// drawn by the plot module into SVG as the run figures are (view_svg_export.hpp).
#pragma once

#include <string>

#include "app/scenario/test_error_experiment.hpp"

namespace sgl {

// The SVG document (1280×720). Must not be called between another ImGui context's NewFrame and
// Render.
std::string test_error_svg(const TestErrorResult& result, const std::string& title);

}  // namespace sgl
