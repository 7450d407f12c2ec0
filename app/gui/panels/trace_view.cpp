// Trace of θ_i over steps for every chain, with dashed markers where parameters changed. Two
// windows: the recent draws exactly (how the chain moves now), or the whole run min/max-
// decimated (spikes and drifts of a diverging chain stay visible however long it runs). With
// HMC-ECS chains a third choice traces their log-likelihood estimator's variance per draw over
// the whole run (σ̂² for hmcecs, the estimated Var log|L̂| for hmcecs-signed) on a log₁₀ scale:
// it spans orders of magnitude between the start and the mode, and Pitt et al.'s guide, about 1,
// is the line at 0.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"

namespace sgl {
namespace {

// Below this the variance shows as 10⁻⁶ (σ̂² is exactly 0 on linear regression).
constexpr double kSmallestVariance = 1e-6;

void plot_recent(const ChainSnapshot& chain, int coordinate, const std::string& label,
                 plot::Colour colour, bool fit) {
  const std::size_t rows = views::recent_rows(chain);
  if (rows == 0 || coordinate >= chain.dim || chain.recent_steps.size() != rows) return;
  // x counts back from each chain's newest draw, so chains that have run different numbers of
  // steps (a slow HMC beside a fast SGLD) share one window instead of sitting in separate
  // blocks of the step axis.
  const double newest = static_cast<double>(chain.recent_steps.back());
  std::vector<double> steps(rows), values(rows);
  for (std::size_t k = 0; k < rows; ++k) {
    steps[k] = static_cast<double>(chain.recent_steps[k]) - newest;
    values[k] = chain.recent_theta[k * static_cast<std::size_t>(chain.dim) +
                                   static_cast<std::size_t>(coordinate)];
  }
  plot::Line(label.c_str(), steps.data(), values.data(), static_cast<int>(rows),
             {.colour = colour, .fit = fit});
}

// log₁₀ of every value of a min/max-decimated series (monotone, so min and max stay so).
DecimatedSeries log10_series(const DecimatedSeries& series) {
  DecimatedSeries logs = series;
  for (DecimatedBucket& bucket : logs.buckets)
    for (double* value : {&bucket.min, &bucket.max, &bucket.first, &bucket.last})
      *value = std::log10(std::max(*value, kSmallestVariance));
  return logs;
}

}  // namespace

void show_trace_view(ViewContext& context) {
  if (!views::has_chains(context)) return;
  ViewSettings& settings = *context.settings;
  views::coordinate_combo(context, "coordinate##trace", settings.coordinate);
  const int coordinate = settings.coordinate;
  const std::string name = views::coordinate_name(context, coordinate);
  if (context.snapshot->target->dim() > 1) views::same_line_if_fits("recent");
  TraceWindow& window = settings.trace_window;
  if (ImGui::RadioButton("recent", window == TraceWindow::Recent)) {
    window = TraceWindow::Recent;
  }
  views::same_line_if_fits("all steps");
  if (ImGui::RadioButton("all steps", window == TraceWindow::WholeRun)) {
    window = TraceWindow::WholeRun;
  }
  // The choice appears with the first HMC-ECS chain (before its first draw too) and stays while
  // it is selected, so a reset does not throw it away.
  const bool pseudo_marginal =
      window == TraceWindow::EstimatorVariance ||
      std::any_of(context.snapshot->chains.begin(), context.snapshot->chains.end(),
                  [](const ChainSnapshot& chain) {
                    return chain.has_loglik_variance || chain.sampler_id.rfind("hmcecs", 0) == 0;
                  });
  if (pseudo_marginal) {
    views::same_line_if_fits("σ̂²");
    if (ImGui::RadioButton("σ̂²", window == TraceWindow::EstimatorVariance)) {
      window = TraceWindow::EstimatorVariance;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "HMC-ECS chains: variance of the log-likelihood estimator per draw, log₁₀ scale (σ̂²; "
          "Var log|L̂| for hmcecs-signed); about 1 (0 here) is the usual target");
  }
  const bool variance = window == TraceWindow::EstimatorVariance;
  views::stopped_chains_toggle(context, true);

  bool any_draws = false;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    any_draws = any_draws || views::recent_rows(chain) > 0;
  }
  if (!any_draws) views::note("No draws yet: press Space to run.");

  // Separate plot ids: each window keeps its own zoom.
  const char* id = window == TraceWindow::Recent ? "##trace_recent"
                   : variance                    ? "##trace_variance"
                                                 : "##trace_run";
  if (!plot::BeginPlot(id, ImVec2(0, 0), plot::PlotFlags_NoLegend)) return;
  const bool recent = window == TraceWindow::Recent;
  plot::SetupAxes(recent ? "steps ago" : "step", variance ? "log₁₀ σ̂² (Var log|L̂|)" : name.c_str(),
                  plot::AxisFlags_Tight);
  // The step range is known before drawing: following it directly avoids a frame of lag.
  double first = std::numeric_limits<double>::infinity();
  double last = -first;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    // A stopped chain's runaway values would flatten the running ones (it shows again with
    // "include stopped chains").
    if (!views::fits_axes(context, chain)) continue;
    if (window == TraceWindow::Recent) {
      if (chain.recent_steps.empty()) continue;
      first = std::min(first, static_cast<double>(chain.recent_steps.front()) -
                                  static_cast<double>(chain.recent_steps.back()));
      last = 0.0;
    } else if (variance) {
      if (chain.has_loglik_variance) views::step_extent(chain.loglik_variance, first, last);
    } else if (coordinate < static_cast<int>(chain.traces.size())) {
      views::step_extent(chain.traces[static_cast<std::size_t>(coordinate)], first, last);
    }
  }
  if (last > first) plot::SetupAxisLimits(plot::Axis::X, first, last, plot::Cond::Follow);
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    const std::string label = views::chain_label(chain);
    const plot::Colour colour = views::chain_colour(context, chain);
    const bool fit = views::fits_axes(context, chain);
    if (window == TraceWindow::Recent) {
      plot_recent(chain, coordinate, label, colour, fit);
    } else if (variance) {
      if (!chain.has_loglik_variance) continue;  // not in the legend either
      plot::Decimated(label.c_str(), log10_series(chain.loglik_variance),
                      {.colour = colour, .fit = fit});
    } else if (coordinate < static_cast<int>(chain.traces.size())) {
      plot::Decimated(label.c_str(), chain.traces[static_cast<std::size_t>(coordinate)],
                      {.colour = colour, .fit = fit});
    }
    // Markers sit at absolute steps: they belong to the "all steps" window.
    if (!recent && plot::IsLabelVisible(label.c_str())) views::plot_param_changes(chain, colour);
  }
  if (variance) plot::HLine("##variance_one", 0.0, {.colour = plot::theme().zero_line});
  plot::EndPlot();
}

}  // namespace sgl
