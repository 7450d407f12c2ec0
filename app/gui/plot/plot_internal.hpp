// State shared by the plot module's translation units (plot.cpp: frame, layout, input, fitting;
// plot_axes.cpp: grid, ticks, legend, readout; plot_items.cpp: items). Not for views.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "app/gui/plot/imgui_painter.hpp"
#include "app/gui/plot/plot.hpp"
#include "core/plot/axis_ticks.hpp"
#include "core/plot/plot_math.hpp"

namespace sgl::plot::detail {

// What an axis remembers between frames.
struct AxisMemory {
  Range range;
  bool initialised = false;
  bool following = true;  // auto range (fit to data, or the Once limits); false once panned
  bool has_home = false;  // last SetupAxisLimits(..., Once) range, re-applied when it changes
  Range home;
};

struct LegendHit {
  std::string key;
  Point min, max;
};

// What a plot remembers between frames (keyed by its ImGui id).
struct PlotMemory {
  AxisMemory x, y;
  std::set<std::string> hidden_keys;   // legend keys toggled off
  std::vector<LegendHit> legend_hits;  // last frame's entries, for click tests
  bool pan_started_on_legend = false;
  int legend_rows_above = 1;  // rows the legend above the plot needed last frame
};

// One axis during the current frame.
struct AxisFrame {
  std::string label;
  int flags = AxisFlags_None;
  bool has_limits = false;
  Range limits;
  Cond cond = Cond::Once;
  // Extent of the fitted data seen this frame.
  double fit_lo = std::numeric_limits<double>::infinity();
  double fit_hi = -std::numeric_limits<double>::infinity();
  AxisTicks ticks;
  double ticks_up_to = std::numeric_limits<double>::infinity();  // SetupAxisTicksUpTo
  double frame_up_to = std::numeric_limits<double>::infinity();  // SetupAxisFrameUpTo
  // The label as drawn: `label` plus the ticks' common factor ("θ ×10⁻³"), if any.
  std::string shown_label;
  bool locked() const { return has_limits && cond == Cond::Always; }
};

// How a legend entry's key is drawn: a box for filled items (bars, clouds), a short line for a
// line, dashed for a dashed one (a box for a dashed curve read as a different item).
// Circle and Square: an outlined marker's own shape (light circles on a light legend were
// invisible as boxes).
enum class LegendSwatch { Box, Line, Dashed, Circle, Square };

struct LegendEntry {
  std::string text;  // displayed (the label's part before "##")
  std::string key;   // visibility key (the part after "##" if any, else the text)
  Colour colour;
  LegendSwatch swatch = LegendSwatch::Box;
  Colour outline = 0;  // a marker swatch's ring
};

struct Nearest {
  bool found = false;
  float distance_squared = 0.0f;
  std::string label;
  Colour colour = 0;
  double x = 0.0, y = 0.0;
};

struct FrameState {
  bool active = false;
  bool setup_done = false;
  ImGuiID id = 0;
  PlotMemory* memory = nullptr;
  Painter* painter = nullptr;
  int flags = PlotFlags_None;
  std::string title;
  AxisFrame x, y;
  Point frame_min, frame_max;       // whole widget
  Point area_min, area_max;         // data area
  float area_left_at_least = 0.0f;  // SetupAreaLeftAtLeast
  // PushPlotClip's rectangle (pixels, and in data units), while one is pushed: read-outs are
  // placed inside it (the Target view's joint picture, clear of its marginal bands).
  bool clipped = false;
  Point clip_min, clip_max;
  DataRect clip_limits;
  bool x_label_own_row = false;  // x-axis label below the tick labels (narrow plots)
  float font = 20.0f;
  bool hovered = false;      // mouse over the data area (and inputs enabled)
  bool interacting = false;  // the user acted on this plot this frame (drag, wheel, click, move)
  bool layered = false;      // drawn into a cached layer (plot_layer_cache.hpp), not the window
  Point mouse;
  int palette_next = 0;
  std::vector<LegendEntry> legend;
  Nearest nearest;
  std::string event_tooltip;  // VLines tooltip under the cursor
  std::vector<Point> scratch;
  std::vector<Point> scratch2;
};

struct Context {
  std::map<ImGuiID, PlotMemory> plots;
  FrameState frame;
  std::optional<ImGuiPainter> imgui_painter;  // rebuilt per plot for the current window
  Painter* painter_override = nullptr;
  // An exported figure has no window legend strip beside it: its first plot draws the key.
  bool export_key_pending = false;
};

Context& context();
FrameState& frame();  // asserts a plot is open; runs SetupFinish when it has not run yet

// Data → pixel transform of the current frame.
struct Transform {
  double x_lo, y_lo, x_scale, y_scale;  // pixels per data unit (y_scale > 0; y grows upwards)
  float left, bottom;
  Point operator()(double x, double y) const {
    return {static_cast<float>(left + (x - x_lo) * x_scale),
            static_cast<float>(bottom - (y - y_lo) * y_scale)};
  }
  double x_of(float px) const { return x_lo + (px - left) / x_scale; }
  double y_of(float py) const { return y_lo + (bottom - py) / y_scale; }
};
Transform transform(const FrameState& state);

// Layout helpers (plot_axes.cpp).
float line_thickness(const FrameState& state, const ItemStyle& style);
float default_marker_radius(const FrameState& state);
void draw_background_and_grid(FrameState& state);
void draw_axis_labels_and_frame(FrameState& state);
void draw_legend(FrameState& state);
void show_hover_readout(FrameState& state);
// Ticks and labels for an axis `pixels` long (choose_ticks with the painter's text sizes);
// room_before/room_after: pixels x labels may use beyond the axis ends.
// Ticks above `ticks_up_to` are dropped (SetupAxisTicksUpTo), grid lines with them.
AxisTicks ticks_for(const Painter& painter, Range range, float pixels, bool horizontal,
                    float room_before = 0.0f, float room_after = 0.0f,
                    double ticks_up_to = std::numeric_limits<double>::infinity());
// The data area drawn on screen this frame, for the status file (tests check plot sizes).
void record_data_area(const FrameState& state);
// The label as drawn: the caller's, followed by the ticks' common factor ("θ ×10⁻³").
std::string label_with_multiplier(const AxisFrame& axis);
std::string format_readout(double value, const AxisTicks& ticks);

// Item helpers (plot_items.cpp / plot.cpp).
// Registers the legend entry for `label`, resolves the colour; false if the label is hidden.
bool begin_item(const char* label, const ItemStyle& style, Colour& colour,
                LegendSwatch swatch = LegendSwatch::Box);
void fit_point(FrameState& state, double x, double y);
// Pan, zoom, double-click and legend clicks on the plot of `state` (plot_input.cpp).
void handle_input(FrameState& state);
void consider_nearest(FrameState& state, const char* label, Colour colour, Point pixel, double x,
                      double y);
std::string display_label(const char* label);  // "name##id" → "name"
std::string legend_key(const char* label);     // "name##id" → "id"; "name" → "name"

}  // namespace sgl::plot::detail
