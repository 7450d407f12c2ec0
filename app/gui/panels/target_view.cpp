// The target view: where the chains are on the target.
//   2-D targets: log-density heatmap with contours (GL, cached per target), each chain's sample
//     cloud, the fading trajectory of its last draws, its current position and momentum arrow.
//   1-D targets: the density curve with each chain's current position on it, and below it a
//     strip of the recent positions (newest on top) so the motion stays visible.
//   Targets without a truth grid (the regressions) and targets of higher dimension: a chosen
//     pair of coordinates as a scatter, with 1/2/3-sd ellipses of the target's reference
//     posterior, exact (linear) or Laplace (logistic) — see target_pair_view.cpp.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "app/gui/gl/scalar_field_texture.hpp"
#include "app/gui/panels/colour_map_menu.hpp"
#include "app/gui/panels/density_grid.hpp"
#include "app/gui/panels/param_widgets.hpp"
#include "app/gui/panels/target_panel.hpp"
#include "app/gui/panels/target_view_parts.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/framing_box.hpp"
#include "core/plot/plot_math.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {
namespace {

// Width over height of the space left in the panel, which the 2-D plot is about to fill; kept
// for the display popup, which is drawn above the plot and asks before the plot is laid out.
double available_aspect() {
  const ImVec2 room = ImGui::GetContentRegionAvail();
  return room.x > 0.0f && room.y > 0.0f ? static_cast<double>(room.x) / room.y : 0.0;
}

constexpr int kFieldCells = DensityField::kCells;
constexpr double kLogDensityDepth = DensityField::kLogDensityDepth;
constexpr int kContourCount = 7;
constexpr int kRugTicks = 60;  // recent positions per chain in the 1-D rug

// The window's grid is computed off the UI thread (the shell owns it); headless figures have
// none and use this one, computed at once.
DensityGrid& density_grid(const ViewContext& context) {
  static DensityGrid immediate(false);
  return context.density_grid != nullptr ? *context.density_grid : immediate;
}

// The field's mass contours (20% … 99% of the mass, outermost first for the export's bands);
// evenly spaced log levels when the grid held no mass to measure.
std::vector<double> shown_contour_levels(const DensityField& field) {
  if (field.contour_levels.empty())
    return contour_levels(field.max_value - kLogDensityDepth, field.max_value, kContourCount);
  return {field.contour_levels.rbegin(), field.contour_levels.rend()};
}

// Draws the heatmap as the plot's first item; returns a note when it could not be drawn.
// The density as a heatmap (or contour bands in exports) over `view`: the plot's limits, or
// with marginal bands the part inside them, so the bands stand on a clear margin of their own.
std::string plot_density_background(ViewContext& context, const plot::DataRect& view) {
  const DensityField* shown = density_grid(context).field(
      context.snapshot->target, {view.x_lo, view.x_hi}, {view.y_lo, view.y_hi});
  if (shown == nullptr) return {};  // the first grid is on its way; the chains draw meanwhile
  const DensityField& field = *shown;
  if (context.density_texture == nullptr) {
    // Exports (SVG) have no textures: the heatmap's contour levels as lines, darker towards the
    // mode, computed on the CPU.
    const double half_x = 0.5 * (field.x_box.hi - field.x_box.lo) / kFieldCells;
    const double half_y = 0.5 * (field.y_box.hi - field.y_box.lo) / kFieldCells;
    const std::vector<double> levels = shown_contour_levels(field);
    // The heatmap's shading as filled bands between the contour levels, under the lines.
    views::plot_field_bands("##density_bands", field.values, kFieldCells, field.x_box, field.y_box,
                            field.max_value - kLogDensityDepth, field.max_value, levels,
                            context.settings->colour_map, false);
    for (std::size_t k = 0; k < levels.size(); ++k) {
      const float depth = static_cast<float>(k + 1) / static_cast<float>(levels.size());
      plot::Contours("##density", field.values, kFieldCells, kFieldCells, field.x_box.lo + half_x,
                     field.x_box.hi - half_x, field.y_box.lo + half_y, field.y_box.hi - half_y,
                     {levels[k]},
                     {.colour = plot::with_alpha(plot::rgba(40, 60, 110), 0.3f + 0.6f * depth),
                      .thickness = 1.5f});
    }
    return {};
  }
  const plot::Point a = plot::PlotToPixels(field.x_box.lo, field.y_box.lo);
  const plot::Point b = plot::PlotToPixels(field.x_box.hi, field.y_box.hi);
  // Render near the on-screen size, so contour lines stay about one pixel wide.
  const int width = views::texture_size(std::abs(b.x - a.x));
  const int height = views::texture_size(std::abs(b.y - a.y));
  gl::ScalarFieldStyle style;
  style.value_lo = field.max_value - kLogDensityDepth;
  style.value_hi = field.max_value;
  style.colour_map = context.settings->colour_map;
  for (double level : shown_contour_levels(field))
    style.contour_levels.push_back(static_cast<float>(level));
  context.density_texture->set_field(field.values, kFieldCells, kFieldCells, field.revision);
  const unsigned int texture = context.density_texture->render(width, height, style);
  if (texture == 0) return "density heatmap unavailable: " + context.density_texture->error();
  // The grid is wider than the view (a pan shows no edge); the picture is cut to `view`, the
  // part of the texture inside it by its texture coordinates (first row at the bottom).
  const double x_lo = std::max(field.x_box.lo, view.x_lo),
               x_hi = std::min(field.x_box.hi, view.x_hi);
  const double y_lo = std::max(field.y_box.lo, view.y_lo),
               y_hi = std::min(field.y_box.hi, view.y_hi);
  if (!(x_lo < x_hi && y_lo < y_hi)) return {};
  auto u = [&](double x) {
    return float((x - field.x_box.lo) / (field.x_box.hi - field.x_box.lo));
  };
  auto v = [&](double y) {
    return float((y - field.y_box.lo) / (field.y_box.hi - field.y_box.lo));
  };
  plot::Image("##density", texture, x_lo, x_hi, y_lo, y_hi, {u(x_lo), v(y_hi)}, {u(x_hi), v(y_lo)});
  return {};
}

double density_at(const Target& target, double x);

// A scenario's ensemble: every particle's newest position (2-D; 1-D: on the density curve).
void plot_ensemble_clouds(const ViewContext& context) {
  for (const OverlayCloud& cloud : context.ensemble_clouds) {
    if (cloud.dim == 2) {
      plot::Scatter(cloud.label.c_str(), cloud.positions.data(), cloud.positions.data() + 1,
                    static_cast<int>(cloud.positions.size() / 2),
                    {.colour = plot::with_alpha(cloud.colour, 0.55f),
                     .marker_size = context.font_size / 9.0f,
                     .fit = false},
                    2);
    } else if (cloud.dim == 1) {
      std::vector<double> heights(cloud.positions.size());
      for (std::size_t k = 0; k < heights.size(); ++k)
        heights[k] = density_at(*context.snapshot->target, cloud.positions[k]);
      plot::Scatter(cloud.label.c_str(), cloud.positions.data(), heights.data(),
                    static_cast<int>(cloud.positions.size()),
                    {.colour = plot::with_alpha(cloud.colour, 0.55f),
                     .marker_size = context.font_size / 7.0f,
                     .fit = false});
    }
  }
}

void show_2d_view(ViewContext& context, TargetSettings& settings) {
  const EngineSnapshot& snapshot = *context.snapshot;
  const std::vector<Interval> box = density_grid(context).frame(snapshot.target);
  const std::vector<std::string> names = snapshot.target->coordinate_names();
  std::string background_note;
  // An export (a 16:9 slide) keeps a round target round, with blank margins if need be: judged
  // by the panel's shape, a ring on a wide slide was drawn as a flat ellipse.
  const bool exporting = plot::GetPainterOverride() != nullptr;
  if (!exporting) settings.panel_aspect = available_aspect();
  const bool equal = settings.equal_aspect.value_or(
      prefers_equal_aspect(box, 2.0, exporting ? 0.0 : settings.panel_aspect));
  float plot_width = ImGui::GetContentRegionAvail().x;
  // A small tile (the dashboard at 1280×720) keeps its area for the density: the bands would
  // take a third of it.
  const bool marginals =
      settings.show_marginals && plot_width >= views::kNarrowPanelFonts * ImGui::GetFontSize();
  if (exporting && equal) {
    // An export as wide as the slide widened the x axis far beyond the box (a ring drawn in a
    // third of the slide, the x ticks stopping at its box, blank sides): the plot takes the
    // box's own shape instead, centred, and the slide keeps blank margins beside it.
    const double x_span =
        (marginals ? views::with_marginal_band(box[0].lo, box[0].hi) : box[0].hi) - box[0].lo;
    const double y_span =
        (marginals ? views::with_marginal_band(box[1].lo, box[1].hi) : box[1].hi) - box[1].lo;
    const float furniture = 4.0f * ImGui::GetFontSize();  // tick labels and axis titles
    const float height = ImGui::GetContentRegionAvail().y;
    const float fitted = static_cast<float>((height - furniture) * x_span / y_span) + furniture;
    if (fitted > 0.0f && fitted < plot_width) {
      ImGui::SetCursorPosX(ImGui::GetCursorPosX() + 0.5f * (plot_width - fitted));
      plot_width = fitted;
    }
  }
  if (plot::BeginPlot("##target2d", ImVec2(plot_width, 0),
                      equal ? plot::PlotFlags_EqualAspect : plot::PlotFlags_None)) {
    plot::SetupAxes(names[0].c_str(), names[1].c_str());
    plot::SetupAxisLimits(plot::Axis::X, box[0].lo,
                          marginals ? views::with_marginal_band(box[0].lo, box[0].hi) : box[0].hi);
    plot::SetupAxisLimits(plot::Axis::Y, box[1].lo,
                          marginals ? views::with_marginal_band(box[1].lo, box[1].hi) : box[1].hi);
    if (marginals) {  // the bands' margin is no part of the axes' scale
      plot::SetupAxisTicksUpTo(plot::Axis::X, box[0].hi);
      plot::SetupAxisTicksUpTo(plot::Axis::Y, box[1].hi);
    }
    plot::SetupFinish();
    if (marginals) {
      // The frame holds the joint picture only, up to where the strips begin (equal aspect may
      // have widened the axes beyond the box): inside one frame the strips read as drawn over
      // the plot, hiding part of it (newcomer runs 6-8); beside it they are strips of their own.
      const plot::DataRect joint = views::inside_marginal_bands(plot::GetPlotLimits());
      plot::SetupAxisFrameUpTo(plot::Axis::X, joint.x_hi);
      plot::SetupAxisFrameUpTo(plot::Axis::Y, joint.y_hi);
    }
    background_note = plot_density_background(
        context,
        marginals ? views::inside_marginal_bands(plot::GetPlotLimits()) : plot::GetPlotLimits());
    // The marginals before the chains: slow motion's read-out, drawn with the chains, stays on
    // top of the bands.
    if (marginals) {
      views::plot_marginals_on_edges(context);
      // The target's box in pixels: the bands must stand outside it (tests/gui/lesson_screen).
      const plot::Point corner = plot::PlotToPixels(box[0].lo, box[1].hi);
      const plot::Point far_corner = plot::PlotToPixels(box[0].hi, box[1].lo);
      ui_probe::record_rect("target/box",
                            {corner.x, corner.y, far_corner.x - corner.x, far_corner.y - corner.y});
    }
    const double span = std::min(box[0].hi - box[0].lo, box[1].hi - box[1].lo);
    // The chains stay inside the joint picture: their points strayed into the marginal bands
    // (on screen and on exported slides).
    if (marginals) plot::PushPlotClip(views::inside_marginal_bands(plot::GetPlotLimits()));
    views::plot_chains_on_pair(context, settings, 0, 1, span);
    plot_ensemble_clouds(context);
    if (marginals) plot::PopPlotClip();
    if (!background_note.empty()) {
      const plot::DataRect limits = plot::GetPlotLimits();
      plot::Text(limits.x_lo, limits.y_lo, background_note, plot::theme().note, {6.0f, -6.0f},
                 plot::HAlign::Left, plot::VAlign::Bottom);
    }
    plot::EndPlot();
  }
}

// 1-D: the density curve over the current x range.
void plot_density_curve(const Target& target, const plot::DataRect& limits) {
  constexpr int kPoints = 400;
  std::vector<double> xs(kPoints), ys(kPoints);
  const TruthGrid* truth = target.truth();
  for (int k = 0; k < kPoints; ++k) {
    const double x = limits.x_lo + (limits.x_hi - limits.x_lo) * k / (kPoints - 1);
    xs[static_cast<std::size_t>(k)] = x;
    ys[static_cast<std::size_t>(k)] =
        truth != nullptr ? truth->marginal_density(0, x) : std::exp(-target.potential(&x));
  }
  plot::Line(truth != nullptr ? "density" : "exp(−U), unnormalised", xs.data(), ys.data(), kPoints,
             {.colour = plot::theme().foreground, .thickness = 3.0f});
}

double density_at(const Target& target, double x) {
  const TruthGrid* truth = target.truth();
  return truth != nullptr ? truth->marginal_density(0, x) : std::exp(-target.potential(&x));
}

void show_1d_view(ViewContext& context) {
  const EngineSnapshot& snapshot = *context.snapshot;
  const Target& target = *snapshot.target;
  const std::vector<Interval> box = target.view_box();
  const float font = ImGui::GetFontSize();
  const float available = ImGui::GetContentRegionAvail().y;
  // A short panel gives the density curve all its height; the rug needs room to read.
  const bool rug = available >= 16.0f * font;
  const float curve_height = rug ? std::max(0.72f * available, 6.0f * font) : 0.0f;
  plot::DataRect limits{box[0].lo, box[0].hi, 0.0, 1.0};
  float curve_area_left = 0.0f;

  if (plot::BeginPlot("##target1d", ImVec2(0, curve_height), plot::PlotFlags_NoLegend)) {
    const std::string name = views::coordinate_name(context, 0);
    plot::SetupAxes(name.c_str(), "density", plot::AxisFlags_None, plot::AxisFlags_FitIncludeZero);
    plot::SetupAxisLimits(plot::Axis::X, box[0].lo, box[0].hi);
    plot::SetupFinish();
    limits = plot::GetPlotLimits();
    curve_area_left = plot::GetPlotAreaMin().x;
    plot_density_curve(target, limits);
    plot_ensemble_clouds(context);
    for (const ChainSnapshot& chain : snapshot.chains) {
      const std::size_t rows = views::recent_rows(chain);
      if (rows == 0) continue;
      const double x = chain.recent_theta[(rows - 1) * static_cast<std::size_t>(chain.dim)];
      const double y = density_at(target, x);
      const std::string label = views::chain_label(chain);
      plot::Scatter(label.c_str(), &x, &y, 1,
                    {.colour = views::chain_colour(context, chain),
                     .marker_size = 0.4f * font,
                     .marker_outline = plot::rgba(255, 255, 255),
                     .fit = false});
    }
    plot::EndPlot();
  }

  // A rug of each chain's recent positions, one lane per chain, older ticks fainter: the motion
  // stays visible without a trail scribbling over the curve. Its x axis copies the curve's, on
  // the same pixels.
  if (rug && plot::BeginPlot("##recent1d", ImVec2(0, 0), plot::PlotFlags_NoLegend)) {
    const int ticks = std::clamp(context.settings->trail_length, 2, kRugTicks);
    const std::string caption = "last " + std::to_string(ticks) + " positions";
    const auto lanes = static_cast<double>(snapshot.chains.size());
    plot::SetupAxes("", caption.c_str(), plot::AxisFlags_None,
                    plot::AxisFlags_NoTickLabels | plot::AxisFlags_NoGrid);
    plot::SetupAreaLeftAtLeast(curve_area_left);
    plot::SetupAxisLimits(plot::Axis::X, limits.x_lo, limits.x_hi, plot::Cond::Always);
    plot::SetupAxisLimits(plot::Axis::Y, -lanes, 0.0, plot::Cond::Always);
    double lane_top = 0.0;
    for (const ChainSnapshot& chain : snapshot.chains) {
      const std::size_t rows = views::recent_rows(chain);
      const std::size_t start = views::trail_start(chain, ticks);
      const plot::Colour colour = views::chain_colour(context, chain);
      const std::string label = views::chain_label(chain);
      const double ys[2] = {lane_top - 0.85, lane_top - 0.15};
      for (std::size_t k = start; k < rows; ++k) {
        const double x = chain.recent_theta[k * static_cast<std::size_t>(chain.dim)];
        const double xs[2] = {x, x};
        const float age = static_cast<float>(k - start + 1) / static_cast<float>(rows - start);
        const bool newest = k + 1 == rows;
        plot::Line(label.c_str(), xs, ys, 2,
                   {.colour = plot::with_alpha(colour, newest ? 1.0f : 0.08f + 0.6f * age * age),
                    .thickness = newest ? 0.25f * font : 2.0f});
      }
      lane_top -= 1.0;
    }
    plot::EndPlot();
  }
}

// The framed box of the view shown for this target (2-D density or coefficient pair).
std::vector<Interval> shown_box(const ViewContext& context, const TargetSettings& settings,
                                bool density_view) {
  const Target& target = *context.snapshot->target;
  if (density_view) {
    return density_grid(context).frame(context.snapshot->target);
  }
  const std::vector<Interval> box = target.view_box();
  const auto x = static_cast<std::size_t>(views::clamped_coordinate(context, settings.pair_x));
  const auto y = static_cast<std::size_t>(views::clamped_coordinate(context, settings.pair_y));
  return {box[x], box[y]};
}

// Equal aspect is on by default where the framed extents are alike; a new target goes back to
// its default. Returns the setting in force.
bool equal_aspect_default(const ViewContext& context, TargetSettings& settings, bool density_view) {
  if (settings.aspect_target.lock() != context.snapshot->target) {
    settings.aspect_target = context.snapshot->target;
    settings.equal_aspect.reset();
  }
  // A coefficient pair's axes carry different units and scales: off unless asked for.
  return settings.equal_aspect.value_or(
      density_view &&
      prefers_equal_aspect(shown_box(context, settings, density_view), 2.0, settings.panel_aspect));
}

// The "equal aspect" checkbox of the display popup.
void equal_aspect_checkbox(const ViewContext& context, TargetSettings& settings,
                           bool density_view) {
  bool equal = equal_aspect_default(context, settings, density_view);
  if (ImGui::Checkbox("equal aspect", &equal)) settings.equal_aspect = equal;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "One unit as long on x as on y, so circles look round.\nOff by default where the mass "
        "is over twice as wide as high (or the reverse), and for coefficient pairs.");
}

bool has_any_draws(const EngineSnapshot& snapshot) {
  for (const ChainSnapshot& chain : snapshot.chains) {
    if (views::recent_rows(chain) > 0 || !chain.cloud.empty()) return true;
  }
  return false;
}

}  // namespace

void show_target_view(ViewContext& context, TargetSettings& settings) {
  if (!views::has_target(context)) return;
  const EngineSnapshot& snapshot = *context.snapshot;
  const Target& target = *snapshot.target;
  SharedViewSettings& shared = *context.settings;
  // Without a truth grid (the regressions) the coordinates are coefficients in their own units:
  // no density picture, and equal aspect off by default.
  const bool has_density = target.truth() != nullptr;

  // The display options sit in a popup: the header keeps one row, so the picture keeps its
  // height in a small tile.
  if (ImGui::Button("display ▾")) ImGui::OpenPopup("##target_display");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "sample clouds, momentum arrows, trail length, equal aspect, marginals, colour map");
  if (ImGui::BeginPopup("##target_display")) {
    ImGui::Checkbox("sample clouds", &settings.show_cloud);
    if (target.dim() >= 2) ImGui::Checkbox("momentum arrows", &settings.show_momentum);
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7.0f);
    double trail = shared.trail_length;  // the value beside the grab, never under it
    if (readable_slider("trail", trail, 10.0, 2000.0, "%.0f", ImGuiSliderFlags_Logarithmic))
      shared.trail_length = std::clamp(static_cast<int>(std::lround(trail)), 2, 100000);
    if (target.dim() >= 2)
      equal_aspect_checkbox(context, settings, target.dim() == 2 && has_density);
    if (target.dim() == 2 && has_density) {
      ImGui::Checkbox("marginal histograms", &settings.show_marginals);
      colour_map_choice(shared.colour_map);
      views::stopped_chains_toggle(context, false);  // in the marginals, as on the other plots
    }
    ImGui::EndPopup();
  } else if (target.dim() >= 2) {
    // Keeps the default's target check running while the popup is closed.
    equal_aspect_default(context, settings, target.dim() == 2 && has_density);
  }
  if (!has_density || target.dim() > 2) {
    // "pair x vs y" beside the display button where the panel is wide enough, else on the next
    // line; a narrow side panel puts "vs y" on a line of its own rather than clip it.
    const ImGuiStyle& style = ImGui::GetStyle();
    const float combo = ImGui::GetFontSize() * 6.5f;  // views::coordinate_combo's width
    const float pair_width = ImGui::CalcTextSize("pair").x + style.ItemSpacing.x + combo;
    const float vs_width = ImGui::CalcTextSize("vs").x + style.ItemSpacing.x + combo;
    const auto same_line_if_fits = [&](float width) {
      const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
      ImGui::SameLine();
      if (ImGui::GetCursorScreenPos().x + width > right_edge) ImGui::NewLine();  // undoes it
    };
    same_line_if_fits(pair_width);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("pair");
    ImGui::SameLine();
    views::coordinate_combo(context, "##pair_x", settings.pair_x);
    same_line_if_fits(vs_width);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted("vs");
    ImGui::SameLine();
    views::coordinate_combo(context, "##pair_y", settings.pair_y);
  }
  views::annealing_controls(context, settings);
  if (!snapshot.chains.empty() && !has_any_draws(snapshot) &&
      views::largest_annealing_steps(snapshot) == 0) {
    views::note("No draws yet: press Space to run.");
  }

  if (target.dim() == 1) {
    show_1d_view(context);
  } else if (target.dim() == 2 && has_density) {
    show_2d_view(context, settings);
  } else {
    views::show_pair_view(context, settings, settings.pair_x, settings.pair_y);
  }
}

}  // namespace sgl
