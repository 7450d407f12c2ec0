// Small pieces shared by the views: chain names and colours, the coordinate selector, notes for
// empty snapshots, per-chain read-outs and parameter-change markers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/panels/view_context.hpp"
#include "app/gui/plot/plot.hpp"

namespace sgl::views {

// The chain's label ("naive SGHMC + MH"), as the legend strip and the metrics name it.
std::string chain_label(const ChainSnapshot& chain);
plot::Colour chain_colour(const ViewContext& context, const ChainSnapshot& chain);
// Whether a plot draws the chain faded (a quarter of its colour): under slow motion every chain
// but the slowed one, so the class follows one path; and a stopped (diverged) chain, whose last
// draws otherwise cover the live chains (a solid wall in the trace, spikes in the histogram).
bool chain_faded(const ViewContext& context, const ChainSnapshot& chain);
// The chain whose path slow motion is playing back now: its playback marks its current point.
bool slowed_chain(const ViewContext& context, const ChainSnapshot& chain);
// chain_colour, faded as chain_faded says.
plot::Colour plotted_chain_colour(const ViewContext& context, const ChainSnapshot& chain);

// True when there is something to draw; otherwise writes a friendly note and returns false.
bool has_chains(const ViewContext& context);
// True when a target is known (views that still show the target without chains); notes "no
// chains yet" when there are none.
bool has_target(const ViewContext& context);
// SameLine() if a widget `width` pixels wide still fits on the current row; otherwise the next
// widget starts a new row (panel headers that wrap instead of clipping when narrow).
void same_line_if_fits(float width);
// Greyed, wrapped explanatory text (captions, "no draws yet").
void note(const char* text);
// A greyed one-line caption (ImGui::TextDisabled). It, note() and readout_row() also write their
// text into an export painter when one is set (plot::GetPainterOverride), so exported figures
// keep their read-outs.
// Panels narrower than this many fonts are side tiles: their captions take one line.
constexpr float kNarrowPanelFonts = 22.0f;
void caption(const char* text);

// Scrolls the current window so that the cursor's row is at its top, unless the next `height`
// pixels from it are in view already: scrolling a chain in view to the top pushed the Controls'
// run buttons out of the panel after a Ctrl+Z (newcomer run 11).
void scroll_to_top_unless_shown(float height);

// A no-break space (U+00A0): captions and read-outs break at plain spaces only, so
// "B = ½εV = 0.12" and "min U = −1" always stay on one line (ImGui's own wrapping also breaks
// after '.' and ','). glued() turns every space of `text` into one.
inline constexpr const char* kGlue = "\u00a0";
std::string glued(const std::string& text);

// Keeps the next checkbox or radio button labelled `label` on the current line when it fits,
// so a narrow panel wraps the row instead of clipping it.
void same_line_if_fits(const char* label);

// Coordinate picker over the target's coordinate names, bound to `coordinate` (clamped to the
// target's dimension first, so a stale setting after a target change is harmless).
void coordinate_combo(const ViewContext& context, const char* label, int& coordinate);
int clamped_coordinate(const ViewContext& context, int coordinate);
std::string coordinate_name(const ViewContext& context, int coordinate);

// One coloured entry per chain ("■ hmc #0  IAT 3.1  ESS 812"), flowing onto new lines when the
// row is full, after an optional greyed caption.
struct Readout {
  plot::Colour colour;
  std::string text;
  std::string name = {};  // the chain's; shown before the text where the whole row has room
};
// Hovering the caption or an entry shows the glossary definitions of `terms` (e.g. TV, KL).
void readout_row(const std::vector<Readout>& entries, const char* caption = nullptr,
                 const std::vector<std::string>& terms = {});

// Dashed vertical markers at each parameter change of the chain, with a tooltip listing what
// changed (drawn inside an open plot).
void plot_param_changes(const ChainSnapshot& chain, plot::Colour colour);
// Red markers at the chain's divergent steps, merged per pixel column (inside an open plot).
void plot_divergences(const ChainSnapshot& chain);
// A scalar field (n × n values at cell centres over x_box × y_box) as filled bands between
// `levels`, coloured as the GPU heatmap colours them (value_lo → t = 0, value_hi → t = 1, or the
// reverse when `invert`): the shading an export without textures (SVG) would otherwise lose.
void plot_field_bands(const char* label, const std::vector<float>& values, int n,
                      const Interval& x_box, const Interval& y_box, double value_lo,
                      double value_hi, const std::vector<double>& levels, ColourMap map,
                      bool invert);

// Whether a chain's items take part in fitting a shared y range: a stopped (diverged) chain's
// runaway values would flatten every other trace, so it counts only when the user asks (or
// when every chain has stopped).
bool fits_axes(const ViewContext& context, const ChainSnapshot& chain);
// The "include stopped chains" checkbox (fits_axes), shown only once a chain has stopped;
// `same_line`: after the previous item when it fits there.
void stopped_chains_toggle(ViewContext& context, bool same_line = false);

// Number of rows (draws) in the recent window, and the first row of the last `trail` of them.
std::size_t recent_rows(const ChainSnapshot& chain);
std::size_t trail_start(const ChainSnapshot& chain, int trail_length);

// Step range [lo, hi] covered by a decimated series; false when it is empty. Views pass the
// union to SetupAxisLimits(X, lo, hi, Cond::Follow) so live step axes never lag the data.
bool step_extent(const DecimatedSeries& series, double& lo, double& hi);

// Integers with thin spaces between thousands ("1 328 857").
std::string count_text(std::uint64_t value);
// "1.23e4"-style compact numbers for read-outs ("—" for non-finite).
std::string compact_number(double value, int significant = 3);

// Pixel size for a GL field texture shown `pixels` wide: rounded up to a multiple of 128 (at
// most 2048), so that axes gliding while they follow the data do not re-render it every frame.
int texture_size(float pixels);

// The channels the chains declare with `flag` set (traced, metric_column), one per id, in order
// of first appearance: a view shows each declared channel once, whichever chains carry it.
std::vector<const ChannelDescriptor*> declared_channels(const EngineSnapshot& snapshot,
                                                        bool ChannelDescriptor::*flag);

// A point outside the plotted box (a runaway orbit, a divergent leapfrog path): an arrow from
// the box's centre towards it, from `tail` to `tip` of the way to the box's edge (0..1), in
// `style` (its colour over a dark halo when `halo`). A non-finite point (an overflow) is
// pointed at the top edge. Returns the arrow's tail and which way it points (signs of dx, dy),
// or nothing when the point lies inside `box`.
struct OffPlotArrow {
  double tail_x = 0.0, tail_y = 0.0;
  bool right = false, up = false;
};
std::optional<OffPlotArrow> arrow_to_point_off_plot(double x, double y, const plot::DataRect& box,
                                                    double tail, double tip,
                                                    const plot::ItemStyle& style, bool halo);

}  // namespace sgl::views
