#include "core/plot/contour_lines.hpp"

#include <cmath>
#include <cstddef>

namespace sgl {
namespace {

struct Crossing {
  double x, y;
};

// Where the level crosses the edge from (xa, ya) with value a to (xb, yb) with value b.
Crossing crossing(double xa, double ya, double a, double xb, double yb, double b, double level) {
  const double t = (level - a) / (b - a);
  return {xa + t * (xb - xa), ya + t * (yb - ya)};
}

}  // namespace

std::vector<ContourSegment> contour_segments(const std::vector<float>& values, int nx, int ny,
                                             double level) {
  std::vector<ContourSegment> segments;
  if (nx < 2 || ny < 2 || values.size() < static_cast<std::size_t>(nx) * ny) return segments;
  const auto at = [&](int i, int j) {
    return static_cast<double>(values[static_cast<std::size_t>(j) * nx + i]);
  };
  for (int j = 0; j + 1 < ny; ++j) {
    for (int i = 0; i + 1 < nx; ++i) {
      // Corners counter-clockwise from the bottom left.
      const double a = at(i, j), b = at(i + 1, j), c = at(i + 1, j + 1), d = at(i, j + 1);
      if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(c) || !std::isfinite(d))
        continue;
      const bool above_a = a >= level, above_b = b >= level, above_c = c >= level,
                 above_d = d >= level;
      const double x = i, y = j;
      // Crossings on the bottom, right, top and left edges (in that order), if any.
      Crossing edge[4] = {};
      const bool crossed[4] = {above_a != above_b, above_b != above_c, above_d != above_c,
                               above_a != above_d};
      if (crossed[0]) edge[0] = crossing(x, y, a, x + 1, y, b, level);
      if (crossed[1]) edge[1] = crossing(x + 1, y, b, x + 1, y + 1, c, level);
      if (crossed[2]) edge[2] = crossing(x, y + 1, d, x + 1, y + 1, c, level);
      if (crossed[3]) edge[3] = crossing(x, y, a, x, y + 1, d, level);
      const int count = crossed[0] + crossed[1] + crossed[2] + crossed[3];
      const auto add = [&](int from, int to) {
        segments.push_back({edge[from].x, edge[from].y, edge[to].x, edge[to].y});
      };
      if (count == 2) {
        int ends[2] = {0, 0}, found = 0;
        for (int e = 0; e < 4; ++e)
          if (crossed[e]) ends[found++] = e;
        add(ends[0], ends[1]);
      } else if (count == 4) {
        // Saddle: a and c on one side, b and d on the other. If the centre is on a's side, a and
        // c are connected through it and the lines cut off b and d; otherwise a and c are cut.
        const bool centre_above = 0.25 * (a + b + c + d) >= level;
        if (centre_above == above_a) {
          add(0, 1);  // around b
          add(2, 3);  // around d
        } else {
          add(0, 3);  // around a
          add(1, 2);  // around c
        }
      }
    }
  }
  return segments;
}

}  // namespace sgl
