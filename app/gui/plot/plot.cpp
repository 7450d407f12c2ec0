// The plot frame: BeginPlot/EndPlot, axis setup, layout and the data-following auto-fit. Mouse
// input lives in plot_input.cpp, axes and legend drawing in plot_axes.cpp, items in
// plot_items.cpp.
#include "app/gui/plot/plot.hpp"

#include <imgui_internal.h>

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstring>
#include <string>
#include <unordered_map>

#include "app/gui/plot/plot_internal.hpp"
#include "app/gui/plot/plot_layer_cache.hpp"
#include "app/gui/shell/ui_probe.hpp"

namespace sgl::plot {
namespace detail {

Context& context() {
  static Context instance;
  return instance;
}

FrameState& frame() {
  FrameState& state = context().frame;
  assert(state.active && "plot item or query outside BeginPlot/EndPlot");
  if (!state.setup_done) SetupFinish();
  return state;
}

Transform transform(const FrameState& state) {
  const Range& xr = state.memory->x.range;
  const Range& yr = state.memory->y.range;
  Transform t{};
  t.x_lo = xr.lo;
  t.y_lo = yr.lo;
  t.x_scale = (state.area_max.x - state.area_min.x) / (xr.hi - xr.lo);
  t.y_scale = (state.area_max.y - state.area_min.y) / (yr.hi - yr.lo);
  t.left = state.area_min.x;
  t.bottom = state.area_max.y;
  return t;
}

std::string display_label(const char* label) {
  const char* hidden = std::strstr(label, "##");
  return hidden != nullptr ? std::string(label, hidden) : std::string(label);
}

std::string legend_key(const char* label) {
  const char* hidden = std::strstr(label, "##");
  return hidden != nullptr && hidden[2] != '\0' ? std::string(hidden + 2) : std::string(label);
}

// Legend look-ups by key in O(1), where a linear search per item made a figure of 5 000 chains
// take seconds (issue 26). The index follows state.legend, which only grows (through
// add_legend_entry) within a frame and starts empty in the next; a mismatch (a new frame or
// plot) rebuilds it.
struct LegendIndex {
  std::unordered_map<std::string, std::size_t> position;
  const FrameState* state = nullptr;
};

LegendIndex& legend_index(const FrameState& state) {
  thread_local LegendIndex index;
  if (index.state != &state || index.position.size() != state.legend.size()) {
    index.position.clear();
    for (std::size_t i = 0; i < state.legend.size(); ++i)
      index.position.emplace(state.legend[i].key, i);
    index.state = &state;
  }
  return index;
}

LegendEntry* find_legend_entry(FrameState& state, const std::string& key) {
  const LegendIndex& index = legend_index(state);
  const auto found = index.position.find(key);
  return found == index.position.end() ? nullptr : &state.legend[found->second];
}

void add_legend_entry(FrameState& state, LegendEntry entry) {
  LegendIndex& index = legend_index(state);
  index.position.emplace(entry.key, state.legend.size());
  state.legend.push_back(std::move(entry));
}

bool begin_item(const char* label, const ItemStyle& style, Colour& colour, LegendSwatch swatch) {
  FrameState& state = frame();
  const std::string shown = display_label(label);
  if (!shown.empty()) {
    const std::string key = legend_key(label);
    LegendEntry* entry = find_legend_entry(state, key);
    if (entry == nullptr) {
      colour = style.colour != 0 ? style.colour : PaletteColour(state.palette_next++);
      add_legend_entry(state, {shown, key, colour, swatch, style.marker_outline});
    } else {
      // Items sharing a label share the legend entry's colour unless they set their own.
      colour = style.colour != 0 ? style.colour : entry->colour;
    }
    return state.memory->hidden_keys.count(key) == 0;
  }
  colour = style.colour != 0 ? style.colour : PaletteColour(state.palette_next++);
  return true;
}

void fit_point(FrameState& state, double x, double y) {
  if (!std::isfinite(x) || !std::isfinite(y)) return;
  const Range& x_range = state.memory->x.range;
  const Range& y_range = state.memory->y.range;
  // An axis the user has zoomed restricts what the other axis fits to (as ImPlot's RangeFit):
  // zooming into part of a trace rescales y to that part.
  const bool x_in_view = state.memory->x.following || (x >= x_range.lo && x <= x_range.hi);
  const bool y_in_view = state.memory->y.following || (y >= y_range.lo && y <= y_range.hi);
  if (y_in_view) {
    state.x.fit_lo = std::min(state.x.fit_lo, x);
    state.x.fit_hi = std::max(state.x.fit_hi, x);
  }
  if (x_in_view) {
    state.y.fit_lo = std::min(state.y.fit_lo, y);
    state.y.fit_hi = std::max(state.y.fit_hi, y);
  }
}

void consider_nearest(FrameState& state, const char* label, Colour colour, Point pixel, double x,
                      double y) {
  const float dx = pixel.x - state.mouse.x;
  const float dy = pixel.y - state.mouse.y;
  const float distance_squared = dx * dx + dy * dy;
  const float radius = state.font;  // only points within about a letter's height count
  if (distance_squared > radius * radius) return;
  if (state.nearest.found && distance_squared >= state.nearest.distance_squared) return;
  state.nearest = {true, distance_squared, display_label(label), colour, x, y};
}

namespace {

constexpr double kFollowRate = 3.0;        // 1/s: how fast a following axis shrinks to the data
constexpr double kGrowthOvershoot = 0.08;  // of the span, when a following axis grows

bool finite_range(Range range) {
  return std::isfinite(range.lo) && std::isfinite(range.hi) && range.hi > range.lo;
}

// A usable range: finite, non-empty and not too narrow to label.
Range sanitised(Range range) {
  if (!std::isfinite(range.lo) || !std::isfinite(range.hi)) return {0.0, 1.0};
  if (range.lo > range.hi) std::swap(range.lo, range.hi);
  const double scale = std::max({1e-300, std::abs(range.lo), std::abs(range.hi)});
  if (range.hi - range.lo < 1e-12 * scale) return pad_range(range, 0.0);
  return range;
}

void resolve_limits(AxisMemory& axis, const AxisFrame& setup) {
  if (setup.has_limits && finite_range(setup.limits)) {
    if (setup.cond == Cond::Follow) {
      axis.home = setup.limits;
      axis.has_home = true;
      if (axis.following || !axis.initialised) axis.range = setup.limits;
      axis.initialised = true;
    } else if (setup.cond == Cond::Always) {
      axis.range = setup.limits;
      axis.initialised = true;
      axis.following = false;
    } else if (!axis.has_home || axis.home.lo != setup.limits.lo ||
               axis.home.hi != setup.limits.hi) {
      axis.home = setup.limits;
      axis.has_home = true;
      axis.range = setup.limits;
      axis.following = true;
      axis.initialised = true;
    } else if (axis.following) {
      axis.range = axis.home;
    }
  } else {
    axis.has_home = false;
  }
  axis.range = sanitised(axis.range);
}

void apply_equal_aspect(FrameState& state) {
  Range& xr = state.memory->x.range;
  Range& yr = state.memory->y.range;
  const double width = state.area_max.x - state.area_min.x;
  const double height = state.area_max.y - state.area_min.y;
  if (width <= 1.0 || height <= 1.0) return;
  const double x_units_per_pixel = (xr.hi - xr.lo) / width;
  const double y_units_per_pixel = (yr.hi - yr.lo) / height;
  // Widen whichever axis is denser so both show everything they showed before.
  const double units_per_pixel = std::max(x_units_per_pixel, y_units_per_pixel);
  const double x_mid = 0.5 * (xr.lo + xr.hi);
  const double y_mid = 0.5 * (yr.lo + yr.hi);
  xr = {x_mid - 0.5 * width * units_per_pixel, x_mid + 0.5 * width * units_per_pixel};
  yr = {y_mid - 0.5 * height * units_per_pixel, y_mid + 0.5 * height * units_per_pixel};
}

// An axis within this fraction of its fitted range (half a pixel of a 1000-pixel axis) is there.
constexpr double kSettledFraction = 5e-4;

void fit_axis(AxisMemory& axis, const AxisFrame& setup, double dt) {
  if (setup.has_limits || !axis.following) return;
  if (!(setup.fit_lo <= setup.fit_hi)) return;  // nothing fitted this frame: keep the range
  double lo = setup.fit_lo;
  double hi = setup.fit_hi;
  const bool include_zero = (setup.flags & AxisFlags_FitIncludeZero) != 0;
  if (include_zero) {
    lo = std::min(lo, 0.0);
    hi = std::max(hi, 0.0);
  }
  Range target =
      (setup.flags & AxisFlags_Tight) != 0 && hi > lo ? Range{lo, hi} : pad_range({lo, hi}, 0.05);
  // Padding past zero on the zero side would show an empty strip below the bars.
  if (include_zero && setup.fit_lo >= 0.0) target.lo = std::max(target.lo, 0.0);
  if (include_zero && setup.fit_hi <= 0.0) target.hi = std::min(target.hi, 0.0);
  target = sanitised(target);
  // Tight axes (steps) move monotonically with the data: no jitter to smooth, so they track it
  // exactly (a sliding window of recent draws would otherwise leave a gap on its left).
  if (!axis.initialised || (setup.flags & AxisFlags_Tight) != 0) {
    axis.range = target;
    axis.initialised = true;
    return;
  }
  // Grow at once (new data must be visible), shrink smoothly (no jitter on noisy live data).
  // Items are drawn before the fit is known, so a range that just grew would cut off the next
  // frame's new data: growth overshoots a little (not on tight axes, whose data ends exactly at
  // the edge, like a step axis).
  const double alpha = 1.0 - std::exp(-kFollowRate * std::max(dt, 0.0));
  const double overshoot =
      (setup.flags & AxisFlags_Tight) != 0 ? 0.0 : kGrowthOvershoot * (target.hi - target.lo);
  Range& r = axis.range;
  r.lo = target.lo < r.lo ? target.lo - overshoot : r.lo + (target.lo - r.lo) * alpha;
  r.hi = target.hi > r.hi ? target.hi + overshoot : r.hi + (target.hi - r.hi) * alpha;
  // The last sub-pixel of the approach is skipped: an axis still creeping by 10⁻⁶ would change
  // the picture every frame and keep a paused window redrawing (and the frame hash never equal).
  const double settled = kSettledFraction * (r.hi - r.lo);
  if (std::abs(r.lo - target.lo) < settled) r.lo = target.lo;
  if (std::abs(r.hi - target.hi) < settled) r.hi = target.hi;
  if (include_zero && setup.fit_lo >= 0.0) r.lo = std::max(r.lo, 0.0);
  if (include_zero && setup.fit_hi <= 0.0) r.hi = std::min(r.hi, 0.0);
  r = sanitised(r);
}

// Ticks of both axes and the data area between `top` and `bottom` (the bottom of the data area
// when the x-axis label shares the tick-label row): the widest y label sets the left margin;
// the x-axis label sits at the right end of the tick-label row, unless that leaves fewer than
// three labelled x ticks (`may_move_x_label`), when it moves to a row of its own below.
void lay_out_axes(FrameState& state, float top, float bottom, bool may_move_x_label) {
  const Painter& painter = *state.painter;
  const PlotMemory& memory = *state.memory;
  const float font = state.font;
  const float pad = 0.35f * font;
  const float line = painter.text_size("0").y;
  const bool x_tick_labels = (state.x.flags & AxisFlags_NoTickLabels) == 0;
  const bool y_tick_labels = (state.y.flags & AxisFlags_NoTickLabels) == 0;
  const auto place = [&](bool own_row) {
    const float area_bottom = own_row ? std::max(bottom - line, top + font) : bottom;
    state.y.ticks = ticks_for(painter, memory.y.range, area_bottom - top, false, 0.0f, 0.0f,
                              state.y.ticks_up_to);
    if (!y_tick_labels) state.y.ticks.multiplier.clear();
    float label_width = 0.0f;
    if (y_tick_labels) {
      for (const std::string& text : state.y.ticks.labels)
        label_width = std::max(label_width, painter.text_size(text).x);
    }
    const float left =
        std::max(state.frame_min.x + pad + label_width + 0.35f * font,
                 std::min(state.area_left_at_least, state.frame_max.x - 2.0f * font));
    // Room on the right for half of the last x label.
    const float right = std::max(state.frame_max.x - pad - 0.6f * font, left + font);
    state.area_min = {left, top};
    state.area_max = {right, area_bottom};
    state.x_label_own_row = own_row;
    const float room_before = std::min(left - state.frame_min.x, font);
    const float right_room = state.frame_max.x - right;
    // On the tick-label row, tick labels must end before the axis label starts.
    const auto room_after = [&](const std::string& label) {
      if (own_row || label.empty()) return right_room;
      return -(painter.text_size(label).x + 0.5f * font);
    };
    state.x.ticks = ticks_for(painter, memory.x.range, right - left, true, room_before,
                              room_after(state.x.label), state.x.ticks_up_to);
    if (!own_row && x_tick_labels && !state.x.ticks.multiplier.empty()) {
      // The factor lengthens the axis label: choose again with the longer label.
      state.x.ticks = ticks_for(painter, memory.x.range, right - left, true, room_before,
                                room_after(label_with_multiplier(state.x)), state.x.ticks_up_to);
    }
    if (!x_tick_labels) state.x.ticks.multiplier.clear();
    state.x.shown_label = label_with_multiplier(state.x);
    state.y.shown_label = label_with_multiplier(state.y);
  };
  place(false);
  if (!may_move_x_label || state.x.label.empty()) return;
  // A short plot keeps its height: the row would cost it more than a tick label gains. A tall
  // one gives the axis title its own row whenever the shared row would hide tick labels.
  const float rows = (bottom - top) / line - 1.0f;
  if (rows < (state.x.ticks.labelled() >= 3 ? 8.0f : 4.0f)) return;
  const int shared_row_labels = state.x.ticks.labelled();
  place(true);
  if (state.x.ticks.labelled() <= shared_row_labels) place(false);
}

}  // namespace
}  // namespace detail

using namespace detail;

namespace {}  // namespace

bool BeginPlot(const char* title_id, ImVec2 size, int flags) {
  Context& ctx = context();
  FrameState& state = ctx.frame;
  assert(!state.active && "BeginPlot inside another plot");

  ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->SkipItems) return false;
  const ImVec2 available = ImGui::GetContentRegionAvail();
  const float font = ImGui::GetFontSize();
  ImVec2 resolved(size.x > 0.0f ? size.x : std::max(available.x + size.x, 4.0f * font),
                  size.y > 0.0f ? size.y : std::max(available.y + size.y, 4.0f * font));
  const ImGuiID id = window->GetID(title_id);
  const ImRect bb(window->DC.CursorPos,
                  ImVec2(window->DC.CursorPos.x + resolved.x, window->DC.CursorPos.y + resolved.y));
  ImGui::ItemSize(bb);
  if (!ImGui::ItemAdd(bb, id)) return false;

  PlotMemory& memory = ctx.plots[id];
  state = FrameState{};
  state.active = true;
  state.id = id;
  state.memory = &memory;
  state.flags = flags;
  state.title = display_label(title_id);
  state.frame_min = {bb.Min.x, bb.Min.y};
  state.frame_max = {bb.Max.x, bb.Max.y};
  if (ctx.painter_override != nullptr) {
    state.painter = ctx.painter_override;
    state.flags |= PlotFlags_NoInputs;
    if (ctx.export_key_pending) {
      // The figure leaves the window: it needs its own key to the chains' colours.
      state.flags =
          (state.flags | PlotFlags_LegendAbove) & ~(PlotFlags_NoLegend | PlotFlags_LegendOptional);
      ctx.export_key_pending = false;
    }
  } else if (LayerCachingEnabled()) {
    state.layered = true;
    ctx.imgui_painter.emplace(detail::begin_layer(id, bb.Min, bb.Max));
    state.painter = &*ctx.imgui_painter;
  } else {
    ctx.imgui_painter.emplace(window->DrawList);
    state.painter = &*ctx.imgui_painter;
  }
  state.font = state.painter->font_size();
  return true;
}

void SetupAxis(Axis axis, const char* label, int flags) {
  FrameState& state = context().frame;
  assert(state.active && !state.setup_done && "SetupAxis after the first item");
  AxisFrame& setup = axis == Axis::X ? state.x : state.y;
  setup.label = label != nullptr ? label : "";
  setup.flags = flags;
}

void SetupAxes(const char* x_label, const char* y_label, int x_flags, int y_flags) {
  SetupAxis(Axis::X, x_label, x_flags);
  SetupAxis(Axis::Y, y_label, y_flags);
}

void SetupAxisLimits(Axis axis, double lo, double hi, Cond cond) {
  FrameState& state = context().frame;
  assert(state.active && !state.setup_done && "SetupAxisLimits after the first item");
  AxisFrame& setup = axis == Axis::X ? state.x : state.y;
  setup.has_limits = true;
  setup.limits = {std::min(lo, hi), std::max(lo, hi)};
  setup.cond = cond;
}

void SetupFinish() {
  FrameState& state = context().frame;
  assert(state.active);
  if (state.setup_done) return;
  state.setup_done = true;
  PlotMemory& memory = *state.memory;
  resolve_limits(memory.x, state.x);
  resolve_limits(memory.y, state.y);

  // Vertical layout first (it depends only on the font), then the axes (lay_out_axes).
  const Painter& painter = *state.painter;
  const float font = state.font;
  const float pad = 0.35f * font;
  const float line = painter.text_size("0").y;
  float top = state.frame_min.y + pad;
  if (!state.title.empty()) top += line + 0.2f * font;
  // An optional legend gives way where its rows (as many as last drawn, the header row with
  // the y label included) would take over a quarter of the plot's height.
  if ((state.flags & PlotFlags_LegendOptional) != 0 &&
      static_cast<float>(std::max(memory.legend_rows_above, 1)) * line >
          0.25f * (state.frame_max.y - state.frame_min.y))
    state.flags |= PlotFlags_NoLegend;
  const bool legend_above =
      (state.flags & PlotFlags_LegendAbove) != 0 && (state.flags & PlotFlags_NoLegend) == 0;
  const bool header_row = !state.y.label.empty() || legend_above;
  if (header_row) top += line + 0.2f * font;
  // A legend too wide for the header row wraps onto rows above it (sized from last frame).
  if (legend_above)
    top += static_cast<float>(std::max(memory.legend_rows_above - 1, 0)) * line;
  else
    top += 0.3f * font;  // room for the top y tick label's upper half
  const bool x_labels = (state.x.flags & AxisFlags_NoTickLabels) == 0;
  const float tick_row = x_labels ? line + 0.25f * font : 0.0f;
  const float bottom_without_label_row = std::max(state.frame_max.y - pad - tick_row, top + font);

  if ((state.flags & PlotFlags_NoInputs) == 0) {
    // Input needs the data area: lay out once with the current ranges (the layout below is
    // redone with the ranges input leaves).
    lay_out_axes(state, top, bottom_without_label_row, false);
    handle_input(state);
  }
  memory.x.range = sanitised(memory.x.range);
  memory.y.range = sanitised(memory.y.range);
  lay_out_axes(state, top, bottom_without_label_row, x_labels);
  if ((state.flags & PlotFlags_EqualAspect) != 0) {
    // The margins depend on the labels, which depend on the ranges: a second round settles
    // them (label widths change little between the two).
    for (int round = 0; round < 2; ++round) {
      apply_equal_aspect(state);
      lay_out_axes(state, top, bottom_without_label_row, x_labels);
    }
  }
  draw_background_and_grid(state);
  state.painter->push_clip(state.area_min, state.area_max);
}

void EndPlot() {
  FrameState& state = frame();
  state.painter->pop_clip();
  draw_axis_labels_and_frame(state);
  // Chains have one legend for the whole window (the strip above the panels); a plot draws its
  // own only when asked, as a row above the data (keys that never cover data).
  if ((state.flags & PlotFlags_LegendAbove) != 0 && (state.flags & PlotFlags_NoLegend) == 0)
    draw_legend(state);
  if (state.layered) {
    // The picture goes on screen as one quad; the hover ring below is drawn live over it.
    ImDrawList* window_list = ImGui::GetCurrentWindow()->DrawList;
    detail::end_layer(window_list, state.interacting);
    context().imgui_painter.emplace(window_list);
    state.painter = &*context().imgui_painter;
  }
  if (context().painter_override == nullptr) record_data_area(state);
  if (state.hovered && (state.flags & PlotFlags_NoInputs) == 0) show_hover_readout(state);
  const double dt = ImGui::GetIO().DeltaTime;
  fit_axis(state.memory->x, state.x, dt);
  fit_axis(state.memory->y, state.y, dt);
  state.active = false;
}

bool IsPlotHovered() {
  return frame().hovered;
}

DataPoint GetPlotMousePos() {
  FrameState& state = frame();
  const Transform t = transform(state);
  return {t.x_of(state.mouse.x), t.y_of(state.mouse.y)};
}

DataRect GetPlotLimits() {
  const FrameState& state = frame();
  const Range& xr = state.memory->x.range;
  const Range& yr = state.memory->y.range;
  return {xr.lo, xr.hi, yr.lo, yr.hi};
}

Point PlotToPixels(double x, double y) {
  return transform(frame())(x, y);
}
void PushPlotClip(const DataRect& rect) {
  FrameState& state = frame();
  const Point a = transform(state)(rect.x_lo, rect.y_hi),
              b = transform(state)(rect.x_hi, rect.y_lo);
  const Point min{std::max(std::min(a.x, b.x), state.area_min.x),
                  std::max(std::min(a.y, b.y), state.area_min.y)};
  const Point max{std::min(std::max(a.x, b.x), state.area_max.x),
                  std::min(std::max(a.y, b.y), state.area_max.y)};
  state.clipped = true;
  state.clip_min = min;
  state.clip_max = {std::max(max.x, min.x), std::max(max.y, min.y)};
  state.clip_limits = rect;
  state.painter->push_clip(state.clip_min, state.clip_max);
}
void PopPlotClip() {
  FrameState& state = frame();
  state.clipped = false;
  state.painter->pop_clip();
}
PixelRect GetPlotInnerArea() {
  const FrameState& state = frame();
  return state.clipped ? PixelRect{state.clip_min, state.clip_max}
                       : PixelRect{state.area_min, state.area_max};
}
DataRect GetPlotInnerLimits() {
  const FrameState& state = frame();
  return state.clipped ? state.clip_limits : GetPlotLimits();
}
Point GetPlotAreaMin() {
  return frame().area_min;
}
Point GetPlotAreaMax() {
  return frame().area_max;
}

bool IsLabelVisible(const char* label) {
  return frame().memory->hidden_keys.count(legend_key(label)) == 0;
}

Colour PaletteColour(int index) {
  // Tableau 10, brightened where needed to stand out on ImGui's dark background.
  static constexpr Colour kPalette[] = {
      rgba(78, 160, 235),  rgba(245, 145, 50),  rgba(90, 195, 95),   rgba(235, 85, 90),
      rgba(180, 130, 215), rgba(240, 205, 75),  rgba(120, 200, 195), rgba(255, 160, 175),
      rgba(190, 150, 120), rgba(200, 200, 200),
  };
  constexpr int count = static_cast<int>(sizeof(kPalette) / sizeof(kPalette[0]));
  return kPalette[((index % count) + count) % count];
}

void SetPainterOverride(Painter* painter) {
  context().painter_override = painter;
  context().export_key_pending = painter != nullptr;
}

Painter* GetPainterOverride() {
  return context().painter_override;
}

void ExportKeyGiven() {
  context().export_key_pending = false;
}

struct SavedState {
  std::map<ImGuiID, PlotMemory> plots;
};

std::shared_ptr<SavedState> SaveState() {
  return std::make_shared<SavedState>(SavedState{context().plots});
}

void RestoreState(const SavedState& state) {
  context().plots = state.plots;
}

}  // namespace sgl::plot
