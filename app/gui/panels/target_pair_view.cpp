// Chains drawn on a pair of coordinates, and the coefficient-pair mode of the target view for
// regressions: exact posterior (linear, conjugate) or Laplace (logistic) ellipses at 1, 2 and
// 3 standard deviations as the reference the clouds should match.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "app/gui/panels/slow_motion_frame.hpp"
#include "app/gui/panels/slow_motion_overlay.hpp"
#include "app/gui/panels/target_panel.hpp"
#include "app/gui/panels/target_view_parts.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/framing_box.hpp"

namespace sgl::views {
namespace {

constexpr plot::Colour kHalo = plot::rgba(0, 0, 0, 150);
const plot::Colour kReferenceColour = plot::theme().foreground;

struct GaussianReference {
  std::string label;
  Vec mean;
  Eigen::MatrixXd covariance;
};

// "3 sd" is held together by a no-break space: the caption wraps at spaces on narrow panels.
bool gaussian_reference(const Target& target, GaussianReference& reference) {
  std::optional<ReferencePosterior> posterior = target.reference_posterior();
  if (!posterior) return false;
  reference = {posterior->kind == ReferencePosterior::Kind::Laplace
                   ? "Laplace approx. 1, 2, 3\u00A0sd"
                   : "exact posterior 1, 2, 3\u00A0sd",
               std::move(posterior->mean), std::move(posterior->covariance)};
  return true;
}

void plot_reference_ellipses(const GaussianReference& reference, int x, int y) {
  const double sxx = reference.covariance(x, x);
  const double syy = reference.covariance(y, y);
  const double sxy = reference.covariance(x, y);
  // Cholesky factor of the 2×2 block maps the unit circle onto the 1-sd ellipse.
  const double l11 = std::sqrt(sxx);
  const double l21 = sxy / l11;
  const double l22 = std::sqrt(syy - l21 * l21);
  if (!(l11 > 0.0) || !(l22 > 0.0)) return;  // the same coordinate twice, or degenerate
  constexpr int kPoints = 97;
  std::vector<double> xs(kPoints), ys(kPoints);
  for (int k = 1; k <= 3; ++k) {
    for (int i = 0; i < kPoints; ++i) {
      const double angle = 2.0 * std::numbers::pi * i / (kPoints - 1);
      xs[static_cast<std::size_t>(i)] = reference.mean(x) + k * l11 * std::cos(angle);
      ys[static_cast<std::size_t>(i)] =
          reference.mean(y) + k * (l21 * std::cos(angle) + l22 * std::sin(angle));
    }
    plot::Line(reference.label.c_str(), xs.data(), ys.data(), kPoints,
               {.colour = kReferenceColour, .dashed = k > 1, .fit = false});
  }
}

}  // namespace

void plot_chains_on_pair(const ViewContext& context, const TargetSettings& settings, int x, int y,
                         double arrow_span) {
  const EngineSnapshot& snapshot = *context.snapshot;
  const float font = ImGui::GetFontSize();
  // DAIS chains in the annealing view show their particles at step k instead of their draws.
  const auto annealing_shown = [&settings](const ChainSnapshot& chain) {
    return settings.show_annealing && chain.annealing != nullptr;
  };
  if (settings.show_annealing) plot_annealing_on_pair(context, settings, x, y);
  // Under slow motion the class follows one path: the other chains fade to a quarter, their
  // clouds and trails to a trace, so the slowed chain is the only strong colour.
  // A stopped chain fades too.
  const auto faded = [&](const ChainSnapshot& chain) { return chain_faded(context, chain); };
  const auto shown_colour = [&](const ChainSnapshot& chain) {
    return plotted_chain_colour(context, chain);
  };
  for (const ChainSnapshot& chain : snapshot.chains)
    ui_probe::record_text("target/chain/" + std::to_string(chain.id),
                          faded(chain) ? "faded" : "full");
  // Layers across all chains, so no chain's cloud covers another chain's current position.
  if (settings.show_cloud) {
    for (const ChainSnapshot& chain : snapshot.chains) {
      if (chain.dim <= std::max(x, y) || chain.cloud.empty() || annealing_shown(chain)) continue;
      const int count = static_cast<int>(chain.cloud.size() / static_cast<std::size_t>(chain.dim));
      const std::string label = chain_label(chain);
      plot::Scatter(label.c_str(), chain.cloud.data() + x, chain.cloud.data() + y, count,
                    {.colour = plot::with_alpha(shown_colour(chain), faded(chain) ? 0.3f : 0.45f),
                     .marker_size = std::max(1.5f, font / 11.0f),
                     .marker = plot::MarkerShape::Square,
                     .fit = false},
                    chain.dim);
    }
  }
  const float trail_width = std::max(2.0f, font / 9.0f);
  for (const ChainSnapshot& chain : snapshot.chains) {
    const std::size_t rows = recent_rows(chain);
    if (chain.dim <= std::max(x, y) || rows < 2 || annealing_shown(chain)) continue;
    const std::string label = chain_label(chain);
    if (!plot::IsLabelVisible(label.c_str())) continue;
    // An MH chain's draws are ends of whole trajectories: joined up they are straight spikes
    // across the plot, not a path. Its cloud and hopping marker show it; slow motion shows the
    // trajectories themselves.
    if (chain.counters.mh_proposals > 0) continue;
    const std::size_t start = trail_start(chain, context.settings->trail_length);
    const double* theta = chain.recent_theta.data() + start * static_cast<std::size_t>(chain.dim);
    const int count = static_cast<int>(rows - start);
    // A dark halo under the trail keeps it visible on the bright parts of the colour map; only
    // under its newer half (the older half is faint, and a halo costs as much fill as a trail),
    // and not under a faded chain's.
    const int halo_from = count / 2;
    const double* halo = theta + static_cast<std::size_t>(halo_from * chain.dim);
    if (!faded(chain))
      plot::FadingLine(
          "##halo", halo + x, halo + y, count - halo_from,
          {.colour = plot::with_alpha(kHalo, 0.6f), .thickness = trail_width + 2.0f, .fit = false},
          chain.dim);
    // The trail is thinner than the current-position marker and translucent: a history, not the
    // subject.
    plot::FadingLine(label.c_str(), theta + x, theta + y, count,
                     {.colour = plot::with_alpha(shown_colour(chain), 0.7f),
                      .thickness = trail_width * (faded(chain) ? 0.6f : 0.8f),
                      .fit = false},
                     chain.dim);
  }
  for (const ChainSnapshot& chain : snapshot.chains) {
    const std::size_t rows = recent_rows(chain);
    if (chain.dim <= std::max(x, y) || rows == 0 || annealing_shown(chain)) continue;
    const std::string label = chain_label(chain);
    const plot::Colour colour = shown_colour(chain);
    const double* last =
        chain.recent_theta.data() + (rows - 1) * static_cast<std::size_t>(chain.dim);
    const bool has_momentum = chain.recent_momentum.size() == chain.recent_theta.size();
    // The momentum arrows are spikes in every direction when all chains draw them: with slow
    // motion on, only the slowed chain's path and arrow are drawn (its overlay has its own).
    if (settings.show_momentum && context.slow_motion == nullptr && has_momentum &&
        plot::IsLabelVisible(label.c_str())) {
      const double* r =
          chain.recent_momentum.data() + (rows - 1) * static_cast<std::size_t>(chain.dim);
      const double scale = 0.1 * arrow_span;
      plot::Arrow("##halo", last[x], last[y], r[x] * scale, r[y] * scale,
                  {.colour = kHalo, .thickness = trail_width + 2.0f});
      plot::Arrow(label.c_str(), last[x], last[y], r[x] * scale, r[y] * scale,
                  {.colour = colour, .thickness = trail_width});
    }
    // The slowed chain's newest draw is where its playback will end (phase_space_view.cpp).
    if (!slowed_chain(context, chain))
      plot::Scatter(label.c_str(), last + x, last + y, 1,
                    {.colour = colour,
                     .marker_size = (faded(chain) ? 0.25f : 0.4f) * font,
                     .marker_outline = faded(chain) ? plot::Colour(0) : plot::rgba(255, 255, 255),
                     .fit = false});
  }
  plot_slow_motion_on_pair(context, x, y, arrow_span);
}

void show_pair_view(ViewContext& context, const TargetSettings& settings, int x, int y) {
  const Target& target = *context.snapshot->target;
  x = clamped_coordinate(context, x);
  y = clamped_coordinate(context, y);
  const std::vector<Interval> box = target.view_box();
  GaussianReference reference;
  const bool has_reference = gaussian_reference(target, reference);
  const Interval& x_box = box[static_cast<std::size_t>(x)];
  const Interval& y_box = box[static_cast<std::size_t>(y)];
  const bool equal = settings.equal_aspect.value_or(false);  // see equal_aspect_checkbox
  // The key to the dashed ellipses sits above the plot, never over the clouds.
  // The 1-sd ellipse is solid, the 2- and 3-sd ones dashed ("dashed: … 1, 2, 3 sd" misnamed it).
  if (has_reference) {
    const std::string what = reference.label.substr(0, reference.label.find(" 1, 2, 3"));
    caption((what + ": solid 1\u00A0sd, dashed 2, 3\u00A0sd").c_str());
  }
  if (!plot::BeginPlot(
          "##pair", ImVec2(0, 0),
          plot::PlotFlags_NoLegend | (equal ? plot::PlotFlags_EqualAspect : plot::PlotFlags_None)))
    return;
  const std::string x_name = coordinate_name(context, x);
  const std::string y_name = coordinate_name(context, y);
  plot::SetupAxes(x_name.c_str(), y_name.c_str());
  plot::SetupAxisLimits(plot::Axis::X, box[static_cast<std::size_t>(x)].lo,
                        box[static_cast<std::size_t>(x)].hi);
  plot::SetupAxisLimits(plot::Axis::Y, box[static_cast<std::size_t>(y)].lo,
                        box[static_cast<std::size_t>(y)].hi);
  plot_chains_on_pair(context, settings, x, y, std::min(x_box.hi - x_box.lo, y_box.hi - y_box.lo));
  // On top of the clouds: the reference is what the clouds are judged against.
  if (has_reference) plot_reference_ellipses(reference, x, y);
  plot::EndPlot();
}

}  // namespace sgl::views
