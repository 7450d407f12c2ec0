// plot::TextBox: a read-out drawn over the data (slow motion's H / ΔH and MH decision), larger
// than the plot's labels where it must read from the back of a lecture hall.
#include <algorithm>

#include "app/gui/plot/plot_internal.hpp"

namespace sgl::plot {

namespace {

// Each line's size at its own scale, and the box around them all (padded).
Point measure_lines(Painter& painter, const std::vector<TextLine>& lines,
                    std::vector<Point>& sizes) {
  const float base = painter.font_size();
  const float pad = 0.3f * base;
  // Measure every line at its own size first: the box must fit the widest.
  Point content{0.0f, 0.0f};
  for (const TextLine& line : lines) {
    painter.set_font_size(base * line.scale);
    sizes.push_back(painter.text_size(line.text));
    content.x = std::max(content.x, sizes.back().x);
    content.y += sizes.back().y;
  }
  painter.set_font_size(base);
  return {content.x + 2.0f * pad, content.y + 2.0f * pad};
}

}  // namespace

Point TextBoxSize(const std::vector<TextLine>& lines) {
  std::vector<Point> sizes;
  return measure_lines(*detail::frame().painter, lines, sizes);
}

PixelRect TextBox(Point at, const std::vector<TextLine>& lines, Colour background) {
  detail::FrameState& state = detail::frame();
  Painter& painter = *state.painter;
  const float base = painter.font_size();
  const float pad = 0.3f * base;
  std::vector<Point> sizes;
  const Point box = measure_lines(painter, lines, sizes);
  // Inside the data area where it fits (a box wider than the area keeps its left edge there).
  // Inside the area items are drawn in (PushPlotClip's, else the data area).
  const Point lo = state.clipped ? state.clip_min : state.area_min;
  const Point hi = state.clipped ? state.clip_max : state.area_max;
  at.x = std::max(std::min(at.x, hi.x - box.x), lo.x);
  at.y = std::max(std::min(at.y, hi.y - box.y), lo.y);
  const PixelRect rect{at, {at.x + box.x, at.y + box.y}};
  painter.fill_rect(rect.min, rect.max, background);
  float y = at.y + pad;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    painter.set_font_size(base * lines[k].scale);
    painter.text({at.x + pad, y}, lines[k].colour != 0 ? lines[k].colour : rgba(255, 255, 255),
                 lines[k].text);
    y += sizes[k].y;
  }
  painter.set_font_size(base);
  return rect;
}

}  // namespace sgl::plot
