// The K-step annealing view of the DAIS samplers, drawn in the target view: particles pushed
// from the base q₀ (k = 0) through the K transitions with the current parameters (k = K is
// q_fwd, where the draws come from), over the true posterior contours (2-D targets) or the
// reference ellipses of a chosen coefficient pair (regressions). A slider picks k; "play" cycles
// through k = 0..K so the flow from q₀ to the posterior shows as motion.
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/gui/panels/target_panel.hpp"
#include "app/gui/panels/target_view_parts.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/plot/plot.hpp"

namespace sgl::views {
namespace {

constexpr double kSecondsPerAnnealingStep = 0.5;

}  // namespace

int largest_annealing_steps(const EngineSnapshot& snapshot) {
  int steps = 0;
  for (const ChainSnapshot& chain : snapshot.chains)
    if (chain.annealing) steps = std::max(steps, chain.annealing->steps);
  return steps;
}

int shown_annealing_step(const TargetSettings& settings, int steps) {
  if (settings.animate_annealing) {
    const auto phase = static_cast<long long>(ImGui::GetTime() / kSecondsPerAnnealingStep);
    return static_cast<int>(phase % (steps + 1));
  }
  return std::clamp(settings.annealing_step, 0, steps);
}

void annealing_controls(const ViewContext& context, TargetSettings& settings) {
  const int steps = largest_annealing_steps(*context.snapshot);
  if (steps == 0) return;
  ImGui::Checkbox("annealing", &settings.show_annealing);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "DAIS chains: show up to 256 particles pushed through the annealing steps with the "
        "current\n"
        "parameters (k = 0: base q0; k = K: q_fwd, the distribution of the draws)");
  if (!settings.show_annealing) return;
  ImGui::SameLine();
  int k = shown_annealing_step(settings, steps);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8.0f);
  if (ImGui::SliderInt("##annealing_step", &k, 0, steps, "step k = %d")) {
    settings.annealing_step = k;
    settings.animate_annealing = false;
  }
  ImGui::SameLine();
  ImGui::Checkbox("play", &settings.animate_annealing);
  // β_k of the first DAIS chain: how far along the bridge from q₀ to the posterior step k is.
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (!chain.training || chain.training->beta.empty()) continue;
    const int shown = std::min(k, int(chain.training->beta.size()));
    ImGui::SameLine();
    char text[64];
    std::snprintf(text, sizeof text, "β = %.3f",
                  shown == 0 ? 0.0 : chain.training->beta[std::size_t(shown - 1)]);
    ImGui::TextUnformatted(text);
    break;
  }
}

void plot_annealing_on_pair(const ViewContext& context, const TargetSettings& settings, int x,
                            int y) {
  const float font = ImGui::GetFontSize();
  const int largest = largest_annealing_steps(*context.snapshot);
  const int k = shown_annealing_step(settings, largest);
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    const AnnealingCloud* cloud = chain.annealing.get();
    if (cloud == nullptr || cloud->dim <= std::max(x, y) || cloud->particles == 0) continue;
    const int step = std::min(k, cloud->steps);
    const double* first =
        &cloud->z[std::size_t(step) * std::size_t(cloud->particles) * std::size_t(cloud->dim)];
    const std::string label = chain_label(chain);
    plot::Scatter(label.c_str(), first + x, first + y, cloud->particles,
                  {.colour = plot::with_alpha(chain_colour(context, chain), 0.75f),
                   .marker_size = std::max(2.0f, font / 6.0f),
                   .marker_outline = plot::rgba(255, 255, 255, 160),
                   .fit = false},
                  cloud->dim);
  }
}

}  // namespace sgl::views
