// Phase space (θ_i, r_i) of the selected coordinate: each chain's fading trajectory and current
// point. For 1-D targets the level sets of H(θ, r) = U(θ) + r²/2 lie underneath: exact HMC
// moves along them between momentum refreshes, SGHMC's friction keeps it inside a band, and
// naive SGHMC's noise pushes it outwards across the levels (Chen et al. 2014, Fig. 2).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "gui/gl/scalar_field_texture.hpp"
#include "gui/plot/plot.hpp"
#include "gui/views/view_helpers.hpp"
#include "gui/views/views.hpp"

namespace sgl {
namespace {

constexpr int kFieldCells = 200;
// H − min U shown up to this value; also sets the momentum range ±√(2·kEnergyDepth).
constexpr double kEnergyDepth = 12.0;
constexpr float kLevelsAboveMin[] = {0.25f, 0.5f, 1.0f, 2.0f, 4.0f, 8.0f};
// viridis(0), the inverted map's colour for H ≥ kEnergyDepth (shaders/scalar_field.frag).
constexpr ImU32 kFieldTopColour = IM_COL32(68, 1, 84, 255);

// H − min U on a (θ, r) grid, recomputed only when the target changes (see target_view.cpp for
// the weak_ptr identity check).
struct EnergyField {
  std::weak_ptr<const Target> target;
  std::vector<float> values;
  Interval theta_box, r_box;
  std::uint64_t revision = 0;
};

EnergyField& energy_field() {
  static EnergyField field;
  return field;
}

void update_energy_field(const std::shared_ptr<const Target>& target, EnergyField& field) {
  if (field.target.lock() == target && !field.values.empty()) return;
  field.target = target;
  field.theta_box = target->view_box()[0];
  const double r_max = std::sqrt(2.0 * kEnergyDepth);
  field.r_box = {-r_max, r_max};
  std::vector<double> potential(kFieldCells);
  double min_potential = std::numeric_limits<double>::infinity();
  for (int i = 0; i < kFieldCells; ++i) {
    const double theta =
        field.theta_box.lo + (field.theta_box.hi - field.theta_box.lo) * (i + 0.5) / kFieldCells;
    potential[static_cast<std::size_t>(i)] = target->potential(&theta);
    if (std::isfinite(potential[static_cast<std::size_t>(i)])) {
      min_potential = std::min(min_potential, potential[static_cast<std::size_t>(i)]);
    }
  }
  if (!std::isfinite(min_potential)) min_potential = 0.0;
  field.values.resize(static_cast<std::size_t>(kFieldCells) * kFieldCells);
  for (int j = 0; j < kFieldCells; ++j) {
    const double r = field.r_box.lo + (field.r_box.hi - field.r_box.lo) * (j + 0.5) / kFieldCells;
    for (int i = 0; i < kFieldCells; ++i) {
      const double u = potential[static_cast<std::size_t>(i)];
      const double h = std::isfinite(u) ? u - min_potential + 0.5 * r * r : kEnergyDepth;
      field.values[static_cast<std::size_t>(j) * kFieldCells + i] =
          static_cast<float>(std::min(h, kEnergyDepth));
    }
  }
  ++field.revision;
}

// The H levels under the trajectories; returns why they are missing, or "" when drawn.
std::string plot_energy_levels(ViewContext& context) {
  if (context.snapshot->target->dim() != 1) {
    return "H levels are drawn for 1-D targets only.";
  }
  EnergyField& field = energy_field();
  update_energy_field(context.snapshot->target, field);
  if (context.energy_texture == nullptr) {
    // Exports (SVG) have no textures: the same levels as lines, computed on the CPU.
    const double half_theta = 0.5 * (field.theta_box.hi - field.theta_box.lo) / kFieldCells;
    const double half_r = 0.5 * (field.r_box.hi - field.r_box.lo) / kFieldCells;
    const std::vector<double> levels(std::begin(kLevelsAboveMin), std::end(kLevelsAboveMin));
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
  style.value_hi = kEnergyDepth;
  style.contour_levels.assign(std::begin(kLevelsAboveMin), std::end(kLevelsAboveMin));
  style.invert = true;  // low energy (the well) bright
  context.energy_texture->set_field(field.values, kFieldCells, kFieldCells, field.revision);
  const unsigned int texture = context.energy_texture->render(width, height, style);
  if (texture == 0) return "H levels unavailable: " + context.energy_texture->error();
  // Outside the field's box H is past the top of the colour scale, which is also the colour of
  // the box's edge: filling the data area with it hides the edge when the axes follow a chain
  // far out (otherwise the field shows as a small square in a white plot).
  const plot::Point area_min = plot::GetPlotAreaMin(), area_max = plot::GetPlotAreaMax();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(area_min.x, area_min.y),
                                            ImVec2(area_max.x, area_max.y), kFieldTopColour);
  plot::Image("##energy", texture, field.theta_box.lo, field.theta_box.hi, field.r_box.lo,
              field.r_box.hi);
  return {};
}

}  // namespace

void show_phase_space_view(ViewContext& context) {
  if (!views::has_chains(context)) return;
  ViewSettings& settings = *context.settings;
  views::coordinate_combo(context, "coordinate##phase", settings.coordinate);
  const int coordinate = settings.coordinate;
  const EngineSnapshot& snapshot = *context.snapshot;
  views::stopped_chains_toggle(context, snapshot.target->dim() > 1);
  if (snapshot.target->dim() == 1) {
    views::caption("contours: H − min U = 0.25, 0.5, 1, 2, 4, 8");
  }
  bool any_draws = false;
  for (const ChainSnapshot& chain : snapshot.chains) any_draws |= views::recent_rows(chain) > 0;
  if (!any_draws) views::note("No draws yet: press Space to run.");

  // Room for a one-line caption under the plot when the levels cannot be drawn.
  const float caption = snapshot.target->dim() == 1 ? 0.0f : -ImGui::GetTextLineHeightWithSpacing();
  if (!plot::BeginPlot("##phase", ImVec2(0, caption))) return;
  const std::string name = views::coordinate_name(context, coordinate);
  // "θ (x)" and "r (x)" name the coordinate; 1-D targets call theirs "theta" already.
  const bool plain = name == "theta" || name == "θ";
  const std::string x_label = plain ? "θ" : "θ (" + name + ")";
  const std::string y_label = plain ? "r" : "r (" + name + ")";
  plot::SetupAxes(x_label.c_str(), y_label.c_str());
  plot::SetupFinish();
  const std::string missing_levels = plot_energy_levels(context);

  const float font = ImGui::GetFontSize();
  for (const ChainSnapshot& chain : snapshot.chains) {
    const std::size_t rows = views::recent_rows(chain);
    if (rows == 0 || coordinate >= chain.dim ||
        chain.recent_momentum.size() != chain.recent_theta.size()) {
      continue;
    }
    const std::size_t stride = static_cast<std::size_t>(chain.dim);
    const std::size_t start = views::trail_start(chain, settings.trail_length);
    const double* theta = chain.recent_theta.data() + start * stride + coordinate;
    const double* r = chain.recent_momentum.data() + start * stride + coordinate;
    const std::string label = views::chain_label(chain);
    const plot::Colour colour = views::chain_colour(context, chain);
    // A stopped chain's runaway orbit would shrink every other orbit to a dot.
    const bool fit = views::fits_axes(context, chain);
    plot::FadingLine(
        "##halo", theta, r, static_cast<int>(rows - start),
        {.colour = plot::rgba(0, 0, 0, 150), .thickness = std::max(4.0f, font / 5.0f), .fit = fit},
        chain.dim);
    plot::FadingLine(label.c_str(), theta, r, static_cast<int>(rows - start),
                     {.colour = colour, .fit = fit}, chain.dim);
    const double* last_theta = chain.recent_theta.data() + (rows - 1) * stride + coordinate;
    const double* last_r = chain.recent_momentum.data() + (rows - 1) * stride + coordinate;
    plot::Scatter(label.c_str(), last_theta, last_r, 1,
                  {.colour = colour,
                   .marker_size = 0.4f * font,
                   .marker_outline = plot::rgba(255, 255, 255),
                   .fit = fit});
  }
  plot::EndPlot();
  // Said under the plot (known only once the plot is set up), wrapped to the panel's width.
  if (!missing_levels.empty()) views::note(missing_levels.c_str());
}

}  // namespace sgl
