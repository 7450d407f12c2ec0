// Contour lines of a scalar field on a regular grid by marching squares, for back ends that
// cannot draw the GPU heatmap (SVG export). Pure arithmetic; the GL shader draws the same levels
// on screen.
#pragma once

#include <vector>

namespace sgl {

// One piece of a contour line, in grid coordinates: grid point (i, j) is at (i, j).
struct ContourSegment {
  double x0, y0, x1, y1;
};

// Segments where the field crosses `level`. values[j · nx + i] is the value at grid point (i, j).
// Each cell contributes zero, one or two segments (the saddle case is resolved by the cell's
// mean, so lines never cross); non-finite corners skip the cell. Empty for nx or ny < 2.
std::vector<ContourSegment> contour_segments(const std::vector<float>& values, int nx, int ny,
                                             double level);

}  // namespace sgl
