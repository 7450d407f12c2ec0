// Trace of θ_i over steps for every chain, with dashed markers where parameters changed. Two
// windows: the recent draws exactly (how the chain moves now), or the whole run min/max-
// decimated (spikes and drifts of a diverging chain stay visible however long it runs).
#include <imgui.h>

#include <algorithm>
#include <limits>
#include <vector>

#include "gui/plot/plot.hpp"
#include "gui/views/view_helpers.hpp"
#include "gui/views/views.hpp"

namespace sgl {
namespace {

void plot_recent(const ChainSnapshot& chain, int coordinate, const std::string& label,
                 plot::Colour colour) {
  const std::size_t rows = views::recent_rows(chain);
  if (rows == 0 || coordinate >= chain.dim || chain.recent_steps.size() != rows) return;
  std::vector<double> steps(rows), values(rows);
  for (std::size_t k = 0; k < rows; ++k) {
    steps[k] = static_cast<double>(chain.recent_steps[k]);
    values[k] = chain.recent_theta[k * static_cast<std::size_t>(chain.dim) +
                                   static_cast<std::size_t>(coordinate)];
  }
  plot::Line(label.c_str(), steps.data(), values.data(), static_cast<int>(rows),
             {.colour = colour});
}

}  // namespace

void show_trace_view(ViewContext& context) {
  if (!views::has_chains(context)) return;
  ViewSettings& settings = *context.settings;
  views::coordinate_combo(context, "coordinate##trace", settings.coordinate);
  const int coordinate = settings.coordinate;
  const std::string name = views::coordinate_name(context, coordinate);
  if (context.snapshot->target->dim() > 1) ImGui::SameLine();
  if (ImGui::RadioButton("recent", !settings.trace_all_steps)) settings.trace_all_steps = false;
  ImGui::SameLine();
  if (ImGui::RadioButton("all steps", settings.trace_all_steps)) settings.trace_all_steps = true;
  const bool recent = !settings.trace_all_steps;

  bool any_draws = false;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    any_draws = any_draws || views::recent_rows(chain) > 0;
  }
  if (!any_draws) views::note("No draws yet: press Space to run.");

  // Separate plot ids: each window keeps its own zoom.
  const char* id = recent ? "##trace_recent" : "##trace_run";
  if (!plot::BeginPlot(id, ImVec2(0, 0), plot::PlotFlags_LegendAbove)) return;
  plot::SetupAxes("step", name.c_str(), plot::AxisFlags_Tight);
  // The step range is known before drawing: following it directly avoids a frame of lag.
  double first = std::numeric_limits<double>::infinity();
  double last = -first;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (recent) {
      if (chain.recent_steps.empty()) continue;
      first = std::min(first, static_cast<double>(chain.recent_steps.front()));
      last = std::max(last, static_cast<double>(chain.recent_steps.back()));
    } else if (coordinate < static_cast<int>(chain.traces.size())) {
      views::step_extent(chain.traces[static_cast<std::size_t>(coordinate)], first, last);
    }
  }
  if (last > first) plot::SetupAxisLimits(plot::Axis::X, first, last, plot::Cond::Follow);
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    const std::string label = views::chain_label(chain);
    const plot::Colour colour = views::chain_colour(context, chain);
    if (recent) {
      plot_recent(chain, coordinate, label, colour);
    } else if (coordinate < static_cast<int>(chain.traces.size())) {
      plot::Decimated(label.c_str(), chain.traces[static_cast<std::size_t>(coordinate)],
                      {.colour = colour});
    }
    if (plot::IsLabelVisible(label.c_str())) views::plot_param_changes(chain, colour);
  }
  plot::EndPlot();
}

}  // namespace sgl
