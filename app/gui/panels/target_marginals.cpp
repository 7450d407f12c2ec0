// The target view's marginal histograms (2-D density targets), as mcmc-demo draws them: along
// the top edge each chain's histogram of x, along the right edge its histogram of y, outlined in
// the chain's colour over the true marginal (dark, dashed). They are plot items in data
// coordinates, so they pan and zoom with the picture and go into SVG exports too.
#include <algorithm>
#include <limits>
#include <vector>

#include "app/gui/panels/target_view_parts.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/targets/truth_grid.hpp"

namespace sgl::views {
namespace {

// Each band takes kMarginalBandFraction of the visible range across it; its tallest bar fills
// most of it.
constexpr double kBandFraction = kMarginalBandFraction;
constexpr double kTallestShare = 0.9;
constexpr int kTruthPoints = 160;

struct Band {
  double base = 0.0;    // where heights start (data units, across the band's axis)
  double scale = 0.0;   // data units per unit of density
  double extent = 0.0;  // the band's depth (data units)
  // The band's length along its axis: a histogram's range beyond it (into the other band, past
  // the frame) is left out; the top band ends where the right band begins.
  double along_lo = 0.0, along_hi = 0.0;
};

// The true marginal is left out where it is this small a share of the band's depth.
constexpr double kNegligibleShare = 0.01;

// The step outline of a histogram as a polyline: (edge, height) pairs from the first to the last
// non-empty bin, down to 0 at both ends (empty tails would draw a baseline across the picture).
void step_outline(const Histogram1D& histogram, std::vector<double>& along,
                  std::vector<double>& height) {
  along.clear();
  height.clear();
  const std::vector<double> densities = histogram.densities();
  int first = 0, last = histogram.bins() - 1;
  while (first <= last && densities[static_cast<std::size_t>(first)] <= 0.0) ++first;
  while (last >= first && densities[static_cast<std::size_t>(last)] <= 0.0) --last;
  if (first > last) return;
  along.push_back(histogram.bin_lo(first));
  height.push_back(0.0);
  for (int bin = first; bin <= last; ++bin) {
    const double lo = histogram.bin_lo(bin), hi = lo + histogram.bin_width();
    along.insert(along.end(), {lo, hi});
    height.insert(height.end(), 2, densities[static_cast<std::size_t>(bin)]);
  }
  along.push_back(histogram.bin_lo(last) + histogram.bin_width());
  height.push_back(0.0);
}

double largest_density(const ViewContext& context, int coord, const TruthGrid* truth,
                       const plot::DataRect& limits) {
  double largest = 0.0, truth_peak = 0.0;
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (static_cast<int>(chain.histograms.size()) <= coord || !fits_axes(context, chain)) continue;
    for (double density : chain.histograms[static_cast<std::size_t>(coord)].densities())
      largest = std::max(largest, density);
  }
  if (truth != nullptr) {
    const double lo = coord == 0 ? limits.x_lo : limits.y_lo;
    const double hi = coord == 0 ? limits.x_hi : limits.y_hi;
    for (int k = 0; k < kTruthPoints; ++k)
      truth_peak = std::max(
          truth_peak, truth->marginal_density(coord, lo + (hi - lo) * k / (kTruthPoints - 1)));
  }
  // With a truth, a chain's spike (one stuck in a bin) is capped at 1.6× its peak, as the
  // Histogram panel caps its bars: it no longer flattens the truth and every other chain.
  if (truth_peak > 0.0) return std::max(truth_peak, std::min(largest, 1.6 * truth_peak));
  return largest;
}

// Draws one coordinate's marginals: along x on the top band (coord 0) or along y on the right
// band (coord 1): heights grow from the band's inner edge towards the plot's edge.
void plot_band(const ViewContext& context, int coord, const Band& band, const TruthGrid* truth,
               const plot::DataRect& limits) {
  const bool horizontal = coord == 0;
  std::vector<double> along, height, xs, ys;
  auto place = [&] {
    xs.resize(along.size());
    ys.resize(along.size());
    for (std::size_t k = 0; k < along.size(); ++k) {
      const double across = band.base + band.scale * height[k];
      xs[k] = horizontal ? along[k] : across;
      ys[k] = horizontal ? across : along[k];
    }
  };
  if (truth != nullptr) {
    const double lo = horizontal ? limits.x_lo : limits.y_lo;
    const double hi = horizontal ? limits.x_hi : limits.y_hi;
    along.clear();
    height.clear();
    for (int k = 0; k < kTruthPoints; ++k) {
      const double at = lo + (hi - lo) * k / (kTruthPoints - 1);
      const double density = truth->marginal_density(coord, at);
      // A break in the line (NaN) where it would only trace the baseline.
      const bool negligible = density * band.scale < kNegligibleShare * band.extent ||
                              at < band.along_lo || at > band.along_hi;
      along.push_back(at);
      height.push_back(negligible ? std::numeric_limits<double>::quiet_NaN() : density);
    }
    place();
    plot::Line(
        "truth marginal", xs.data(), ys.data(), static_cast<int>(xs.size()),
        {.colour = plot::theme().foreground, .thickness = 1.5f, .dashed = true, .fit = false});
  }
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    // A stopped chain's flat histogram of runaway draws dominated both bands (newcomer run 11):
    // it leaves them as it leaves the Trace's axes, unless "include stopped chains" is ticked.
    if (static_cast<int>(chain.histograms.size()) <= coord || !fits_axes(context, chain)) continue;
    const Histogram1D& histogram = chain.histograms[static_cast<std::size_t>(coord)];
    if (histogram.inside() == 0) continue;
    step_outline(histogram, along, height);
    const double tallest = band.extent / band.scale;  // the band's depth, in density
    for (std::size_t k = 0; k < along.size(); ++k) {
      if (along[k] < band.along_lo || along[k] > band.along_hi)
        height[k] = std::numeric_limits<double>::quiet_NaN();  // a break in the outline
      else
        height[k] = std::min(height[k], tallest);
    }
    place();
    const std::string label = chain_label(chain);
    plot::Line(label.c_str(), xs.data(), ys.data(), static_cast<int>(xs.size()),
               {.colour = chain_colour(context, chain), .thickness = 2.0f, .fit = false});
  }
}

}  // namespace

void plot_marginals_on_edges(const ViewContext& context) {
  const TruthGrid* truth = context.snapshot->target->truth();
  const plot::DataRect limits = plot::GetPlotLimits();
  const double x_band = kBandFraction * (limits.y_hi - limits.y_lo);  // top band's height
  const double y_band = kBandFraction * (limits.x_hi - limits.x_lo);  // right band's width
  const double x_peak = largest_density(context, 0, truth, limits);
  const double y_peak = largest_density(context, 1, truth, limits);
  if (x_peak <= 0.0 || y_peak <= 0.0) return;
  // The density stops at the bands (inside_marginal_bands; exports without textures draw it
  // whole, so their bands are cleared of it here); a rule along the bands' inner edges frames
  // the joint picture, so the bands read as axes of their own.
  const plot::DataRect inside = inside_marginal_bands(limits);
  // The bands on a faint grey, the corner where they would meet left white: they read as two
  // strips of their own beside the picture, not as part of it (as mcmc-demo's histograms sit
  // outside its canvas).
  const plot::Colour band = plot::rgba(244, 245, 248), clear = plot::theme().area_background;
  plot::Cells("##marginal band x", {band}, 1, 1, limits.x_lo, inside.x_hi, inside.y_hi,
              limits.y_hi);
  plot::Cells("##marginal band y", {band}, 1, 1, inside.x_hi, limits.x_hi, limits.y_lo,
              inside.y_hi);
  plot::Cells("##marginal corner", {clear}, 1, 1, inside.x_hi, limits.x_hi, inside.y_hi,
              limits.y_hi);
  const double rule_x[] = {limits.x_lo, inside.x_hi, inside.x_hi};
  const double rule_y[] = {inside.y_hi, inside.y_hi, limits.y_lo};
  plot::Line("##marginal bands' edge", rule_x, rule_y, 3,
             {.colour = plot::theme().frame, .thickness = 1.0f, .fit = false});
  // Both stand on the band's inner edge and grow towards the plot's edge (x up, y rightwards).
  plot_band(
      context, 0,
      {limits.y_hi - x_band, kTallestShare * x_band / x_peak, x_band, limits.x_lo, inside.x_hi},
      truth, limits);
  plot_band(
      context, 1,
      {limits.x_hi - y_band, kTallestShare * y_band / y_peak, y_band, limits.y_lo, inside.y_hi},
      truth, limits);
  const plot::Point min = plot::GetPlotAreaMin(), max = plot::GetPlotAreaMax();
  const float band_px = static_cast<float>(kBandFraction) * (max.y - min.y);
  ui_probe::record_rect("target/marginal_x", {min.x, min.y, max.x - min.x, band_px});
  const float band_py = static_cast<float>(kBandFraction) * (max.x - min.x);
  ui_probe::record_rect("target/marginal_y", {max.x - band_py, min.y, band_py, max.y - min.y});
}

}  // namespace sgl::views
