// Plot items: each reads its data (with a stride, so row-major draws and ring-buffer copies plot
// without copying), feeds the auto-fit, maps data to pixels and draws through the Painter.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/gui/plot/plot_internal.hpp"
#include "core/plot/bar_fill_bands.hpp"
#include "core/plot/contour_lines.hpp"

namespace sgl::plot {
namespace {

using detail::FrameState;
using detail::Transform;

bool finite(double x, double y) {
  return std::isfinite(x) && std::isfinite(y);
}

// Pixel coordinates far outside the area are clamped: ImGui's float vertices lose precision and
// anti-aliasing misbehaves with coordinates like 1e12 (deep zoom on a diverging chain).
Point clamped(const FrameState& state, Point p) {
  const float margin = 1e4f;
  p.x = std::clamp(p.x, state.area_min.x - margin, state.area_max.x + margin);
  p.y = std::clamp(p.y, state.area_min.y - margin, state.area_max.y + margin);
  return p;
}

void draw_dashed(Painter& painter, const Point* points, int count, Colour colour, float thickness,
                 float dash, float gap) {
  std::vector<Point> pieces;
  bool drawing = true;
  float left_in_phase = dash;
  for (int i = 0; i + 1 < count; ++i) {
    Point a = points[i];
    const Point b = points[i + 1];
    float length = std::hypot(b.x - a.x, b.y - a.y);
    if (length <= 0.0f) continue;
    const float ux = (b.x - a.x) / length;
    const float uy = (b.y - a.y) / length;
    while (length > 0.0f) {
      const float step = std::min(length, left_in_phase);
      const Point next{a.x + ux * step, a.y + uy * step};
      if (drawing) {
        pieces.push_back(a);
        pieces.push_back(next);
      }
      a = next;
      length -= step;
      left_in_phase -= step;
      if (left_in_phase <= 0.0f) {
        drawing = !drawing;
        left_in_phase = drawing ? dash : gap;
      }
    }
  }
  painter.segments(pieces.data(), static_cast<int>(pieces.size()), colour, thickness);
}

void stroke(FrameState& state, const std::vector<Point>& points, Colour colour, float thickness,
            bool dashed) {
  if (points.size() < 2) return;
  if (dashed) {
    draw_dashed(*state.painter, points.data(), static_cast<int>(points.size()), colour, thickness,
                0.6f * state.font, 0.4f * state.font);
  } else {
    state.painter->polyline(points.data(), static_cast<int>(points.size()), colour, thickness);
  }
}

// The shared body of the line-like items; x_of(i)/y_of(i) give point i.
template <typename XOf, typename YOf>
void line_item(const char* label, int count, const ItemStyle& style, XOf x_of, YOf y_of) {
  Colour colour = 0;
  const auto swatch = style.dashed ? detail::LegendSwatch::Dashed : detail::LegendSwatch::Line;
  if (!detail::begin_item(label, style, colour, swatch) || count <= 0) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const float thickness = detail::line_thickness(state, style);
  std::vector<Point>& points = state.scratch;
  points.clear();
  for (int i = 0; i < count; ++i) {
    const double x = x_of(i);
    const double y = y_of(i);
    if (!finite(x, y)) {  // a gap: finish the piece drawn so far
      keep_column_extremes(points);
      stroke(state, points, colour, thickness, style.dashed);
      points.clear();
      continue;
    }
    if (style.fit) detail::fit_point(state, x, y);
    const Point p = clamped(state, t(x, y));
    if (state.hovered) detail::consider_nearest(state, label, colour, p, x, y);
    points.push_back(p);
  }
  keep_column_extremes(points);
  stroke(state, points, colour, thickness, style.dashed);
}

void draw_marker(Painter& painter, Point p, float radius, const ItemStyle& style, Colour colour) {
  if (style.marker == MarkerShape::Square) {
    painter.fill_rect({p.x - radius, p.y - radius}, {p.x + radius, p.y + radius}, colour);
    if (style.marker_outline != 0) {
      painter.stroke_rect({p.x - radius, p.y - radius}, {p.x + radius, p.y + radius},
                          style.marker_outline, 2.0f);
    }
    return;
  }
  painter.fill_circle(p, radius, colour);
  if (style.marker_outline != 0) painter.stroke_circle(p, radius, style.marker_outline, 2.0f);
}

bool inside_area(const FrameState& state, Point p, float margin) {
  return p.x >= state.area_min.x - margin && p.x <= state.area_max.x + margin &&
         p.y >= state.area_min.y - margin && p.y <= state.area_max.y + margin;
}

// Staircase outline of a histogram, down to zero at both ends.
void stairs_points(const Transform& t, const FrameState& state, const double* edges,
                   const double* heights, int bins, std::vector<Point>& points) {
  points.clear();
  auto height = [&](int i) { return std::isfinite(heights[i]) ? heights[i] : 0.0; };
  points.push_back(clamped(state, t(edges[0], 0.0)));
  for (int i = 0; i < bins; ++i) {
    points.push_back(clamped(state, t(edges[i], height(i))));
    points.push_back(clamped(state, t(edges[i + 1], height(i))));
  }
  points.push_back(clamped(state, t(edges[bins], 0.0)));
}

}  // namespace

void Line(const char* label, const double* xs, const double* ys, int count, const ItemStyle& style,
          int stride) {
  const std::ptrdiff_t s = std::max(stride, 1);
  line_item(
      label, count, style, [&](int i) { return xs[i * s]; }, [&](int i) { return ys[i * s]; });
}

void Line(const char* label, const double* ys, int count, double x0, double dx,
          const ItemStyle& style, int stride) {
  const std::ptrdiff_t s = std::max(stride, 1);
  line_item(
      label, count, style, [&](int i) { return x0 + dx * i; }, [&](int i) { return ys[i * s]; });
}

void Scatter(const char* label, const double* xs, const double* ys, int count,
             const ItemStyle& style, int stride) {
  Colour colour = 0;
  const auto swatch = style.marker_outline == 0             ? detail::LegendSwatch::Box
                      : style.marker == MarkerShape::Square ? detail::LegendSwatch::Square
                                                            : detail::LegendSwatch::Circle;
  if (!detail::begin_item(label, style, colour, swatch) || count <= 0) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const std::ptrdiff_t s = std::max(stride, 1);
  const float radius =
      style.marker_size > 0.0f ? style.marker_size : detail::default_marker_radius(state);
  // A cloud of plain markers goes through the pixel grid (outlined markers are few: the
  // current positions, drawn one by one).
  constexpr int kThinnedFrom = 64;
  const bool thinned = count >= kThinnedFrom && style.marker_outline == 0;
  std::vector<Point>& shown = state.scratch;
  shown.clear();
  for (int i = 0; i < count; ++i) {
    const double x = xs[i * s];
    const double y = ys[i * s];
    if (!finite(x, y)) continue;
    if (style.fit) detail::fit_point(state, x, y);
    const Point p = t(x, y);
    if (!inside_area(state, p, radius + 2.0f)) continue;
    if (state.hovered) detail::consider_nearest(state, label, colour, p, x, y);
    if (thinned)
      shown.push_back(p);
    else
      draw_marker(*state.painter, p, radius, style, colour);
  }
  if (!thinned) return;
  const float opacity = static_cast<float>(alpha_of(colour)) / 255.0f;
  for (const CloudPixel& pixel : merge_cloud_pixels(shown)) {
    const Colour stacked = with_alpha(colour | 0xFF000000u, stacked_opacity(opacity, pixel.count));
    draw_marker(*state.painter, pixel.centre, radius, style, stacked);
  }
}

void Bars(const char* label, const double* edges, const double* heights, int bins,
          const ItemStyle& style) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || bins <= 0) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const Colour fill = with_alpha(colour, style.fill_alpha);
  for (int i = 0; i < bins; ++i) {
    if (!finite(edges[i], heights[i]) || !std::isfinite(edges[i + 1])) continue;
    if (style.fit) {
      detail::fit_point(state, edges[i], heights[i]);
      detail::fit_point(state, edges[i + 1], heights[i]);
    }
    const Point a = clamped(state, t(edges[i], heights[i]));
    const Point b = clamped(state, t(edges[i + 1], 0.0));
    state.painter->fill_rect({std::min(a.x, b.x), std::min(a.y, b.y)},
                             {std::max(a.x, b.x), std::max(a.y, b.y)}, fill);
    if (state.hovered) {
      const Point top{0.5f * (a.x + b.x), a.y};
      detail::consider_nearest(state, label, colour, top, 0.5 * (edges[i] + edges[i + 1]),
                               heights[i]);
    }
  }
  stairs_points(t, state, edges, heights, bins, state.scratch);
  stroke(state, state.scratch, colour, detail::line_thickness(state, style), style.dashed);
}

void Stairs(const char* label, const double* edges, const double* heights, int bins,
            const ItemStyle& style) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || bins <= 0) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  for (int i = 0; i < bins; ++i) {
    if (!style.fit || !finite(edges[i], heights[i])) continue;
    detail::fit_point(state, edges[i], heights[i]);
    detail::fit_point(state, edges[i + 1], heights[i]);
    if (state.hovered) {
      const double mid = 0.5 * (edges[i] + edges[i + 1]);
      detail::consider_nearest(state, label, colour, t(mid, heights[i]), mid, heights[i]);
    }
  }
  stairs_points(t, state, edges, heights, bins, state.scratch);
  stroke(state, state.scratch, colour, detail::line_thickness(state, style), style.dashed);
}

void OverlappingBarFills(const double* edges, int bins, const std::vector<BarFill>& fills,
                         float fill_alpha) {
  if (bins <= 0 || fills.empty()) return;  // no legend entry: each series' Bars has one
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const auto straight = [fill_alpha](Colour c) {
    return Rgba{float(c & 0xFF) / 255.0f, float((c >> 8) & 0xFF) / 255.0f,
                float((c >> 16) & 0xFF) / 255.0f,
                float(alpha_of(c)) / 255.0f * std::clamp(fill_alpha, 0.0f, 1.0f)};
  };
  const auto packed = [](const Rgba& c) {
    const auto byte = [](float v) {
      return unsigned(std::lround(std::clamp(v, 0.0f, 1.0f) * 255));
    };
    return rgba(byte(c.r), byte(c.g), byte(c.b), byte(c.a));
  };
  // One chain's tint per band (fill_bands): overlapping translucent fills composited into brown.
  std::vector<const double*> heights;
  for (const BarFill& fill : fills) heights.push_back(fill.heights);
  for (const FillBand& band : fill_bands(bins, heights)) {
    const int i = band.bin;
    if (!std::isfinite(edges[i]) || !std::isfinite(edges[i + 1])) continue;
    const Rgba colour = straight(fills[band.owner].colour);
    if (colour.a <= 0.0f) continue;
    const Point a = clamped(state, t(edges[i], band.hi));
    const Point b = clamped(state, t(edges[i + 1], band.lo));
    state.painter->fill_rect({std::min(a.x, b.x), std::min(a.y, b.y)},
                             {std::max(a.x, b.x), std::max(a.y, b.y)}, packed(colour));
  }
}

void Decimated(const char* label, const DecimatedSeries& series, const ItemStyle& style) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || series.buckets.empty()) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const double last_offset =
      static_cast<double>(std::max<std::uint64_t>(series.bucket_width, 1) - 1);
  std::vector<Point>& line = state.scratch;
  std::vector<Point>& bars = state.scratch2;
  line.clear();
  bars.clear();

  // Buckets falling into the same pixel column merge (min of mins, max of maxes, last of
  // lasts), so a series of any length costs at most one bar and one line vertex per column.
  bool open = false;
  long column = 0;
  double column_min = 0.0, column_max = 0.0, column_last = 0.0, column_x = 0.0;
  auto flush = [&]() {
    if (!open) return;
    const float px = static_cast<float>(column) + 0.5f;
    const Point low = clamped(state, t(column_x, column_min));
    const Point high = clamped(state, t(column_x, column_max));
    if (low.y - high.y >= 1.0f) {
      bars.push_back({px, low.y});
      bars.push_back({px, high.y});
    }
    Point last = clamped(state, t(column_x, column_last));
    last.x = px;
    line.push_back(last);
    if (state.hovered) detail::consider_nearest(state, label, colour, last, column_x, column_last);
    open = false;
  };
  const float left_edge = state.area_min.x - 2.0f;
  const float right_edge = state.area_max.x + 2.0f;
  // A run of steps with no bucket (draws forgotten by Ctrl+Z or "Forget draws") is a gap in the
  // line, not a straight bridge across it. A gap is judged against the series' usual spacing:
  // a sparse series (HMC-ECS's exact H, every few steps) is evenly spaced and stays joined.
  std::vector<double> spacings;
  for (std::size_t k = 1; k < series.buckets.size(); ++k)
    spacings.push_back(static_cast<double>(series.buckets[k].first_step) -
                       static_cast<double>(series.buckets[k - 1].first_step));
  double width = static_cast<double>(std::max<std::uint64_t>(series.bucket_width, 1));
  if (!spacings.empty()) {
    std::nth_element(spacings.begin(), spacings.begin() + spacings.size() / 2, spacings.end());
    width = std::max(width, spacings[spacings.size() / 2]);
  }
  double previous_first = -std::numeric_limits<double>::infinity();
  for (const DecimatedBucket& bucket : series.buckets) {
    const double x_first = static_cast<double>(bucket.first_step);
    const double x_last = x_first + last_offset;
    if (x_first - previous_first > 8.0 * width && !line.empty()) {
      flush();
      stroke(state, line, colour, detail::line_thickness(state, style), style.dashed);
      line.clear();
    }
    previous_first = x_first;
    if (style.fit && std::isfinite(bucket.min) && std::isfinite(bucket.max)) {
      detail::fit_point(state, x_first, bucket.min);
      detail::fit_point(state, x_last, bucket.max);
    }
    if (!std::isfinite(bucket.min) || !std::isfinite(bucket.max)) continue;
    const float px = t(x_last, 0.0).x;
    // Columns left of the area keep only the latest one, so the line enters from the edge.
    const long this_column =
        static_cast<long>(std::floor(std::clamp(px, left_edge - 1.0f, right_edge + 1.0f)));
    if (open && this_column != column) flush();
    if (!open) {
      open = true;
      column = this_column;
      column_min = bucket.min;
      column_max = bucket.max;
    } else {
      column_min = std::min(column_min, bucket.min);
      column_max = std::max(column_max, bucket.max);
    }
    column_last = bucket.last;
    column_x = x_last;
  }
  flush();
  state.painter->segments(bars.data(), static_cast<int>(bars.size()), with_alpha(colour, 0.5f),
                          1.0f);
  stroke(state, line, colour, detail::line_thickness(state, style), style.dashed);
}

void FadingLine(const char* label, const double* xs, const double* ys, int count,
                const ItemStyle& style, int stride) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || count < 2) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const std::ptrdiff_t s = std::max(stride, 1);
  const float thickness = detail::line_thickness(state, style);
  // Drawn as a few dozen bands of equal opacity that share their end points: smooth joins, and
  // far fewer draw calls than one segment per step.
  const int segments = count - 1;
  const int bands = std::min(segments, 32);
  std::vector<Point>& points = state.scratch;
  for (int band = 0; band < bands; ++band) {
    const int first = band * segments / bands;
    const int last = (band + 1) * segments / bands;
    const float age = static_cast<float>(band + 1) / static_cast<float>(bands);
    const Colour band_colour = with_alpha(colour, 0.04f + 0.96f * age * age);
    points.clear();
    for (int i = first; i <= last; ++i) {
      const double x = xs[i * s];
      const double y = ys[i * s];
      if (!finite(x, y)) {
        merge_points_within_pixels(points);
        stroke(state, points, band_colour, thickness, false);
        points.clear();
        continue;
      }
      if (style.fit) detail::fit_point(state, x, y);
      const Point p = clamped(state, t(x, y));
      if (state.hovered && i == count - 1) detail::consider_nearest(state, label, colour, p, x, y);
      points.push_back(p);
    }
    merge_points_within_pixels(points);
    stroke(state, points, band_colour, thickness, false);
  }
}

void VLines(const char* label, const double* xs, int count, const ItemStyle& style,
            const std::string* tooltips) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || count <= 0) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const float thickness = style.thickness > 0.0f ? style.thickness : 1.5f;
  const float tab = 0.3f * state.font;
  const std::string shown = detail::display_label(label);
  std::vector<Point> line(2);
  // Dense events (a chain that diverges at every step) would fill a tooltip taller than the
  // screen: the first few are listed, then how many more.
  constexpr int kListedEvents = 3;
  int hovered = 0;
  for (int i = 0; i < count; ++i) {
    if (!std::isfinite(xs[i])) continue;
    const float px = std::round(t(xs[i], 0.0).x) + 0.5f;
    if (px < state.area_min.x - tab || px > state.area_max.x + tab) continue;
    line[0] = {px, state.area_min.y};
    line[1] = {px, state.area_max.y};
    if (!style.tabs_only) stroke(state, line, colour, thickness, style.dashed);
    // A small tab at the top marks the event even where the line is hidden behind data.
    const Point triangle[3] = {{px - tab, state.area_min.y},
                               {px + tab, state.area_min.y},
                               {px, state.area_min.y + 1.4f * tab}};
    state.painter->fill_convex(triangle, 3, colour);
    if (state.hovered && std::abs(state.mouse.x - px) <= 0.3f * state.font &&
        ++hovered <= kListedEvents) {
      if (!state.event_tooltip.empty()) state.event_tooltip += '\n';
      state.event_tooltip += tooltips != nullptr ? tooltips[i] : shown;
    }
  }
  if (hovered > kListedEvents)
    state.event_tooltip += "\n… and " + std::to_string(hovered - kListedEvents) + " more here";
}

void Cells(const char* label, const std::vector<Colour>& colours, int nx, int ny, double x0,
           double x1, double y0, double y1) {
  Colour ignored = 0;
  if (!detail::begin_item(label, {.colour = plot::rgba(0, 0, 0), .fit = false}, ignored) ||
      nx < 1 || ny < 1 || colours.size() < static_cast<std::size_t>(nx) * ny)
    return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const double dx = (x1 - x0) / nx;
  const double dy = (y1 - y0) / ny;
  for (int j = 0; j < ny; ++j) {
    const Colour* row = colours.data() + static_cast<std::size_t>(j) * nx;
    for (int i = 0; i < nx;) {
      int end = i + 1;
      while (end < nx && row[end] == row[i]) ++end;
      if (row[i] != 0) {
        const Point a = t(x0 + i * dx, y0 + j * dy);
        const Point b = t(x0 + end * dx, y0 + (j + 1) * dy);
        // Corners rounded outward by a hair, so neighbouring rectangles leave no seams.
        state.painter->fill_rect({std::min(a.x, b.x) - 0.25f, std::min(a.y, b.y) - 0.25f},
                                 {std::max(a.x, b.x) + 0.25f, std::max(a.y, b.y) + 0.25f}, row[i]);
      }
      i = end;
    }
  }
}

void Pixels(const char* label, const std::vector<Colour>& colours, int nx, int ny, double x0,
            double x1, double y0, double y1) {
  FrameState& state = detail::frame();
  if (!state.painter->draws_pixels()) {
    Cells(label, colours, nx, ny, x0, x1, y0, y1);
    return;
  }
  Colour ignored = 0;
  if (!detail::begin_item(label, {.colour = plot::rgba(0, 0, 0), .fit = false}, ignored) ||
      nx < 1 || ny < 1 || colours.size() < static_cast<std::size_t>(nx) * ny)
    return;
  const Transform t = detail::transform(state);
  const Point a = t(x0, y0), b = t(x1, y1);
  // Rows top to bottom on screen: the data's rows flipped where y grows upwards.
  const bool flip = a.y > b.y;
  std::vector<Colour> rows(static_cast<std::size_t>(nx) * ny);
  for (int j = 0; j < ny; ++j)
    std::copy_n(colours.begin() + static_cast<std::ptrdiff_t>(j) * nx, nx,
                rows.begin() + static_cast<std::ptrdiff_t>(flip ? ny - 1 - j : j) * nx);
  state.painter->pixels({std::min(a.x, b.x), std::min(a.y, b.y)},
                        {std::max(a.x, b.x), std::max(a.y, b.y)}, nx, ny, rows);
}

void Contours(const char* label, const std::vector<float>& values, int nx, int ny, double x0,
              double x1, double y0, double y1, const std::vector<double>& levels,
              const ItemStyle& style) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || nx < 2 || ny < 2) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const double dx = (x1 - x0) / (nx - 1);
  const double dy = (y1 - y0) / (ny - 1);
  std::vector<Point>& points = state.scratch;
  for (const double level : levels) {
    points.clear();
    for (const ContourSegment& s : contour_segments(values, nx, ny, level)) {
      points.push_back(clamped(state, t(x0 + s.x0 * dx, y0 + s.y0 * dy)));
      points.push_back(clamped(state, t(x0 + s.x1 * dx, y0 + s.y1 * dy)));
    }
    state.painter->segments(points.data(), static_cast<int>(points.size()), colour,
                            detail::line_thickness(state, style));
  }
}

void HLine(const char* label, double y, const ItemStyle& style) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || !std::isfinite(y)) return;
  FrameState& state = detail::frame();
  const float py = std::round(detail::transform(state)(0.0, y).y) + 0.5f;
  const std::vector<Point> line = {{state.area_min.x, py}, {state.area_max.x, py}};
  stroke(state, line, colour, style.thickness > 0.0f ? style.thickness : 1.5f, style.dashed);
}

void Arrow(const char* label, double x, double y, double dx, double dy, const ItemStyle& style) {
  Colour colour = 0;
  if (!detail::begin_item(label, style, colour) || !finite(x, y) || !finite(dx, dy)) return;
  FrameState& state = detail::frame();
  const Transform t = detail::transform(state);
  const Point from = clamped(state, t(x, y));
  const Point to = clamped(state, t(x + dx, y + dy));
  const float length = std::hypot(to.x - from.x, to.y - from.y);
  if (length < 1.0f) return;
  const float thickness = detail::line_thickness(state, style);
  const float head = std::min(0.6f * state.font, 0.6f * length);
  const float ux = (to.x - from.x) / length;
  const float uy = (to.y - from.y) / length;
  const Point base{to.x - ux * head, to.y - uy * head};
  const std::vector<Point> shaft = {from, base};
  stroke(state, shaft, colour, thickness, style.dashed);
  const float half = 0.5f * head;
  // Tip, then the two base corners in clockwise screen order (anti-aliased fills need it).
  Point triangle[3] = {
      to, {base.x - uy * half, base.y + ux * half}, {base.x + uy * half, base.y - ux * half}};
  const float cross = (triangle[1].x - triangle[0].x) * (triangle[2].y - triangle[0].y) -
                      (triangle[1].y - triangle[0].y) * (triangle[2].x - triangle[0].x);
  if (cross < 0.0f) std::swap(triangle[1], triangle[2]);
  state.painter->fill_convex(triangle, 3, colour);
}

void Image(const char* label, std::uint64_t texture_id, double x0, double x1, double y0, double y1,
           Point uv_min, Point uv_max) {
  Colour colour = 0;
  if (!detail::begin_item(label, ItemStyle{.colour = rgba(255, 255, 255)}, colour)) return;
  FrameState& state = detail::frame();
  if (!finite(x0, y0) || !finite(x1, y1)) return;
  detail::fit_point(state, x0, y0);
  detail::fit_point(state, x1, y1);
  const Transform t = detail::transform(state);
  const Point top_left = t(std::min(x0, x1), std::max(y0, y1));
  const Point bottom_right = t(std::max(x0, x1), std::min(y0, y1));
  state.painter->image(texture_id, top_left, bottom_right, uv_min, uv_max);
}

void Text(double x, double y, std::string_view text, Colour colour, Point pixel_offset,
          HAlign h_align, VAlign v_align) {
  FrameState& state = detail::frame();
  if (!finite(x, y)) return;
  Point p = detail::transform(state)(x, y);
  p.x += pixel_offset.x;
  p.y += pixel_offset.y;
  state.painter->text(clamped(state, p), colour != 0 ? colour : ImGui::GetColorU32(ImGuiCol_Text),
                      text, h_align, v_align);
}

}  // namespace sgl::plot
