// A small immediate-mode plotting API modelled on ImPlot (which is not packaged for our
// platform). Usage, inside any ImGui window:
//
//   if (plot::BeginPlot("##trace", ImVec2(0, 0))) {       // 0 = fill the available space
//     plot::SetupAxes("step", "θ");                        // optional; before the first item
//     plot::Decimated("hmc #1", series, {.colour = hmc_colour});
//     plot::Line("truth", xs, ys, n, {.colour = plot::rgba(240, 240, 240)});
//     plot::EndPlot();                                     // only if BeginPlot returned true
//   }
//
// Behaviour (every plot):
//   - Axes FOLLOW the data by default: each frame they are fitted to what was drawn, growing at
//     once and shrinking smoothly (as Tracy's plots do) so live ranges do not jitter.
//   - Drag pans. The wheel zooms around the cursor: both axes; Shift: x only; Ctrl: y only.
//     Panning or zooming an axis stops it following; a double-click makes every axis follow
//     again (or return to its SetupAxisLimits(..., Cond::Once) range).
//   - Hovering shows the cursor's (x, y) and the nearest drawn point of an item; markers drawn
//     with VLines show their tooltip.
//   - One legend entry per label; clicking an entry hides or shows every item with that label.
//     A label "name##id" shows "name"; a label starting with "##" has no legend entry.
// Sizes scale with ImGui's font size, so the same code reads on a laptop and on a projector.
//
// All drawing goes through a Painter (painter.hpp): the window's draw list by default, or the
// painter given to SetPainterOverride (SVG export).
#pragma once

#include <imgui.h>

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/gui/plot/painter.hpp"
#include "core/plot/streaming_decimator.hpp"

namespace sgl::plot {

enum class Axis { X, Y };

// When SetupAxisLimits applies its range.
enum class Cond {
  Once,    // the axis's home range: used at first, and again after a double-click or whenever
           // the given limits change (e.g. a new target); the user may pan and zoom freely
  Always,  // locked: no pan or zoom on this axis
  Follow,  // the auto range, for data whose extent the caller knows (e.g. steps so far): used
           // this very frame while the axis follows (auto-fitting lags a frame behind live
           // data), until the user pans or zooms; a double-click follows again
};

enum PlotFlags : int {
  PlotFlags_None = 0,
  PlotFlags_EqualAspect = 1 << 0,  // one data unit spans as many pixels on x as on y
  PlotFlags_NoLegend = 1 << 1,
  PlotFlags_LegendAbove = 1 << 2,  // legend as one row above the plot area (never covers data)
  PlotFlags_NoInputs = 1 << 3,     // no pan, zoom or hover readout
  // The series are the chains the window's legend strip already names in the same colours: in
  // a plot too short for it, the legend above is left out rather than squeeze the data (chen-fig2's
  // Experiment tile at 1280x720 had four rows of keys over a 40 px plot). Exports keep it.
  PlotFlags_LegendOptional = 1 << 4,
};

enum AxisFlags : int {
  AxisFlags_None = 0,
  AxisFlags_NoGrid = 1 << 0,
  AxisFlags_NoTickLabels = 1 << 1,
  AxisFlags_FitIncludeZero = 1 << 2,  // auto-fit always includes 0 (densities, ACF, bars)
  AxisFlags_Tight = 1 << 3,           // auto-fit without padding (e.g. a step axis)
};

enum class MarkerShape {
  Circle,
  Square,  // cheapest: use for clouds of thousands of points
};

// Per-item look. Zero means "derived default", so `{.colour = c}` is usually all an item needs.
struct ItemStyle {
  Colour colour = 0;         // 0: the next palette colour in this plot
  float thickness = 0.0f;    // line width in px; 0: max(2, font/9) so lines read on a projector
  float marker_size = 0.0f;  // marker radius in px; 0: font/5 (Scatter), font/3 (Stems ends)
  MarkerShape marker = MarkerShape::Circle;
  Colour marker_outline = 0;  // ring drawn around each marker (0: none), e.g. current position
  float fill_alpha = 0.25f;   // Bars: fill = colour with its alpha × fill_alpha
  bool dashed = false;        // Line, VLines, HLine
  bool fit = true;            // false: the item does not take part in auto-fitting the axes
  bool tabs_only = false;     // VLines: only the tab along the top edge, no line over the data
};

struct DataPoint {
  double x = 0.0;
  double y = 0.0;
};

struct DataRect {
  double x_lo = 0.0, x_hi = 1.0;
  double y_lo = 0.0, y_hi = 1.0;
};

// ---------------------------------------------------------------- plot frame
// `title_id`: "Title##id" shows Title above the plot; "##id" shows none. size: 0 = all the
// available width/height, negative = available minus |value| (as ImGui widgets).
// Returns false when the plot is not visible; then call nothing else (no EndPlot).
bool BeginPlot(const char* title_id, ImVec2 size = ImVec2(0, 0), int flags = PlotFlags_None);
void EndPlot();

// Setup calls go between BeginPlot and the first item.
void SetupAxes(const char* x_label, const char* y_label, int x_flags = AxisFlags_None,
               int y_flags = AxisFlags_None);
void SetupAxis(Axis axis, const char* label, int flags = AxisFlags_None);
void SetupAxisLimits(Axis axis, double lo, double hi, Cond cond = Cond::Once);
// No ticks (nor grid lines) above `hi` on this axis: a margin beyond the data keeps clear.
void SetupAxisTicksUpTo(Axis axis, double hi);
// The data area's frame ends at `hi` on this axis: what lies beyond (the Target view's marginal
// strips) stands beside the framed plot instead of inside it.
void SetupAxisFrameUpTo(Axis axis, double hi);
// The data area starts no further left than `left` (screen pixels): a plot stacked under another
// that shares its x axis passes the upper one's GetPlotAreaMin().x so their x pixels line up.
void SetupAreaLeftAtLeast(float left);
// Lays the plot out and draws its background; called by the first item or EndPlot if not
// called explicitly. Call it before the queries below if you need them before any item.
void SetupFinish();

// ---------------------------------------------------------------- items
// Arrays are read as p[0], p[stride], p[2·stride], … (stride in elements; e.g. the dimension
// for one coordinate of row-major draws). Non-finite points break lines and are skipped.
void Line(const char* label, const double* xs, const double* ys, int count,
          const ItemStyle& style = {}, int stride = 1);
// y only, at x = x0 + i·dx.
void Line(const char* label, const double* ys, int count, double x0, double dx,
          const ItemStyle& style = {}, int stride = 1);
// Markers at (x_i, y_i). A large cloud of plain markers (no outline) is thinned to one marker per
// pixel with the opacity of the markers it stands for (pixel_grid.hpp): the same picture.
void Scatter(const char* label, const double* xs, const double* ys, int count,
             const ItemStyle& style = {}, int stride = 1);
// Histogram: bins [edges[i], edges[i+1]) of height heights[i]; edges has bins + 1 entries.
// Bars fill with fill_alpha and outline the top as a staircase; Stairs only outlines.
void Bars(const char* label, const double* edges, const double* heights, int bins,
          const ItemStyle& style = {});
void Stairs(const char* label, const double* edges, const double* heights, int bins,
            const ItemStyle& style = {});
// The translucent fills of several histograms over the same bins (each `heights` has `bins`
// entries; colours in drawing order), as one layer: where fills overlap, one rectangle of their
// composited colour, so each pixel is blended once instead of once per series (the picture is
// the same). The outlines are then drawn by Bars with fill_alpha 0.
struct BarFill {
  const double* heights = nullptr;
  Colour colour = 0;
};
void OverlappingBarFills(const double* edges, int bins, const std::vector<BarFill>& fills,
                         float fill_alpha);
// A min/max-decimated series (StreamingDecimator): one faint vertical min–max bar per pixel
// column (buckets merged further when there are more than pixels) and a line through the
// columns' last values.
void Decimated(const char* label, const DecimatedSeries& series, const ItemStyle& style = {});
// A polyline whose opacity ramps from ~0 at the oldest point to 1 at the newest (the trail).
// Runs of points inside one pixel are thinned to where they enter and leave it.
void FadingLine(const char* label, const double* xs, const double* ys, int count,
                const ItemStyle& style = {}, int stride = 1);
// Vertical lines at x (events: parameter changes, divergences) with a small tab at the top;
// hovering near one shows tooltips[i] when given (count entries).
void VLines(const char* label, const double* xs, int count, const ItemStyle& style = {},
            const std::string* tooltips = nullptr);
void HLine(const char* label, double y, const ItemStyle& style = {});
// From (x, y) to (x + dx, y + dy) in data units, with an arrow head.
void Arrow(const char* label, double x, double y, double dx, double dy,
           const ItemStyle& style = {});
// A texture stretched over the data rectangle [x0, x1] × [y0, y1]. GL textures rendered into an
// FBO have their first row at the bottom, hence the flipped default v coordinates.
void Image(const char* label, std::uint64_t texture_id, double x0, double x1, double y0, double y1,
           Point uv_min = {0.0f, 1.0f}, Point uv_max = {1.0f, 0.0f});
// Filled cells of an nx × ny grid over [x0, x1] × [y0, y1] (colours[j · nx + i], 0 = none), a
// run of equal colours in a row drawn as one rectangle; for back ends without textures (SVG),
// where Image draws nothing. Takes no part in auto-fitting.
void Cells(const char* label, const std::vector<Colour>& colours, int nx, int ny, double x0,
           double x1, double y0, double y1);
// Contour lines of a field sampled on an nx × ny grid (values[j · nx + i]) whose corner points
// sit at (x0, y0) and (x1, y1), one line per level, computed on the CPU (marching squares). For
// back ends without textures (SVG), where Image draws nothing; takes no part in auto-fitting.
// `colours` (nx × ny, row 0 at y0) as one smooth picture over [x0, x1] × [y0, y1] where the
// painter can embed one (SVG), else as Cells.
void Pixels(const char* label, const std::vector<Colour>& colours, int nx, int ny, double x0,
            double x1, double y0, double y1);
void Contours(const char* label, const std::vector<float>& values, int nx, int ny, double x0,
              double x1, double y0, double y1, const std::vector<double>& levels,
              const ItemStyle& style = {});
// Text anchored at a data position, shifted by a pixel offset (x right, y down).
void Text(double x, double y, std::string_view text, Colour colour = 0, Point pixel_offset = {},
          HAlign h_align = HAlign::Left, VAlign v_align = VAlign::Top);

// A read-out box over the data (plot_text_box.cpp): `lines` stacked, each `scale` × the plot's
// font, on a filled `background`; its top-left corner at `at` (pixels), moved inside the data
// area. Drawn through the plot's painter, so it shows in cached layers, GIFs and exports.
struct TextLine {
  std::string text;
  Colour colour = 0;  // 0: white (the box is meant to be dark)
  float scale = 1.0f;
};
struct PixelRect {
  Point min, max;
};
PixelRect TextBox(Point at, const std::vector<TextLine>& lines, Colour background);
// The size TextBox gives these lines (with its padding), to place it before drawing.
Point TextBoxSize(const std::vector<TextLine>& lines);

// ---------------------------------------------------------------- queries (inside a plot)
bool IsPlotHovered();
DataPoint GetPlotMousePos();
DataRect GetPlotLimits();
Point PlotToPixels(double x, double y);
// Items drawn until PopPlotClip are clipped to this data rectangle as well as to the data area
// (the Target view keeps its chains off the marginal bands).
void PushPlotClip(const DataRect& rect);
void PopPlotClip();
// The area items are drawn in now: PushPlotClip's rectangle while one is pushed, else the whole
// data area (pixels; and in data units).
PixelRect GetPlotInnerArea();
DataRect GetPlotInnerLimits();
Point GetPlotAreaMin();  // the data area in screen pixels
Point GetPlotAreaMax();
// Whether items labelled `label` are currently shown (not toggled off in the legend).
bool IsLabelVisible(const char* label);

// ---------------------------------------------------------------- outside a plot
// Colour i of the default palette (bright, distinguishable on a dark background).
Colour PaletteColour(int index);
// Plots draw into `painter` instead of the window's draw list while it is set (null: reset).
// Inputs and tooltips are disabled meanwhile.
void SetPainterOverride(Painter* painter);
// The painter set by SetPainterOverride (null: none), so that text a view writes with ImGui
// (captions, read-outs) can go into an export too.
// The figure being exported names every chain beside its colour already (a read-out row above
// its plot): its first plot draws no key of its own (a histogram slide had two).
void ExportKeyGiven();
Painter* GetPainterOverride();

// What plots remember between frames (ranges, followed axes, legend toggles). An export draws a
// view again at another size, which would disturb the live plots' ranges (equal aspect, fits):
// it saves the state first and restores it afterwards.
struct SavedState;
std::shared_ptr<SavedState> SaveState();
void RestoreState(const SavedState& state);

}  // namespace sgl::plot
