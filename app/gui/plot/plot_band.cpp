// plot::Band: the shaded region between two curves over increasing x (credible bands). Filled as
// one rectangle per pixel column with the curves interpolated at the column's centre: adjacent
// columns share exact pixel edges, so a translucent band shows no seams (a strip of anti-aliased
// quadrilaterals, one per segment, would overlap along every shared edge).
#include <algorithm>
#include <cmath>

#include "app/gui/plot/plot_band.hpp"
#include "app/gui/plot/plot_internal.hpp"

namespace sgl::plot {

void Band(const char* label, const double* xs, const double* lo, const double* hi, int count,
          const ItemStyle& style) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || count < 2) return;
  detail::FrameState& state = detail::frame();
  for (int i = 0; i < count && style.fit; ++i) {
    if (!std::isfinite(xs[i]) || !std::isfinite(lo[i]) || !std::isfinite(hi[i])) continue;
    detail::fit_point(state, xs[i], lo[i]);
    detail::fit_point(state, xs[i], hi[i]);
  }
  const detail::Transform t = detail::transform(state);
  const Colour fill = with_alpha(colour, style.fill_alpha);
  const float first = std::max(state.area_min.x, std::floor(t(xs[0], 0.0).x));
  const float last = std::min(state.area_max.x, std::ceil(t(xs[count - 1], 0.0).x));
  int segment = 0;
  for (float column = first; column < last; column += 1.0f) {
    const double x = t.x_of(column + 0.5f);
    while (segment + 2 < count && xs[segment + 1] < x) ++segment;
    const double x0 = xs[segment], x1 = xs[segment + 1];
    const double w = x1 > x0 ? std::clamp((x - x0) / (x1 - x0), 0.0, 1.0) : 0.0;
    const double top = hi[segment] + w * (hi[segment + 1] - hi[segment]);
    const double bottom = lo[segment] + w * (lo[segment + 1] - lo[segment]);
    if (!std::isfinite(top) || !std::isfinite(bottom)) continue;
    const float y0 = std::clamp(t(x, top).y, state.area_min.y, state.area_max.y);
    const float y1 = std::clamp(t(x, bottom).y, state.area_min.y, state.area_max.y);
    if (y1 > y0) state.painter->fill_rect({column, y0}, {column + 1.0f, y1}, fill);
  }
}

}  // namespace sgl::plot
