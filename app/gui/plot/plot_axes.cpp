// Everything around the data: background, grid, tick labels, axis labels, title, legend and the
// hover read-out. Sizes are multiples of the font size so the plot scales with it.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "app/gui/plot/plot_internal.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/label_elision.hpp"

namespace sgl::plot::detail {
namespace {

const Colour kAreaBackground = theme().area_background;
const Colour kGrid = theme().grid;
const Colour kFrame = theme().frame;
const Colour kTickLabel = theme().tick_label;
const Colour kAxisLabel = theme().axis_label;
const Colour kLegendBackground = theme().legend_background;
const Colour kHiddenLabel = theme().hidden_label;

struct LabelBox {
  float lo, hi;
};

bool overlaps(const LabelBox& a, const LabelBox& b) {
  return a.lo < b.hi && b.lo < a.hi;
}

Colour text_colour() {
  return ImGui::GetColorU32(ImGuiCol_Text);
}

}  // namespace

float line_thickness(const FrameState& state, const ItemStyle& style) {
  // Whole pixels: ImGui draws integer-width lines from its pre-baked AA texture, with fewer
  // vertices than the geometric anti-aliasing that fractional widths need.
  return style.thickness > 0.0f ? style.thickness : std::max(2.0f, std::round(state.font / 9.0f));
}

float default_marker_radius(const FrameState& state) {
  return std::max(2.0f, state.font / 5.0f);
}

void record_data_area(const FrameState& state) {
  ui_probe::record_rect(ui_probe::next_plot_name(),
                        {state.area_min.x, state.area_min.y, state.area_max.x - state.area_min.x,
                         state.area_max.y - state.area_min.y});
}

std::string label_with_multiplier(const AxisFrame& axis) {
  if (axis.ticks.multiplier.empty()) return axis.label;
  return axis.label.empty() ? axis.ticks.multiplier : axis.label + " " + axis.ticks.multiplier;
}

AxisTicks ticks_for(const Painter& painter, Range range, float pixels, bool horizontal,
                    float room_before, float room_after, double ticks_up_to) {
  AxisTickRequest request;
  request.lo = range.lo;
  request.hi = range.hi;
  request.pixels = pixels;
  request.horizontal = horizontal;
  request.font = painter.font_size();
  request.room_before = room_before;
  request.room_after = room_after;
  AxisTicks ticks = choose_ticks(request, [&painter, horizontal](const std::string& text) {
    const Point size = painter.text_size(text);
    return static_cast<double>(horizontal ? size.x : size.y);
  });
  // A margin beyond the data (the Target view's marginal bands) has no ticks of its own.
  const double slack = 1e-9 * (range.hi - range.lo);
  for (std::size_t k = ticks.ticks.values.size(); k-- > 0;)
    if (ticks.ticks.values[k] > ticks_up_to + slack) {
      ticks.ticks.values.erase(ticks.ticks.values.begin() + std::ptrdiff_t(k));
      if (k < ticks.labels.size()) ticks.labels.erase(ticks.labels.begin() + std::ptrdiff_t(k));
    }
  return ticks;
}

std::string format_readout(double value, const AxisTicks& ticks) {
  // One digit more than the tick labels: enough to read a value, not noisy.
  const double step = ticks.ticks.step;
  return format_tick(value, step > 0.0 ? step / 10.0 : 0.0);
}

void draw_background_and_grid(FrameState& state) {
  Painter& painter = *state.painter;
  // The plot area matches the panel's white by default: not filling it again spares the
  // (software) rasteriser a layer of blending over most of the window.
  if (kAreaBackground != ImGui::GetColorU32(ImGuiCol_WindowBg))
    painter.fill_rect(state.area_min, state.area_max, kAreaBackground);
  const Transform t = transform(state);
  std::vector<Point>& lines = state.scratch;
  lines.clear();
  if ((state.x.flags & AxisFlags_NoGrid) == 0) {
    for (double value : state.x.ticks.ticks.values) {
      const float px = std::round(t(value, 0.0).x) + 0.5f;
      lines.push_back({px, state.area_min.y});
      lines.push_back({px, state.area_max.y});
    }
  }
  if ((state.y.flags & AxisFlags_NoGrid) == 0) {
    for (double value : state.y.ticks.ticks.values) {
      const float py = std::round(t(0.0, value).y) + 0.5f;
      lines.push_back({state.area_min.x, py});
      lines.push_back({state.area_max.x, py});
    }
  }
  painter.segments(lines.data(), static_cast<int>(lines.size()), kGrid, 1.0f);

  const float font = state.font;
  const float gap = 0.25f * font;
  // Tick labels sit outside the data area, so items (clipped to it) never cover them.
  if ((state.y.flags & AxisFlags_NoTickLabels) == 0) {
    const AxisTicks& ticks = state.y.ticks;
    for (std::size_t k = 0; k < ticks.labels.size(); ++k) {
      if (ticks.labels[k].empty()) continue;
      const float py = t(0.0, ticks.ticks.values[k]).y;
      painter.text({state.area_min.x - gap, py}, kTickLabel, ticks.labels[k], HAlign::Right,
                   VAlign::Middle);
    }
  }
  const float label_top = state.area_max.y + 0.15f * font;
  // The x-axis label sits at the right end of the tick-label row (saves a row on small panels);
  // tick labels that would touch it, or stick out of the widget, are left out.
  // A narrow plot gives the label a row of its own (SetupFinish decides), so that three tick
  // labels still fit.
  LabelBox axis_label_box{state.frame_max.x, state.frame_max.x};
  const std::string& x_label = state.x.shown_label;
  if (!x_label.empty()) {
    const Point size = painter.text_size(x_label);
    const float top = state.x_label_own_row ? label_top + painter.text_size("0").y : label_top;
    if (!state.x_label_own_row)
      axis_label_box = {state.area_max.x - size.x - 0.5f * font, state.frame_max.x};
    painter.text({state.area_max.x, top}, kAxisLabel, x_label, HAlign::Right, VAlign::Top);
  }
  if ((state.x.flags & AxisFlags_NoTickLabels) == 0) {
    const AxisTicks& ticks = state.x.ticks;
    for (std::size_t k = 0; k < ticks.labels.size(); ++k) {
      const std::string& text = ticks.labels[k];
      if (text.empty()) continue;
      const float px = t(ticks.ticks.values[k], 0.0).x;
      const float half = 0.5f * painter.text_size(text).x;
      const LabelBox box{px - half, px + half};
      // Safety net only: choose_ticks already kept labels inside the room they were given.
      if (box.lo < state.frame_min.x || box.hi > state.frame_max.x) continue;
      if (overlaps(box, axis_label_box)) continue;
      painter.text({px, label_top}, kTickLabel, text, HAlign::Center, VAlign::Top);
    }
  }
}

void draw_axis_labels_and_frame(FrameState& state) {
  Painter& painter = *state.painter;
  const float font = state.font;
  // The frame around the data area, or around its part up to SetupAxisFrameUpTo.
  Point frame_max = state.area_max;
  Point frame_min = state.area_min;
  const Transform to_pixels = transform(state);
  if (std::isfinite(state.x.frame_up_to))
    frame_max.x =
        std::clamp(to_pixels(state.x.frame_up_to, 0.0).x, state.area_min.x, state.area_max.x);
  if (std::isfinite(state.y.frame_up_to))
    frame_min.y =
        std::clamp(to_pixels(0.0, state.y.frame_up_to).y, state.area_min.y, state.area_max.y);
  painter.stroke_rect(frame_min, frame_max, kFrame, 1.0f);
  if (!state.title.empty()) {
    painter.text({0.5f * (state.area_min.x + state.area_max.x), state.frame_min.y + 0.35f * font},
                 text_colour(), state.title, HAlign::Center, VAlign::Top);
  }
  if (!state.y.shown_label.empty()) {
    // Directly above the y tick labels (any wrapped legend rows sit above this row).
    const float label_top =
        state.area_min.y - 0.2f * font - painter.text_size(state.y.shown_label).y;
    painter.text({state.frame_min.x + 0.35f * font, label_top}, kAxisLabel, state.y.shown_label,
                 HAlign::Left, VAlign::Top);
  }
}

void draw_legend(FrameState& state) {
  PlotMemory& memory = *state.memory;
  memory.legend_hits.clear();
  if (state.legend.empty()) return;
  Painter& painter = *state.painter;
  const float font = state.font;
  const float swatch = 0.9f * font;
  const float gap = 0.3f * font;
  const float line = painter.text_size("Ag").y;

  auto entry_width = [&](const LegendEntry& entry) {
    return swatch + gap + painter.text_size(entry.text).x;
  };
  auto draw_entry = [&](const LegendEntry& entry, Point top_left) {
    const bool hidden = memory.hidden_keys.count(entry.key) != 0;
    const float mid = top_left.y + 0.5f * line;
    const Point swatch_min{top_left.x, mid - 0.2f * font};
    const Point swatch_max{top_left.x + swatch, mid + 0.2f * font};
    const Colour opaque = entry.colour | 0xFF000000u;
    if (entry.swatch == LegendSwatch::Circle || entry.swatch == LegendSwatch::Square) {
      const Point centre{0.5f * (swatch_min.x + swatch_max.x), mid};
      const float radius = 0.28f * font;
      const Point lo{centre.x - radius, centre.y - radius},
          hi{centre.x + radius, centre.y + radius};
      if (entry.swatch == LegendSwatch::Square) {
        painter.fill_rect(lo, hi, opaque);
        if (entry.outline != 0) painter.stroke_rect(lo, hi, entry.outline, 1.5f);
      } else {
        painter.fill_circle(centre, radius, opaque);
        if (entry.outline != 0) painter.stroke_circle(centre, radius, entry.outline, 1.5f);
      }
    } else if (entry.swatch != LegendSwatch::Box) {
      // A line through the swatch's middle; three dashes for a dashed one. A hidden line's key
      // is thin.
      const float thickness = hidden ? 1.0f : std::max(2.0f, 0.15f * font);
      std::vector<Point> points;
      if (entry.swatch == LegendSwatch::Line) {
        points = {{swatch_min.x, mid}, {swatch_max.x, mid}};
      } else {
        const float dash = swatch / 5.0f;  // dash, gap, dash, gap, dash
        for (int k = 0; k < 3; ++k)
          points.insert(points.end(), {{swatch_min.x + 2.0f * k * dash, mid},
                                       {swatch_min.x + (2.0f * k + 1.0f) * dash, mid}});
      }
      painter.segments(points.data(), static_cast<int>(points.size()), opaque, thickness);
    } else if (hidden) {
      painter.stroke_rect(swatch_min, swatch_max, opaque, 1.5f);
    } else {
      painter.fill_rect(swatch_min, swatch_max, opaque);
    }
    painter.text({top_left.x + swatch + gap, top_left.y}, hidden ? kHiddenLabel : text_colour(),
                 entry.text);
    const float width = entry_width(entry);
    memory.legend_hits.push_back({entry.key, top_left, {top_left.x + width, top_left.y + line}});
  };

  // Labels wider than the plot end in "…" (never cut inside a number) instead of leaving it.
  auto fitted = [&](float max_entry_width) {
    std::vector<LegendEntry> entries = state.legend;
    const auto measure = [&](const std::string& text) { return painter.text_size(text).x; };
    for (LegendEntry& entry : entries)
      entry.text = elide_to_width(entry.text, max_entry_width - swatch - gap, measure);
    return entries;
  };

  if ((state.flags & PlotFlags_LegendAbove) != 0) {
    const float spacing = 0.8f * font;  // between entries
    // Above the data area, right-aligned, so it never hides a trace: in the y label's row when
    // it fits there, otherwise wrapped onto full-width rows above that row.
    const float header_top = state.area_min.y - line - 0.2f * font;
    const float y_label_end =
        state.y.shown_label.empty()
            ? state.frame_min.x
            : state.frame_min.x + 0.35f * font + painter.text_size(state.y.shown_label).x + spacing;
    // The header row (next to the y label) takes as many entries as fit, from the end of the
    // list; the rest wrap onto full-width rows above it, so reading order is kept.
    const float header_width = state.area_max.x - y_label_end;
    const float row_width = state.area_max.x - state.frame_min.x - 0.35f * font;
    const std::vector<LegendEntry> legend = fitted(row_width);
    std::size_t header_first = legend.size();
    float header_used = -spacing;
    while (header_first > 0) {
      const float width = entry_width(legend[header_first - 1]) + spacing;
      if (header_used + width > header_width) break;
      header_used += width;
      --header_first;
    }
    std::vector<std::vector<const LegendEntry*>> rows;
    float used = 0.0f;
    for (std::size_t k = 0; k < header_first; ++k) {
      const float width = entry_width(legend[k]);
      if (rows.empty() || used + spacing + width > row_width) {
        rows.emplace_back();
        used = -spacing;
      }
      rows.back().push_back(&legend[k]);
      used += spacing + width;
    }
    rows.emplace_back();  // the header row (possibly empty)
    for (std::size_t k = header_first; k < legend.size(); ++k) {
      rows.back().push_back(&legend[k]);
    }
    const int row_count = static_cast<int>(rows.size());
    for (int r = 0; r < row_count; ++r) {
      const int rows_above_header = row_count - 1 - r;
      const float top = header_top - static_cast<float>(rows_above_header) * line;
      float width = -spacing;
      for (const LegendEntry* entry : rows[static_cast<std::size_t>(r)]) {
        width += entry_width(*entry) + spacing;
      }
      float x = state.area_max.x - width;
      for (const LegendEntry* entry : rows[static_cast<std::size_t>(r)]) {
        draw_entry(*entry, {x, top});
        x += entry_width(*entry) + spacing;
      }
    }
    memory.legend_rows_above = row_count;
    return;
  }
  // The box stays inside the data area: labels are elided to its width, and entries beyond its
  // height are summed up as "+N more" (each chain's name is on the legend strip anyway).
  const std::vector<LegendEntry> legend = fitted(state.area_max.x - state.area_min.x - 4.0f * gap);
  const float area_height = state.area_max.y - state.area_min.y - 4.0f * gap;
  std::size_t shown = legend.size();
  if (static_cast<float>(shown) * line > area_height)
    shown = static_cast<std::size_t>(std::max(0.0f, std::floor(area_height / line) - 1.0f));
  char more_text[32] = "";
  if (shown < legend.size())
    std::snprintf(more_text, sizeof more_text, "+%zu more", legend.size() - shown);
  const std::string more = more_text;
  float widest = more.empty() ? 0.0f : painter.text_size(more).x;
  for (std::size_t k = 0; k < shown; ++k) widest = std::max(widest, entry_width(legend[k]));
  const float rows = static_cast<float>(shown + (more.empty() ? 0 : 1));
  if (rows == 0.0f) return;
  const float box_width = widest + 2.0f * gap;
  const float box_height = rows * line + 2.0f * gap;
  const Point box_max{state.area_max.x - gap, state.area_min.y + gap + box_height};
  const Point box_min{box_max.x - box_width, state.area_min.y + gap};
  painter.fill_rect(box_min, box_max, kLegendBackground);
  painter.stroke_rect(box_min, box_max, kFrame, 1.0f);
  float y = box_min.y + gap;
  for (std::size_t k = 0; k < shown; ++k) {
    draw_entry(legend[k], {box_min.x + gap, y});
    y += line;
  }
  if (!more.empty()) painter.text({box_min.x + gap, y}, kHiddenLabel, more);
}

void show_hover_readout(FrameState& state) {
  const Transform t = transform(state);
  const double x = t.x_of(state.mouse.x);
  const double y = t.y_of(state.mouse.y);
  const std::string x_name = state.x.label.empty() ? "x" : state.x.label;
  const std::string y_name = state.y.label.empty() ? "y" : state.y.label;
  if (state.nearest.found) {
    // On the foreground list, like the tooltip an overlay (clean_frame.hpp): the ring follows
    // the pointer, so recordings and window exports leave it out.
    const Point at = t(state.nearest.x, state.nearest.y);
    ImDrawList* foreground = ImGui::GetForegroundDrawList();
    foreground->PushClipRect(ImVec2(state.area_min.x, state.area_min.y),
                             ImVec2(state.area_max.x, state.area_max.y), true);
    foreground->AddCircle(ImVec2(at.x, at.y), 0.45f * state.font, theme().hover_ring, 0, 2.0f);
    foreground->PopClipRect();
    const float radius = 0.45f * state.font + 2.0f;
    ui_probe::record_rect("hover_ring", {at.x - radius, at.y - radius, 2 * radius, 2 * radius});
  }
  ImGui::BeginTooltip();
  ImGui::Text("%s = %s   %s = %s", x_name.c_str(), format_readout(x, state.x.ticks).c_str(),
              y_name.c_str(), format_readout(y, state.y.ticks).c_str());
  if (state.nearest.found) {
    const Nearest& n = state.nearest;
    ImGui::PushStyleColor(ImGuiCol_Text, n.colour | 0xFF000000u);
    ImGui::TextUnformatted(n.label.empty() ? "point" : n.label.c_str());
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::Text("(%s, %s)", format_readout(n.x, state.x.ticks).c_str(),
                format_readout(n.y, state.y.ticks).c_str());
  }
  if (!state.event_tooltip.empty()) {
    ImGui::Separator();
    ImGui::TextUnformatted(state.event_tooltip.c_str());
  }
  ImGui::EndTooltip();
}

}  // namespace sgl::plot::detail

namespace sgl::plot {

void SetupAxisTicksUpTo(Axis axis, double hi) {
  detail::FrameState& state = detail::context().frame;
  (axis == Axis::X ? state.x : state.y).ticks_up_to = hi;
}

void SetupAreaLeftAtLeast(float left) {
  detail::context().frame.area_left_at_least = left;
}

void SetupAxisFrameUpTo(Axis axis, double hi) {
  detail::FrameState& state = detail::context().frame;
  (axis == Axis::X ? state.x : state.y).frame_up_to = hi;
}

}  // namespace sgl::plot
