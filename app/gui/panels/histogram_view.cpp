// Histogram of the selected coordinate for every chain (all draws since the last reset) against
// the true marginal density, with each chain's distance to the truth. Regressions have no
// numerical truth: the marginal of the target's reference posterior, exact (linear) or Laplace
// (logistic), stands in, labelled as such. Signed HMC-ECS chains are drawn sign-weighted (Dang et
// al. 2019, eq. 5.3): height = (n⁺ − n⁻) / (Σs · width) per bin, which may dip below zero; when Σs
// ≤ 0 the weighting is undefined and the unweighted histogram is drawn, labelled so. Variational
// (DAIS) chains can be drawn weighted by their draws' importance weights (a toggle).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>
#include <string>
#include <utility>
#include <vector>

#include "app/gui/panels/histogram_panel.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/label_stacking.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl {
namespace {

// Bars taller than this many times the reference curve's peak are clipped at that height.
constexpr double kBarCapOverTruthPeak = 1.6;

struct ChainBars {
  std::string label;
  plot::Colour colour = 0;
  std::vector<double> edges, heights;
  double tallest_x = 0.0, tallest = 0.0;  // the tallest clipped bar and its true height
};

// "↑12" above each chain's tallest cut bar, its true height; labels of chains cut at nearby x
// stack below one another instead of printing over each other (stack_labels).
void cut_bar_labels(const std::vector<ChainBars>& bars, double bar_cap) {
  struct CutLabel {
    std::string text;
    const ChainBars* chain;
    float anchor_y;
  };
  std::vector<CutLabel> labels;
  std::vector<LabelBox> boxes;
  const float gap = 2.0f;
  for (const ChainBars& chain : bars) {
    if (!(chain.tallest > 0.0)) continue;
    const std::string text = "↑" + views::compact_number(chain.tallest, 2);
    const plot::Point at = plot::PlotToPixels(chain.tallest_x, bar_cap);
    // On a light box as wide as the text plus TextBox's padding: over the cut bars the bare
    // digits were lost among the bars' outlines.
    const ImVec2 text_size = ImGui::CalcTextSize(text.c_str());
    const float pad = 0.6f * ImGui::GetFontSize();  // TextBox pads 0.3 font on each side
    const ImVec2 size(text_size.x + pad, text_size.y + pad);
    labels.push_back({text, &chain, at.y});
    boxes.push_back({at.x - 0.5f * size.x, at.y + gap, size.x, size.y});
  }
  stack_labels(boxes, gap);
  for (std::size_t k = 0; k < labels.size(); ++k) {
    const CutLabel& label = labels[k];
    const plot::PixelRect drawn =
        plot::TextBox({boxes[k].x, boxes[k].y}, {{label.text, label.chain->colour, 1.0f}},
                      plot::theme().legend_background);
    ui_probe::record_rect(
        "histogram/cut_label/" + std::to_string(k),
        {drawn.min.x, drawn.min.y, drawn.max.x - drawn.min.x, drawn.max.y - drawn.min.y});
  }
}

constexpr int kCurvePoints = 400;
const plot::Colour kTruthColour = plot::theme().foreground;

struct ReferenceCurve {
  std::string label;
  std::vector<double> xs, ys;
  bool dashed = false;
};

// The curve to compare with over [lo, hi]: the truth grid's marginal, or a Gaussian marginal
// from a regression's exact or Laplace posterior; empty label when there is none.
ReferenceCurve reference_curve(const Target& target, int coordinate, double lo, double hi) {
  ReferenceCurve curve;
  double mean = 0.0;
  double variance = 0.0;
  if (target.truth() != nullptr) {
    curve.label = "true density";
  } else if (const auto reference = target.reference_posterior()) {
    const bool laplace = reference->kind == ReferencePosterior::Kind::Laplace;
    curve.label = laplace ? "Laplace approx." : "exact posterior";
    curve.dashed = laplace;
    mean = reference->mean(coordinate);
    variance = reference->covariance(coordinate, coordinate);
  } else {
    return curve;
  }
  curve.xs.resize(kCurvePoints);
  curve.ys.resize(kCurvePoints);
  for (int k = 0; k < kCurvePoints; ++k) {
    const double x = lo + (hi - lo) * (k + 0.5) / kCurvePoints;
    double y = 0.0;
    if (const TruthGrid* truth = target.truth()) {
      y = truth->marginal_density(coordinate, x);
    } else if (variance > 0.0) {
      y = std::exp(-0.5 * (x - mean) * (x - mean) / variance) /
          std::sqrt(2.0 * std::numbers::pi * variance);
    }
    curve.xs[static_cast<std::size_t>(k)] = x;
    curve.ys[static_cast<std::size_t>(k)] = y;
  }
  return curve;
}

// Σs over a signed chain's draws since the last reset (n⁺ − n⁻).
double sign_sum(const ChainSnapshot& chain, std::size_t index) {
  const auto total = static_cast<double>(chain.histograms[index].total());
  const auto negative = static_cast<double>(chain.negative_histograms[index].total());
  return total - 2.0 * negative;
}

bool sign_weighted(const ChainSnapshot& chain, std::size_t index) {
  return chain.signed_draws && index < chain.negative_histograms.size() &&
         sign_sum(chain, index) > 0.0;
}

// Sign-weighted densities (n⁺ − n⁻) / (Σs · width), normalised like Histogram1D::densities.
std::vector<double> signed_densities(const ChainSnapshot& chain, std::size_t index) {
  const Histogram1D& all = chain.histograms[index];
  const Histogram1D& negative = chain.negative_histograms[index];
  const double scale = 1.0 / (sign_sum(chain, index) * all.bin_width());
  std::vector<double> heights(static_cast<std::size_t>(all.bins()));
  for (int bin = 0; bin < all.bins(); ++bin)
    heights[static_cast<std::size_t>(bin)] =
        (static_cast<double>(all.count(bin)) - 2.0 * static_cast<double>(negative.count(bin))) *
        scale;
  return heights;
}

bool has_importance_weights(const ChainSnapshot& chain, std::size_t index) {
  return index < chain.importance_histograms.size() && !chain.importance_histograms[index].empty();
}

// Variational chains (DAIS) carry each draw's importance weight: a toggle between q's draws and
// the self-normalised weighted histogram, with the weights' Kish ESS of each such chain.
bool importance_toggle(const EngineSnapshot& snapshot, std::size_t index, bool& weighted) {
  std::string ess;
  for (const ChainSnapshot& chain : snapshot.chains)
    if (has_importance_weights(chain, index))
      ess += (ess.empty() ? "" : ", ") + views::chain_label(chain) + " " +
             views::compact_number(chain.importance_histograms[index].kish_ess(), 3);
  if (ess.empty()) return false;
  ImGui::SameLine();
  ImGui::Checkbox("importance-weighted##hist", &weighted);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Off: the variational chains' draws from q as they are. On: each draw weighted by its "
        "importance weight w (self-normalised), which corrects q toward the posterior when the "
        "weights' effective sample size is not tiny.\nKish ESS of the weights: %s",
        ess.c_str());
  return weighted;
}

}  // namespace

void show_histogram_view(ViewContext& context, HistogramSettings& settings) {
  if (!views::has_target(context)) return;
  views::coordinate_combo(context, "coordinate##hist", context.settings->coordinate);
  const int coordinate = context.settings->coordinate;
  const auto index = static_cast<std::size_t>(coordinate);
  const EngineSnapshot& snapshot = *context.snapshot;
  const bool weighted = importance_toggle(snapshot, index, settings.importance_weighted);
  const Target& target = *snapshot.target;

  // TV and KL come from the engine: over coordinate 0 for 1-D targets, the joint for 2-D ones.
  const char* distance_scope = target.dim() == 1 ? "to truth (black):" : "(2-D) to truth (black):";
  std::vector<views::Readout> readouts;
  bool any_draws = false;
  for (const ChainSnapshot& chain : snapshot.chains) {
    const bool has = index < chain.histograms.size() && chain.histograms[index].total() > 0;
    any_draws = any_draws || has;
    // One short number per chain, named where the row has room, else identified by its colour
    // (the legend strip names the colours): seven chains still fit a narrow panel. KL and the
    // rest are in the Metrics table.
    std::string text = !has ? "—" : chain.has_truth ? views::compact_number(chain.tv, 2) : "";
    if (has && chain.signed_draws && !sign_weighted(chain, index)) text += " (unweighted: Σs ≤ 0)";
    // The engine's TV is of q's draws: say so when the bars show the weighted ones.
    if (has && chain.has_truth && weighted && has_importance_weights(chain, index)) text += " (q)";
    if (!text.empty())
      readouts.push_back({views::chain_colour(context, chain), text, views::chain_label(chain)});
  }
  // Beside the coordinate box, unless the importance toggle already took that line's room.
  const bool toggle_shown =
      std::any_of(snapshot.chains.begin(), snapshot.chains.end(),
                  [&](const ChainSnapshot& chain) { return has_importance_weights(chain, index); });
  if (target.dim() > 1 && !toggle_shown) ImGui::SameLine();
  const auto reference = target.reference_posterior();
  const char* truth_name = target.truth() != nullptr ? "true density"
                           : reference && reference->kind == ReferencePosterior::Kind::Laplace
                               ? "Laplace approx."
                               : "exact posterior";
  const bool any_truth = std::any_of(snapshot.chains.begin(), snapshot.chains.end(),
                                     [](const ChainSnapshot& chain) { return chain.has_truth; });
  // The key and the distances share one row: every line above the plot is taken from it.
  // A target with neither (the Bayesian MLP) has no black curve: the key must not promise one.
  const std::string key = target.truth() == nullptr && !reference
                              ? std::string("no reference density for this target")
                              : std::string("black: ") + truth_name;
  const std::string caption = std::string("TV ") + distance_scope;
  if (any_draws && any_truth) {
    views::readout_row(readouts, caption.c_str(), {"TV"});
  } else {
    views::caption(key.c_str());
    if (!any_draws && !snapshot.chains.empty()) views::note("No draws yet: press Space to run.");
  }

  // The read-out above names every chain with its colour, so the plot needs no legend.
  if (!plot::BeginPlot("##histogram", ImVec2(0, 0), plot::PlotFlags_NoLegend)) return;
  const std::string x_label = views::coordinate_name(context, coordinate);
  plot::SetupAxes(x_label.c_str(), "density", plot::AxisFlags_None, plot::AxisFlags_FitIncludeZero);
  const std::vector<Interval> box = target.view_box();
  if (index < box.size()) plot::SetupAxisLimits(plot::Axis::X, box[index].lo, box[index].hi);

  // The reference curve first: its peak caps the bars, so one stuck chain's spike (a chain that
  // rejects every proposal piles all its draws in one bin) cannot flatten the curve and every
  // other chain. Clipped bars end at the cap with their true height written above them.
  const plot::DataRect limits = plot::GetPlotLimits();
  const ReferenceCurve curve = reference_curve(target, coordinate, limits.x_lo, limits.x_hi);
  double bar_cap = std::numeric_limits<double>::infinity();
  if (!curve.ys.empty()) {
    const double peak = *std::max_element(curve.ys.begin(), curve.ys.end());
    if (std::isfinite(peak) && peak > 0.0) bar_cap = kBarCapOverTruthPeak * peak;
  }

  // Each chain's bars, capped; the fills of chains binned alike are drawn as one layer below
  // every outline (plot::OverlappingBarFills), so overlapping chains blend each pixel once.
  std::vector<ChainBars> bars;
  for (const ChainSnapshot& chain : snapshot.chains) {
    if (index >= chain.histograms.size()) continue;
    const Histogram1D& histogram = chain.histograms[index];
    if (histogram.total() == 0) continue;
    ChainBars& shown = bars.emplace_back();
    shown.label = views::chain_label(chain);
    shown.colour = views::plotted_chain_colour(context, chain);
    shown.edges.resize(static_cast<std::size_t>(histogram.bins()) + 1);
    for (int bin = 0; bin <= histogram.bins(); ++bin) {
      shown.edges[static_cast<std::size_t>(bin)] = histogram.lo() + bin * histogram.bin_width();
    }
    shown.heights = weighted && has_importance_weights(chain, index)
                        ? chain.importance_histograms[index].densities()
                    : sign_weighted(chain, index) ? signed_densities(chain, index)
                                                  : histogram.densities();
    // One label per chain, so a narrow band of clipped bars does not stack labels.
    for (std::size_t bin = 0; bin < shown.heights.size(); ++bin) {
      if (!(shown.heights[bin] > bar_cap)) continue;
      if (shown.heights[bin] > shown.tallest) {
        shown.tallest = shown.heights[bin];
        shown.tallest_x = 0.5 * (shown.edges[bin] + shown.edges[bin + 1]);
      }
      shown.heights[bin] = bar_cap;
    }
  }
  // One chain: a faint fill under its outline. Several: outlines only. Their fills, one tint per
  // bin from whichever chain was lowest there, striped the plot like a barcode on a projector.
  const float fill_alpha = bars.size() == 1 ? 0.12f : 0.0f;
  const bool same_bins =
      !bars.empty() && std::all_of(bars.begin(), bars.end(), [&](const ChainBars& chain) {
        return chain.edges == bars.front().edges;
      });
  if (same_bins && fill_alpha > 0.0f) {
    std::vector<plot::BarFill> fills;
    for (const ChainBars& chain : bars) fills.push_back({chain.heights.data(), chain.colour});
    plot::OverlappingBarFills(bars.front().edges.data(),
                              static_cast<int>(bars.front().heights.size()), fills, fill_alpha);
  }
  for (const ChainBars& chain : bars) {
    plot::Bars(chain.label.c_str(), chain.edges.data(), chain.heights.data(),
               static_cast<int>(chain.heights.size()),
               {.colour = chain.colour, .fill_alpha = same_bins ? 0.0f : fill_alpha});
  }
  cut_bar_labels(bars, bar_cap);
  if (!curve.label.empty()) {
    plot::Line(curve.label.c_str(), curve.xs.data(), curve.ys.data(),
               static_cast<int>(curve.xs.size()),
               {.colour = kTruthColour,
                .thickness = std::max(3.0f, ImGui::GetFontSize() / 6.0f),
                .dashed = curve.dashed});
  }
  plot::EndPlot();
}

}  // namespace sgl
