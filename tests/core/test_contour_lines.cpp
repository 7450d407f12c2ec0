// Marching squares: the contour of a radial field is a closed circle of the right radius.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <utility>

#include "core/plot/contour_lines.hpp"

TEST_CASE("contour_segments traces a closed circle of a radial field") {
  // f = x² + y² on [-2, 2]² with 41 points per axis (spacing 0.1); level 1.05 is the circle of
  // radius √1.05 (no grid point lies exactly on it: i² + j² = 105 has no integer solution).
  constexpr int n = 41;
  constexpr double spacing = 0.1;
  std::vector<float> values(static_cast<std::size_t>(n) * n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) {
      const double x = -2.0 + spacing * i, y = -2.0 + spacing * j;
      values[static_cast<std::size_t>(j) * n + i] = static_cast<float>(x * x + y * y);
    }
  const auto segments = sgl::contour_segments(values, n, n, 1.05);
  REQUIRE(segments.size() > 30);  // circumference 2π / spacing ≈ 63 cells
  std::map<std::pair<long, long>, int> endpoint_uses;
  double worst = 0.0;
  for (const auto& s : segments) {
    for (const auto& [gx, gy] : {std::pair{s.x0, s.y0}, std::pair{s.x1, s.y1}}) {
      const double x = -2.0 + spacing * gx, y = -2.0 + spacing * gy;
      // Linear interpolation of x² along a cell edge errs by at most spacing²/4 relative.
      worst = std::max(worst, std::abs(std::hypot(x, y) - std::sqrt(1.05)));
      ++endpoint_uses[{std::lround(gx * 1e6), std::lround(gy * 1e6)}];
    }
  }
  CHECK(worst < spacing * spacing);
  // Closed: every end point is shared by exactly two segments.
  for (const auto& [point, uses] : endpoint_uses) CHECK(uses == 2);
}

TEST_CASE("contour_segments: saddles give two segments, flat or tiny grids none") {
  // Corners a=1 (bottom left), b=0, c=1, d=0 at level 0.5: a saddle cell.
  const std::vector<float> saddle = {1.0f, 0.0f, 0.0f, 1.0f};  // (0,0) (1,0) / (0,1) (1,1)
  CHECK(sgl::contour_segments(saddle, 2, 2, 0.5).size() == 2);
  const std::vector<float> flat(9, 3.0f);
  CHECK(sgl::contour_segments(flat, 3, 3, 1.0).empty());
  CHECK(sgl::contour_segments(saddle, 1, 4, 0.5).empty());
}
