// Thinning plot geometry to the pixel grid before it is drawn. A series longer than the plot is
// wide, a trail that circles inside a few pixels, a cloud of thousands of points: most of their
// primitives land on pixels already covered, and under software GL every covered pixel costs
// fill time. Each function here keeps the picture the same to the pixel while dropping what the
// eye cannot see. Pure arithmetic in pixel coordinates (y grows downwards), so it is tested
// without a window.
#pragma once

#include <cstdint>
#include <vector>

namespace sgl {

// A point in pixels (the plot painters' coordinates).
struct PixelPoint {
  float x = 0.0f;
  float y = 0.0f;
};

// For a polyline whose x only grows (a trace, an autocorrelation): M4 decimation (Jugel et al.
// 2014). A run of consecutive points in one pixel column becomes its first, lowest, highest and
// last point, in their original order, so the drawn line covers the same pixels; a series of
// any length costs at most four vertices per column.
void keep_column_extremes(std::vector<PixelPoint>& points);

// For a polyline that wanders in two dimensions (a trajectory, a phase-space orbit): a run of
// consecutive points inside one pixel keeps only its first and last point. The line still
// enters and leaves the pixel where it did, so the picture does not change.
void merge_points_within_pixels(std::vector<PixelPoint>& points);

// One mark of a thinned point cloud: every point of a cloud that fell in this pixel, drawn once
// at the pixel's centre with the opacity of `count` marks stacked.
struct CloudPixel {
  PixelPoint centre;
  int count = 0;
};

// A cloud of equal marks (one colour, one size) thinned to one mark per pixel, in the order
// each pixel was first hit. Stacking n marks of opacity a is one mark of opacity
// stacked_opacity(a, n), whatever the order, so the picture keeps its density shading.
std::vector<CloudPixel> merge_cloud_pixels(const std::vector<PixelPoint>& points);

// The opacity of n layers of opacity `alpha` drawn over each other: 1 − (1 − alpha)ⁿ.
float stacked_opacity(float alpha, int layers);

// A straight colour with its opacity (each component in 0..1).
struct Rgba {
  float r = 0.0f, g = 0.0f, b = 0.0f, a = 0.0f;
};

// Several translucent layers drawn over each other in this order (each over the ones before)
// are one layer of the returned colour and opacity: Porter and Duff's "over" composes. Drawing
// that one layer instead gives the same pixels with one blend instead of several.
Rgba composite_over(const std::vector<Rgba>& layers_bottom_to_top);

}  // namespace sgl
