// Energy drift: H(θ, r) = U(θ) + ½rᵀM⁻¹r over steps per chain (exact U, so a noisy gradient's
// energy random walk shows up as drift), and below it ΔH per step. Divergences are red markers,
// parameter changes dashed markers in the chain's colour.
#include <imgui.h>

#include <algorithm>
#include <limits>
#include <string>

#include "app/gui/panels/energy_panel.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"

namespace sgl {
namespace {

void energy_plot(ViewContext& context, const char* title_id, float height, bool change) {
  // The window's chain legend names the colours.
  const int flags = plot::PlotFlags_NoLegend;
  if (!plot::BeginPlot(title_id, ImVec2(0, height), flags)) return;
  plot::SetupAxes("step", change ? "ΔH" : "H", plot::AxisFlags_Tight,
                  change ? plot::AxisFlags_FitIncludeZero : plot::AxisFlags_None);
  double first = std::numeric_limits<double>::infinity();
  double last = -first;
  bool any = false;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    any = views::step_extent(change ? chain.energy_change : chain.energy, first, last) || any;
  }
  if (any && last > first) plot::SetupAxisLimits(plot::Axis::X, first, last, plot::Cond::Follow);
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    const std::string label = views::chain_label(chain);
    const plot::Colour colour = views::plotted_chain_colour(context, chain);
    plot::Decimated(label.c_str(), change ? chain.energy_change : chain.energy,
                    {.colour = colour, .fit = views::fits_axes(context, chain)});
    // A stopped chain left out of the axes leaves its marks out too: its divergences filled the
    // plot with stripes no key explained.
    if (!plot::IsLabelVisible(label.c_str()) || !views::fits_axes(context, chain)) continue;
    views::plot_param_changes(chain, colour);
    views::plot_divergences(chain);
  }
  // A stopped chain is left out of the axes (its runaway H would flatten the others): say at the
  // top edge that its H ran off there, in its full colour, so it does not just vanish.
  const plot::DataRect limits = plot::GetPlotLimits();
  float line = 0.0f;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (views::fits_axes(context, chain) ||
        !plot::IsLabelVisible(views::chain_label(chain).c_str()))
      continue;
    // With its name where it fits the plot's width (a side tile at 1280x720 cut it in half).
    std::string text = "↑ " + views::chain_label(chain) + ": H ran off, stopped";
    const float width = plot::GetPlotAreaMax().x - plot::GetPlotAreaMin().x - 8.0f;
    if (ImGui::CalcTextSize(text.c_str()).x > width) text = "↑ H ran off, stopped";
    plot::Text(limits.x_hi, limits.y_hi, text, views::chain_colour(context, chain),
               {-4.0f, 2.0f + line}, plot::HAlign::Right, plot::VAlign::Top);
    line += ImGui::GetTextLineHeight();
  }
  if (change) plot::HLine("##zero", 0.0, {.colour = plot::theme().zero_line});
  plot::EndPlot();
}

}  // namespace

void show_energy_view(ViewContext& context, EnergySettings& settings) {
  if (!views::has_chains(context)) return;
  bool any_draws = false;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    any_draws = any_draws || !chain.energy.buckets.empty();
  }
  if (!any_draws) views::note("No draws yet: press Space to run.");
  // Which draws carry an exact H: subsampling samplers record it on every k-th draw only. One
  // caption for all of them (hmcecs-logistic has two such chains; a line each cost a dashboard
  // tile its plot).
  std::string sparse;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (chain.exact_potential_every <= 1) continue;
    sparse += (sparse.empty() ? "" : ", ") + views::chain_label(chain) + " 1 in " +
              std::to_string(chain.exact_potential_every);
  }
  const std::string sparse_text = sparse.empty() ? "" : "exact H (O(n) each) on draws: " + sparse;
  views::stopped_chains_toggle(context);
  // H on top (the story), ΔH below in a smaller plot, when the panel is tall enough for two
  // readable plots; otherwise one plot at a time, chosen with a toggle.
  const float available = ImGui::GetContentRegionAvail().y;
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  const float font = ImGui::GetFontSize();
  if (available >= 22.0f * font) {
    if (!sparse_text.empty()) views::caption(sparse_text.c_str());
    const float top_height = std::max(0.6f * (available - spacing), 4.0f * font);
    energy_plot(context, "##energy", top_height, false);
    energy_plot(context, "##energy_change", 0.0f, true);
    return;
  }
  bool& change = settings.show_change;
  if (ImGui::RadioButton("H", !change)) change = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("ΔH per step", change)) change = true;
  if (!sparse_text.empty()) {
    // A short tile keeps its plot: the caption shares the toggle's row, shortened to a marker
    // with the full text on hover where the row has no room for it.
    const char* marker = "exact H: some draws (?)";
    ImGui::SameLine();
    const bool fits = ImGui::GetContentRegionAvail().x > ImGui::CalcTextSize(sparse_text.c_str()).x;
    ImGui::TextDisabled("%s", fits ? sparse_text.c_str() : marker);
    if (!fits && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sparse_text.c_str());
  }
  energy_plot(context, change ? "##energy_change" : "##energy", 0.0f, change);
}

}  // namespace sgl
