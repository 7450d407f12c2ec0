// Phase space (θ_i, r_i) of the selected coordinate: each chain's fading trajectory and current
// point. For 1-D targets the level sets of H(θ, r) = U(θ) + r²/2 lie underneath: exact HMC
// moves along them between momentum refreshes, SGHMC's friction keeps it inside a band, and
// naive SGHMC's noise pushes it outwards across the levels (Chen et al. 2014, Fig. 2).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/gl/scalar_field_texture.hpp"
#include "app/gui/panels/slow_motion_frame.hpp"
#include "app/gui/panels/slow_motion_overlay.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/phase_frame.hpp"

namespace sgl {
namespace {

constexpr int kFieldCells = 200;
// The default frame shows H − min U up to this value: the momentum range ±√(2·kEnergyDepth).
constexpr double kEnergyDepth = 12.0;
// Level sets of H − min U drawn as contours: 0.25 doubling upwards, as far as the frame reaches
// (a naive SGHMC orbit that has gained energy 100 still crosses labelled levels).
constexpr double kFirstLevel = 0.25;
constexpr int kMaxLevels = 12;
// The frame grows in steps of this fraction of the default box so that a spiralling orbit
// re-computes the field a few times, not every frame.
constexpr double kGrowthStep = 0.5;
// At most this many steps per side (H − min U up to about 4 × kEnergyDepth): the frame of the
// wells, where the lesson happens; an orbit beyond is named, not fitted (core/plot/phase_frame).
constexpr int kMaxGrowthSteps = 2;

// H − min U on a (θ, r) grid over `theta_box` × `r_box`: the target's view box and the default
// momentum range, widened to hold every visible trajectory so the levels lie under all of them.
// Stored as log2(1 + (H − min U)/kFirstLevel) so each doubling of energy is one colour step.
struct EnergyField {
  std::weak_ptr<const Target> target;
  std::vector<float> values;
  Interval theta_box, r_box;
  std::vector<float> levels;   // H − min U of each contour
  double min_potential = 0.0;  // over the view box
  std::uint64_t revision = 0;
};

EnergyField& energy_field() {
  static EnergyField field;
  return field;
}

float energy_colour_value(double energy_above_min) {
  return static_cast<float>(std::log2(1.0 + std::max(0.0, energy_above_min) / kFirstLevel));
}

void update_energy_field(const std::shared_ptr<const Target>& target, const Interval& theta_box,
                         const Interval& r_box, EnergyField& field) {
  if (field.target.lock() == target && !field.values.empty() &&
      field.theta_box.lo == theta_box.lo && field.theta_box.hi == theta_box.hi &&
      field.r_box.lo == r_box.lo && field.r_box.hi == r_box.hi) {
    return;
  }
  field.target = target;
  field.theta_box = theta_box;
  field.r_box = r_box;
  std::vector<double> potential(kFieldCells);
  double min_potential = std::numeric_limits<double>::infinity();
  double max_potential = -std::numeric_limits<double>::infinity();
  for (int i = 0; i < kFieldCells; ++i) {
    const double theta =
        field.theta_box.lo + (field.theta_box.hi - field.theta_box.lo) * (i + 0.5) / kFieldCells;
    const double u = target->potential(&theta);
    potential[static_cast<std::size_t>(i)] = u;
    if (std::isfinite(u)) {
      min_potential = std::min(min_potential, u);
      max_potential = std::max(max_potential, u);
    }
  }
  if (!std::isfinite(min_potential)) min_potential = max_potential = 0.0;
  field.min_potential = min_potential;
  const double r_extent = std::max(std::abs(field.r_box.lo), std::abs(field.r_box.hi));
  // The highest level still inside the frame somewhere (at least the default's 8).
  const double reach =
      std::max(kEnergyDepth, std::min(max_potential - min_potential, 0.5 * r_extent * r_extent));
  field.levels.clear();
  for (double level = kFirstLevel;
       level < reach && static_cast<int>(field.levels.size()) < kMaxLevels; level *= 2.0) {
    field.levels.push_back(static_cast<float>(level));
  }
  field.values.resize(static_cast<std::size_t>(kFieldCells) * kFieldCells);
  const float unreachable = energy_colour_value(2.0 * reach);
  for (int j = 0; j < kFieldCells; ++j) {
    const double r = field.r_box.lo + (field.r_box.hi - field.r_box.lo) * (j + 0.5) / kFieldCells;
    for (int i = 0; i < kFieldCells; ++i) {
      const double u = potential[static_cast<std::size_t>(i)];
      field.values[static_cast<std::size_t>(j) * kFieldCells + i] =
          std::isfinite(u)
              ? std::min(unreachable, energy_colour_value(u - min_potential + 0.5 * r * r))
              : unreachable;
    }
  }
  ++field.revision;
}

// Each chain's recent orbit (empty for a chain that takes no part in the axes' fit).
std::vector<OrbitExtent> orbit_extents(const ViewContext& context, int coordinate) {
  std::vector<OrbitExtent> orbits;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    OrbitExtent& orbit = orbits.emplace_back();
    const std::size_t rows = views::recent_rows(chain);
    if (rows == 0 || coordinate >= chain.dim || !views::fits_axes(context, chain) ||
        chain.recent_momentum.size() != chain.recent_theta.size()) {
      continue;
    }
    const double inf = std::numeric_limits<double>::infinity();
    orbit = {{inf, -inf}, {inf, -inf}};
    const std::size_t stride = static_cast<std::size_t>(chain.dim);
    for (std::size_t k = views::trail_start(chain, context.settings->trail_length); k < rows; ++k) {
      const double t = chain.recent_theta[k * stride + static_cast<std::size_t>(coordinate)];
      const double p = chain.recent_momentum[k * stride + static_cast<std::size_t>(coordinate)];
      if (!std::isfinite(t) || !std::isfinite(p)) continue;
      orbit.theta = {std::min(orbit.theta.lo, t), std::max(orbit.theta.hi, t)};
      orbit.r = {std::min(orbit.r.lo, p), std::max(orbit.r.hi, p)};
    }
  }
  return orbits;
}

// Whether the chain's sampler keeps no momentum: every recorded r is exactly zero.
bool has_no_momentum(const ChainSnapshot& chain) {
  if (chain.recent_momentum.empty()) return true;
  return std::all_of(chain.recent_momentum.begin(), chain.recent_momentum.end(),
                     [](double r) { return r == 0.0; });
}

std::string levels_caption(const EnergyField& field, bool compact) {
  // A narrow tile (the lecture layout's side column) gets the levels' range, "H − min U: 0.25 … 8",
  // rather than the list cut to "contours: H − min U = 0.25…".
  if (compact && field.levels.size() >= 2) {
    char range[64];
    std::snprintf(range, sizeof range, "H − min U: %g … %g",
                  static_cast<double>(field.levels.front()),
                  static_cast<double>(field.levels.back()));
    return range;
  }
  std::string text = "contours: H − min U = ";
  for (std::size_t k = 0; k < field.levels.size(); ++k) {
    if (k > 0) text += ", ";
    if (k >= 4 && k + 2 < field.levels.size()) {  // 0.25, 0.5, 1, 2, …, 64, 128
      text += "…";
      k = field.levels.size() - 2;
      text += ", ";
    }
    char number[32];
    std::snprintf(number, sizeof number, "%g", static_cast<double>(field.levels[k]));
    text += number;
  }
  // Where min U is not 0 (the double well's is −1), H itself can be negative: slow motion's
  // read-out shows H, and "H = −0.37" beside these levels confused a newcomer.
  if (std::abs(field.min_potential) > 1e-9) {
    char lowest[48];
    std::snprintf(lowest, sizeof lowest, "min U = %.2g", field.min_potential);
    text += "; " + views::glued(lowest);
  }
  return text;
}

// The H levels under the trajectories; returns why they are missing, or "" when drawn.
std::string plot_energy_levels(ViewContext& context, const EnergyField& field) {
  // H = U(θ) + r²/2 over one coordinate of a 2-D target depends on the others too: no levels
  // are drawn, and nothing is said (the trajectories are the panel's content).
  if (context.snapshot->target->dim() != 1) return {};
  std::vector<float> colour_levels;
  for (float level : field.levels) colour_levels.push_back(energy_colour_value(level));
  if (context.energy_texture == nullptr) {
    // Exports (SVG) have no textures: the same levels as lines, computed on the CPU.
    const double half_theta = 0.5 * (field.theta_box.hi - field.theta_box.lo) / kFieldCells;
    const double half_r = 0.5 * (field.r_box.hi - field.r_box.lo) / kFieldCells;
    const std::vector<double> levels(colour_levels.begin(), colour_levels.end());
    // The screen's shading (low H darkest) as filled bands under the level lines.
    views::plot_field_bands("##energy_bands", field.values, kFieldCells, field.theta_box,
                            field.r_box, 0.0,
                            colour_levels.empty() ? 1.0 : 1.0 + colour_levels.back(), levels,
                            context.settings->colour_map, true);
    plot::Contours("##energy", field.values, kFieldCells, kFieldCells,
                   field.theta_box.lo + half_theta, field.theta_box.hi - half_theta,
                   field.r_box.lo + half_r, field.r_box.hi - half_r, levels,
                   {.colour = plot::rgba(90, 90, 110, 170), .thickness = 1.5f});
    return {};
  }
  const plot::Point a = plot::PlotToPixels(field.theta_box.lo, field.r_box.lo);
  const plot::Point b = plot::PlotToPixels(field.theta_box.hi, field.r_box.hi);
  const int width = views::texture_size(std::abs(b.x - a.x));
  const int height = views::texture_size(std::abs(b.y - a.y));
  gl::ScalarFieldStyle style;
  style.value_lo = 0.0;
  style.value_hi = colour_levels.empty() ? 1.0 : 1.0 + colour_levels.back();
  style.contour_levels = colour_levels;
  style.invert = true;  // low energy (the well) at the colour map's high end, like a density
  style.colour_map = context.settings->colour_map;
  context.energy_texture->set_field(field.values, kFieldCells, kFieldCells, field.revision);
  const unsigned int texture = context.energy_texture->render(width, height, style);
  if (texture == 0) return "H levels unavailable: " + context.energy_texture->error();
  plot::Image("##energy", texture, field.theta_box.lo, field.theta_box.hi, field.r_box.lo,
              field.r_box.hi);
  return {};
}

// An arrow at the frame's edge, in the chain's colour, pointing to where a chain beyond the
// frame is (its orbit runs off the frame; the caption names it).
// `name` (when given), "NAME ran off and stopped", is written beside the arrow: a stopped chain,
// whose faded orbit is left out of the frame, is the one a friction lesson is about and must not
// just vanish.
void point_off_frame(double theta, double r, const EnergyField& field, plot::Colour colour,
                     const std::string& name = {}) {
  if (!std::isfinite(theta) || !std::isfinite(r)) return;
  const plot::DataRect frame{field.theta_box.lo, field.theta_box.hi, field.r_box.lo,
                             field.r_box.hi};
  const auto arrow = views::arrow_to_point_off_plot(theta, r, frame, 0.80, 0.96,
                                                    {.colour = colour, .fit = false}, false);
  if (!arrow || name.empty()) return;
  // Beside the arrow's tail, on whichever side leaves the words inside the data area (the
  // centred tail of an arrow out of the bottom edge ran them off a small tile's right side),
  // and the name dropped where even the whole width is too narrow.
  const plot::Point tail = plot::PlotToPixels(arrow->tail_x, arrow->tail_y);
  const float lo = plot::GetPlotAreaMin().x + 4.0f, hi = plot::GetPlotAreaMax().x - 4.0f;
  std::string text = name + " ran off and stopped";
  if (ImGui::CalcTextSize(text.c_str()).x > hi - lo) text = "ran off and stopped";
  const float width = ImGui::CalcTextSize(text.c_str()).x;
  const bool right_of_tail =
      arrow->right ? tail.x - 4.0f - width < lo : tail.x + 4.0f + width <= hi;
  const float shift =
      right_of_tail ? std::min(4.0f, hi - width - tail.x) : std::max(-4.0f, lo + width - tail.x);
  // Kept inside the data area vertically too: near the bottom edge the words ran under the
  // frame and its tick labels (newcomer run 11).
  const float height = ImGui::CalcTextSize(text.c_str()).y;
  const float top_limit = plot::GetPlotAreaMin().y + 2.0f;
  const float bottom_limit = plot::GetPlotAreaMax().y - 2.0f;
  float rise = arrow->up ? 4.0f : -4.0f;  // pixels below the tail (Top) or above it (Bottom)
  const float text_top = arrow->up ? tail.y + rise : tail.y + rise - height;
  if (text_top + height > bottom_limit) rise -= text_top + height - bottom_limit;
  if (text_top < top_limit) rise += top_limit - text_top;
  plot::Text(arrow->tail_x, arrow->tail_y, text, colour, {shift, rise},
             right_of_tail ? plot::HAlign::Left : plot::HAlign::Right,
             arrow->up ? plot::VAlign::Top : plot::VAlign::Bottom);
}

}  // namespace

void show_phase_space_view(ViewContext& context) {
  if (!views::has_chains(context)) return;
  SharedViewSettings& settings = *context.settings;
  views::coordinate_combo(context, "coordinate##phase", settings.coordinate);
  const int coordinate = settings.coordinate;
  const EngineSnapshot& snapshot = *context.snapshot;
  views::stopped_chains_toggle(context, snapshot.target->dim() > 1);
  EnergyField& field = energy_field();
  std::string caption_text;
  // Chains whose orbit runs beyond the largest frame: drawn as far as the frame goes, left out of
  // its fit, and named (the lesson is the chains that stay, not the scale of the one that leaves).
  std::vector<bool> off_frame(snapshot.chains.size(), false);
  if (snapshot.target->dim() == 1) {
    const double r_default = std::sqrt(2.0 * kEnergyDepth);
    const PhaseFrame frame =
        frame_phase_space(snapshot.target->view_box()[0], {-r_default, r_default},
                          orbit_extents(context, coordinate), kGrowthStep, kMaxGrowthSteps);
    off_frame = frame.outside;
    update_energy_field(snapshot.target, frame.theta, frame.r, field);
    caption_text = levels_caption(field, false);
    if (ImGui::CalcTextSize(caption_text.c_str()).x > ImGui::GetContentRegionAvail().x)
      caption_text = levels_caption(field, true);
    std::string leaving;
    for (std::size_t k = 0; k < snapshot.chains.size() && k < off_frame.size(); ++k)
      if (off_frame[k])
        leaving += (leaving.empty() ? "" : ", ") + views::chain_label(snapshot.chains[k]);
    if (!leaving.empty()) caption_text += "; its orbit runs off the frame: " + leaving;
    ui_probe::record_text("phase_space/off_frame", leaving.empty() ? "none" : leaving);
  }
  // SGLD-type chains carry no momentum (r ≡ 0): a flat line at r = 0 would read as a
  // trajectory, so they are named instead of drawn.
  std::string without_momentum;
  std::vector<bool> momentum_less(snapshot.chains.size(), false);  // scanned once per frame
  for (std::size_t k = 0; k < snapshot.chains.size(); ++k) {
    const ChainSnapshot& chain = snapshot.chains[k];
    if (views::recent_rows(chain) == 0 || !has_no_momentum(chain)) continue;
    momentum_less[k] = true;
    without_momentum += (without_momentum.empty() ? "" : ", ") + views::chain_label(chain);
  }
  if (!without_momentum.empty()) {
    // In a narrow tile it comes first: cut at the panel's edge, "H − min U: 0.25 … 8; no…" hid
    // why SGLD has no orbit, while the levels are on the plot itself.
    const std::string named = "no momentum: " + without_momentum;
    const std::string after = (caption_text.empty() ? "" : "; ") + named;
    const float room = ImGui::GetContentRegionAvail().x;
    if (ImGui::CalcTextSize((caption_text + after).c_str()).x <= room)
      caption_text += after;
    else if (ImGui::CalcTextSize(named.c_str()).x <= room)
      caption_text = named;  // whole, rather than the levels cut to "H −…" after it
    else
      caption_text = named + (caption_text.empty() ? "" : "; " + caption_text);
  }
  if (!caption_text.empty()) views::caption(caption_text.c_str());
  bool any_draws = false;
  for (const ChainSnapshot& chain : snapshot.chains) any_draws |= views::recent_rows(chain) > 0;
  if (!any_draws) views::note("No draws yet: press Space to run.");

  if (!plot::BeginPlot("##phase", ImVec2(0, 0))) return;
  const std::string name = views::coordinate_name(context, coordinate);
  // "θ (x)" and "r (x)" name the coordinate; 1-D targets call theirs "theta" already.
  const bool plain = name == "theta" || name == "θ";
  const std::string x_label = plain ? "θ" : "θ (" + name + ")";
  const std::string y_label = plain ? "r" : "r (" + name + ")";
  // For 1-D targets the H field (fitted, and grown to hold every orbit) frames the plot exactly,
  // so no unfilled margin shows around it.
  const int tight = snapshot.target->dim() == 1 ? plot::AxisFlags_Tight : plot::AxisFlags_None;
  plot::SetupAxes(x_label.c_str(), y_label.c_str(), tight, tight);
  plot::SetupFinish();
  const std::string missing_levels = plot_energy_levels(context, field);

  const float font = ImGui::GetFontSize();
  for (std::size_t k = 0; k < snapshot.chains.size(); ++k) {
    const ChainSnapshot& chain = snapshot.chains[k];
    const std::size_t rows = views::recent_rows(chain);
    if (rows == 0 || coordinate >= chain.dim ||
        chain.recent_momentum.size() != chain.recent_theta.size() || momentum_less[k]) {
      continue;
    }
    const std::size_t stride = static_cast<std::size_t>(chain.dim);
    const std::size_t start = views::trail_start(chain, settings.trail_length);
    const double* theta = chain.recent_theta.data() + start * stride + coordinate;
    const double* r = chain.recent_momentum.data() + start * stride + coordinate;
    const std::string label = views::chain_label(chain);
    // Under slow motion the other chains fade, so the class follows the one path (a stopped
    // chain fades too).
    const bool faded = views::chain_faded(context, chain);
    const plot::Colour colour = views::plotted_chain_colour(context, chain);
    // A stopped chain's runaway orbit would shrink every other orbit to a dot; so would an orbit
    // beyond the largest frame (it is drawn as far as the frame goes).
    const bool fit = views::fits_axes(context, chain) && !off_frame[k];
    // An MH chain redraws r before every trajectory: its (θ, r) draws joined up are spikes, not
    // an orbit (slow motion shows the orbit itself); only its current point is drawn.
    // A chain left out of the axes (stopped, "include stopped chains" off) shows no trail: its
    // runaway orbit drew lines out of the plot's frame.
    const bool trail = chain.counters.mh_proposals == 0 && views::fits_axes(context, chain);
    // The dark halo keeps the trail visible over the energy levels. Only its newer half gets
    // one: the older half is faint anyway, and under software GL each halo costs as much fill
    // as the trail itself.
    const std::size_t count = rows - start;
    const std::size_t halo_from = count / 2;
    if (trail && !faded)
      plot::FadingLine("##halo", theta + halo_from * stride, r + halo_from * stride,
                       static_cast<int>(count - halo_from),
                       {.colour = plot::rgba(0, 0, 0, 150),
                        .thickness = std::max(4.0f, font / 5.0f),
                        .fit = false},
                       chain.dim);
    if (trail)
      plot::FadingLine(label.c_str(), theta, r, static_cast<int>(count),
                       {.colour = colour, .fit = fit}, chain.dim);
    const double* last_theta = chain.recent_theta.data() + (rows - 1) * stride + coordinate;
    const double* last_r = chain.recent_momentum.data() + (rows - 1) * stride + coordinate;
    if (off_frame[k]) {
      point_off_frame(*last_theta, *last_r, field, colour);
    } else if (!views::fits_axes(context, chain)) {
      // Stopped and left out of the axes: where it went, in its full colour, and named.
      point_off_frame(*last_theta, *last_r, field, views::chain_colour(context, chain), label);
      if (plot::GetPainterOverride() == nullptr)
        ui_probe::record_text("phase_space/ran_off/" + std::to_string(chain.id), label);
    }
    // The slowed chain's own newest draw is where its playback will end: a second dot of its
    // colour ahead of the played point gave the ending away and read as two chains.
    if (!views::slowed_chain(context, chain))
      plot::Scatter(label.c_str(), last_theta, last_r, 1,
                    {.colour = colour,
                     .marker_size = 0.4f * font,
                     .marker_outline = plot::rgba(255, 255, 255),
                     .fit = fit});
  }
  // The contours are levels of H − min U where they are drawn (1-D targets): the read-out too.
  const std::optional<double> contour_baseline =
      missing_levels.empty() && snapshot.target->dim() == 1
          ? std::optional<double>(field.min_potential)
          : std::nullopt;
  views::plot_slow_motion_phase(context, coordinate, contour_baseline);
  plot::EndPlot();
  // Said under the plot (known only once the plot is set up), wrapped to the panel's width.
  if (!missing_levels.empty()) views::note(missing_levels.c_str());
  if (plot::GetPainterOverride() == nullptr)
    ui_probe::record_text("phase_space/note", missing_levels.empty() ? "none" : missing_levels);
}

}  // namespace sgl
