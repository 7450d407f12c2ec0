// Autocorrelation ρ_k of the selected coordinate, lags 0..max_lag, per chain over its stored
// draws, with the integrated autocorrelation time and effective sample size read-out.
#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/gui/panels/autocorrelation_panel.hpp"
#include "app/gui/panels/param_widgets.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"

namespace sgl {

void show_autocorrelation_view(ViewContext& context, AutocorrelationSettings& settings) {
  if (!views::has_chains(context)) return;
  views::coordinate_combo(context, "coordinate##acf", context.settings->coordinate);
  const int coordinate = context.settings->coordinate;
  const auto index = static_cast<std::size_t>(coordinate);
  const float slider = ImGui::GetFontSize() * 5.0f;
  if (context.snapshot->target->dim() > 1)
    views::same_line_if_fits(slider + ImGui::GetStyle().ItemInnerSpacing.x +
                             ImGui::CalcTextSize("max lag").x);
  ImGui::SetNextItemWidth(slider);
  double max_lag = settings.max_lag;  // the value beside the grab, never under it
  if (readable_slider("max lag", max_lag, 10.0, 1000.0, "%.0f", ImGuiSliderFlags_Logarithmic))
    settings.max_lag =
        std::clamp(static_cast<int>(std::lround(max_lag)), 1, AutocorrelationPanel::kLargestLag);

  bool any_draws = false;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    any_draws = any_draws ||
                (index < chain.autocorrelation.size() && !chain.autocorrelation[index].empty());
  }
  bool stored = false;  // draws exist, their autocorrelation is not computed yet
  for (const ChainSnapshot& chain : context.snapshot->chains)
    stored = stored || chain.stored_draws > 0;
  // The autocorrelation is computed off the sampling loop, every half second at most: a large
  // model's draws were on the Trace and Histogram while this said "No draws yet" (newcomer 7).
  if (!any_draws)
    views::note(stored ? "Computing the autocorrelation of the draws so far…"
                       : "No draws yet: the autocorrelation appears once chains have run.");

  if (!plot::BeginPlot("##acf", ImVec2(0, 0), plot::PlotFlags_NoLegend)) return;
  const std::string y_label = "ρ(lag), " + views::coordinate_name(context, coordinate);
  plot::SetupAxes("lag", y_label.c_str(), plot::AxisFlags_Tight, plot::AxisFlags_FitIncludeZero);
  if (!any_draws) {
    // Nothing to fit yet: the frame the curves will have, not empty axes at negative lags.
    plot::SetupAxisLimits(plot::Axis::X, 0.0, settings.max_lag, plot::Cond::Follow);
    plot::SetupAxisLimits(plot::Axis::Y, -0.2, 1.0, plot::Cond::Follow);
  }
  plot::HLine("##zero", 0.0, {.colour = plot::theme().zero_line});
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (index >= chain.autocorrelation.size()) continue;
    const std::vector<double>& rho = chain.autocorrelation[index];
    const int lags = std::min(static_cast<int>(rho.size()), settings.max_lag + 1);
    // IAT and ESS per chain are in the Metrics table; the hover read-out names the chain.
    const std::string label = views::chain_label(chain);
    plot::Line(label.c_str(), rho.data(), lags, 0.0, 1.0,
               {.colour = views::chain_colour(context, chain)});
  }
  plot::EndPlot();
}

}  // namespace sgl
