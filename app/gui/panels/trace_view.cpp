// Trace of θ_i over steps for every chain, with dashed markers where parameters changed. Two
// windows: the recent draws exactly (how the chain moves now), or the whole run min/max-
// decimated (spikes and drifts of a diverging chain stay visible however long it runs). Every
// traced info channel that a chain's sampler declares (sampler_channels.hpp) adds a choice that
// traces it over the whole run, e.g. HMC-ECS's σ̂² of the log-likelihood estimator: chains
// declaring the same channel id share the plot; a channel declared on a log scale is drawn as
// log₁₀ (σ̂² spans orders of magnitude between the start and the mode) and its guide (Pitt et
// al.'s σ̂² ≈ 1) is a horizontal line.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "app/gui/panels/trace_panel.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"

namespace sgl {
namespace {

// The usual step between two recent draws (the median difference): a larger jump is a stretch
// of forgotten draws (Ctrl+Z, "forget draws before this change").
std::uint64_t usual_spacing(const std::vector<std::uint64_t>& steps) {
  if (steps.size() < 2) return 1;
  std::vector<std::uint64_t> gaps(steps.size() - 1);
  for (std::size_t k = 1; k < steps.size(); ++k) gaps[k - 1] = steps[k] - steps[k - 1];
  std::nth_element(gaps.begin(), gaps.begin() + gaps.size() / 2, gaps.end());
  return std::max<std::uint64_t>(gaps[gaps.size() / 2], 1);
}

// How far back the recent window reaches for this chain (x = −span … 0): the steps its draws
// would cover without the forgotten stretches, so an undo does not stretch the axis over
// thousands of steps that are no longer there.
double recent_span(const ChainSnapshot& chain) {
  const std::size_t rows = views::recent_rows(chain);
  if (rows == 0 || chain.recent_steps.size() != rows) return 0.0;
  const double contiguous =
      static_cast<double>(rows - 1) * static_cast<double>(usual_spacing(chain.recent_steps));
  return std::min(contiguous,
                  static_cast<double>(chain.recent_steps.back() - chain.recent_steps.front()));
}

void plot_recent(const ChainSnapshot& chain, int coordinate, const std::string& label,
                 plot::Colour colour, bool fit) {
  const std::size_t rows = views::recent_rows(chain);
  if (rows == 0 || coordinate >= chain.dim || chain.recent_steps.size() != rows) return;
  // x counts back from each chain's newest draw, so chains that have run different numbers of
  // steps (a slow HMC beside a fast SGLD) share one window instead of sitting in separate
  // blocks of the step axis.
  const double newest = static_cast<double>(chain.recent_steps.back());
  const std::uint64_t gap = 2 * usual_spacing(chain.recent_steps);
  std::vector<double> steps, values;
  bool named = false;
  // One line per run of draws without forgotten ones between them: a straight line across the
  // forgotten stretch read as draws that were made (newcomer run 11).
  const auto flush = [&] {
    if (steps.empty()) return;
    const std::string shown = named ? "##" + label : label;
    plot::Line(shown.c_str(), steps.data(), values.data(), static_cast<int>(steps.size()),
               {.colour = colour, .fit = fit});
    named = true;
    steps.clear();
    values.clear();
  };
  for (std::size_t k = 0; k < rows; ++k) {
    if (k > 0 && chain.recent_steps[k] - chain.recent_steps[k - 1] > gap) flush();
    steps.push_back(static_cast<double>(chain.recent_steps[k]) - newest);
    values.push_back(chain.recent_theta[k * static_cast<std::size_t>(chain.dim) +
                                        static_cast<std::size_t>(coordinate)]);
  }
  flush();
}

// log₁₀ of every value of a min/max-decimated series (monotone, so min and max stay so);
// values below `floor` show as log₁₀ floor (σ̂² is exactly 0 on linear regression).
DecimatedSeries log10_series(const DecimatedSeries& series, double floor) {
  DecimatedSeries logs = series;
  for (DecimatedBucket& bucket : logs.buckets)
    for (double* value : {&bucket.min, &bucket.max, &bucket.first, &bucket.last})
      *value = std::log10(std::max(*value, floor));
  return logs;
}

// The chain's series of channel `id`, or null when its sampler does not trace it.
const DecimatedSeries* channel_series(const ChainSnapshot& chain, const std::string& id) {
  for (std::size_t c = 0; c < chain.channels.size() && c < chain.channel_traces.size(); ++c)
    if (chain.channels[c].traced && chain.channels[c].id == id) return &chain.channel_traces[c];
  return nullptr;
}

}  // namespace

void show_trace_view(ViewContext& context, TraceSettings& settings) {
  if (!views::has_chains(context)) return;
  views::coordinate_combo(context, "coordinate##trace", context.settings->coordinate);
  const int coordinate = context.settings->coordinate;
  const std::string name = views::coordinate_name(context, coordinate);
  if (context.snapshot->target->dim() > 1) views::same_line_if_fits("recent");
  TraceWindow& window = settings.window;
  if (ImGui::RadioButton("recent", window == TraceWindow::Recent)) {
    window = TraceWindow::Recent;
  }
  views::same_line_if_fits("all steps");
  if (ImGui::RadioButton("all steps", window == TraceWindow::WholeRun)) {
    window = TraceWindow::WholeRun;
  }
  // A channel's choice appears with the first chain declaring it (before its first draw too).
  const std::vector<const ChannelDescriptor*> channels =
      views::declared_channels(*context.snapshot, &ChannelDescriptor::traced);
  const ChannelDescriptor* shown = nullptr;
  for (const ChannelDescriptor* channel : channels) {
    const std::string choice = channel->label + "##channel_" + channel->id;
    views::same_line_if_fits(channel->label.c_str());
    if (ImGui::RadioButton(choice.c_str(),
                           window == TraceWindow::Channel && settings.channel == channel->id)) {
      window = TraceWindow::Channel;
      settings.channel = channel->id;
    }
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", channel->description.c_str());
    if (window == TraceWindow::Channel && settings.channel == channel->id) shown = channel;
  }
  // No chain declares the chosen channel any more (its chains were removed): back to θ.
  if (window == TraceWindow::Channel && shown == nullptr) window = TraceWindow::WholeRun;
  const bool channel_shown = shown != nullptr;
  views::stopped_chains_toggle(context, true);

  bool any_draws = false;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    any_draws = any_draws || views::recent_rows(chain) > 0;
  }
  if (!any_draws) views::note("No draws yet: press Space to run.");

  // Separate plot ids: each window keeps its own zoom.
  const std::string id = window == TraceWindow::Recent ? std::string("##trace_recent")
                         : channel_shown               ? "##trace_channel_" + shown->id
                                                       : std::string("##trace_run");
  if (!plot::BeginPlot(id.c_str(), ImVec2(0, 0), plot::PlotFlags_NoLegend)) return;
  const bool recent = window == TraceWindow::Recent;
  const std::string y_label =
      !channel_shown ? name : (shown->log_scale ? "log₁₀ " + shown->label : shown->label);
  plot::SetupAxes(recent ? "step (0 = newest)" : "step", y_label.c_str(), plot::AxisFlags_Tight);
  // The step range is known before drawing: following it directly avoids a frame of lag.
  double first = std::numeric_limits<double>::infinity();
  double last = -first;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    // A stopped chain's runaway values would flatten the running ones (it shows again with
    // "include stopped chains").
    if (!views::fits_axes(context, chain)) continue;
    if (window == TraceWindow::Recent) {
      if (chain.recent_steps.empty()) continue;
      first = std::min(first, -recent_span(chain));
      last = 0.0;
    } else if (channel_shown) {
      if (const DecimatedSeries* series = channel_series(chain, shown->id))
        views::step_extent(*series, first, last);
    } else if (coordinate < static_cast<int>(chain.traces.size())) {
      views::step_extent(chain.traces[static_cast<std::size_t>(coordinate)], first, last);
    }
  }
  if (last > first) plot::SetupAxisLimits(plot::Axis::X, first, last, plot::Cond::Follow);
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    const std::string label = views::chain_label(chain);
    const plot::Colour colour = views::plotted_chain_colour(context, chain);
    const bool fit = views::fits_axes(context, chain);
    if (window == TraceWindow::Recent) {
      plot_recent(chain, coordinate, label, colour, fit);
    } else if (channel_shown) {
      const DecimatedSeries* series = channel_series(chain, shown->id);
      if (series == nullptr) continue;  // not in the legend either
      plot::Decimated(label.c_str(),
                      shown->log_scale ? log10_series(*series, shown->log_floor) : *series,
                      {.colour = colour, .fit = fit});
    } else if (coordinate < static_cast<int>(chain.traces.size())) {
      plot::Decimated(label.c_str(), chain.traces[static_cast<std::size_t>(coordinate)],
                      {.colour = colour, .fit = fit});
    }
    // Markers sit at absolute steps: they belong to the "all steps" window.
    if (!recent && plot::IsLabelVisible(label.c_str()) && views::fits_axes(context, chain))
      views::plot_param_changes(chain, colour);
  }
  if (channel_shown && std::isfinite(shown->guide)) {
    const double guide = shown->log_scale ? std::log10(shown->guide) : shown->guide;
    plot::HLine("##channel_guide", guide, {.colour = plot::theme().zero_line});
  }
  plot::EndPlot();
}

}  // namespace sgl
