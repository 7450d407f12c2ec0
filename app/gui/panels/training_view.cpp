// Training of the variational samplers (DAIS, NS-DAIS, SL-DAIS): per chain a progress line, the
// training ELBO against the Adam iteration (each point the mean over a bucket of steps), and the
// current inverse-temperature schedule β_k against k with the linear schedule for reference.
// Shares the phase-space tile: it is the first tab whenever a chain trains.
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

bool any_training(const EngineSnapshot& snapshot) {
  return std::any_of(snapshot.chains.begin(), snapshot.chains.end(),
                     [](const ChainSnapshot& chain) { return chain.training != nullptr; });
}

std::string progress_text(const ChainSnapshot& chain) {
  const TrainingReport& t = *chain.training;
  char text[256];
  if (t.completed < t.iterations) {
    std::snprintf(text, sizeof text, "%s: training %s / %s   η %.3g  γ %.3f  lr %.0e",
                  views::chain_label(chain).c_str(), views::count_text(t.completed).c_str(),
                  views::count_text(t.iterations).c_str(), t.step_size, t.gamma, t.learning_rate);
  } else if (t.elbo_samples > 0) {
    std::snprintf(text, sizeof text, "%s: ELBO %.6g ± %.2g (%s draws)   η %.3g  γ %.3f  %.1f s",
                  views::chain_label(chain).c_str(), t.elbo, t.elbo_se,
                  views::count_text(t.elbo_samples).c_str(), t.step_size, t.gamma,
                  t.training_seconds);
  } else {
    std::snprintf(text, sizeof text, "%s: trained (%s iterations), sampling",
                  views::chain_label(chain).c_str(), views::count_text(t.completed).c_str());
  }
  return text;
}

void elbo_plot(ViewContext& context, float height) {
  if (!plot::BeginPlot("ELBO during training##elbo", ImVec2(0, height), plot::PlotFlags_NoLegend))
    return;
  plot::SetupAxes("iteration", "ELBO", plot::AxisFlags_Tight);
  // The first iterations' ELBO is often orders of magnitude below the rest: the y range follows
  // the later 80% of each curve so that the converging part stays readable.
  double lo = std::numeric_limits<double>::infinity(), hi = -lo, last = 0.0;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (!chain.training || chain.training->elbo_trace.empty()) continue;
    const auto& trace = chain.training->elbo_trace;
    for (std::size_t i = trace.size() / 5; i < trace.size(); ++i) {
      if (!std::isfinite(trace[i])) continue;
      lo = std::min(lo, trace[i]);
      hi = std::max(hi, trace[i]);
    }
    last = std::max(last, double(chain.training->elbo_trace_steps.back()));
  }
  if (hi > lo) {
    const double pad = 0.05 * (hi - lo);
    plot::SetupAxisLimits(plot::Axis::Y, lo - pad, hi + pad, plot::Cond::Follow);
    plot::SetupAxisLimits(plot::Axis::X, 0.0, std::max(last, 1.0), plot::Cond::Follow);
  }
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (!chain.training || chain.training->elbo_trace.empty()) continue;
    const auto& t = *chain.training;
    std::vector<double> steps(t.elbo_trace_steps.begin(), t.elbo_trace_steps.end());
    const std::string label = views::chain_label(chain);
    plot::Line(label.c_str(), steps.data(), t.elbo_trace.data(), int(steps.size()),
               {.colour = views::chain_colour(context, chain), .fit = false});
  }
  plot::EndPlot();
}

void beta_plot(ViewContext& context) {
  if (!plot::BeginPlot("annealing schedule β_k##beta", ImVec2(0, 0), plot::PlotFlags_NoLegend))
    return;
  plot::SetupAxes("step k", "β_k");
  int largest_k = 1;
  for (const ChainSnapshot& chain : context.snapshot->chains)
    if (chain.training) largest_k = std::max(largest_k, int(chain.training->beta.size()));
  plot::SetupAxisLimits(plot::Axis::X, 0.0, double(largest_k), plot::Cond::Always);
  plot::SetupAxisLimits(plot::Axis::Y, 0.0, 1.05, plot::Cond::Always);
  const double diagonal_x[2] = {0.0, double(largest_k)}, diagonal_y[2] = {0.0, 1.0};
  plot::Line("##linear", diagonal_x, diagonal_y, 2,
             {.colour = plot::with_alpha(plot::theme().foreground, 0.35f), .dashed = true});
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (!chain.training || chain.training->beta.empty()) continue;
    const auto& beta = chain.training->beta;
    std::vector<double> ks(beta.size() + 1), values(beta.size() + 1);
    for (std::size_t k = 0; k <= beta.size(); ++k) {
      ks[k] = double(k);
      values[k] = k == 0 ? 0.0 : beta[k - 1];
    }
    const std::string label = views::chain_label(chain);
    const plot::Colour colour = views::chain_colour(context, chain);
    plot::Line(label.c_str(), ks.data(), values.data(), int(ks.size()), {.colour = colour});
    plot::Scatter(label.c_str(), ks.data() + 1, values.data() + 1, int(beta.size()),
                  {.colour = colour});
  }
  plot::EndPlot();
}

}  // namespace

void show_training_view(ViewContext& context) {
  if (!views::has_chains(context)) return;
  if (!any_training(*context.snapshot)) {
    views::note("No DAIS chain: add a dais, ns-dais or sl-dais chain to train one.");
    return;
  }
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (!chain.training) continue;
    ImGui::PushStyleColor(ImGuiCol_Text, views::chain_colour(context, chain));
    ImGui::TextUnformatted("■");
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextUnformatted(progress_text(chain).c_str());
  }
  const float available = ImGui::GetContentRegionAvail().y;
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  elbo_plot(context, std::max(0.5f * (available - spacing), 5.0f * ImGui::GetFontSize()));
  beta_plot(context);
}

void show_phase_space_or_training_view(ViewContext& context) {
  if (!context.snapshot || !any_training(*context.snapshot)) {
    show_phase_space_view(context);
    return;
  }
  if (!ImGui::BeginTabBar("##phase_or_training")) return;
  if (ImGui::BeginTabItem("DAIS training")) {
    show_training_view(context);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Phase space")) {
    show_phase_space_view(context);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

}  // namespace sgl
