// The Predictive view: what a Bayesian neural network's chains predict. 1-D regression: the data,
// and per chain the mean of f(x) over its stored draws with the 50% and 90% bands (where the data
// have a gap, a sampler that explores the posterior shows a wide band; one that settles in a mode
// shows a thin one). 2-D binary classification: one chain's mean predictive probability, or its
// entropy, as a heatmap under the data and the p = ½ contour.
#include "app/gui/panels/predictive_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <string>

#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_band.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "core/diagnostics/posterior_predictive.hpp"
#include "core/plot/chain_palette.hpp"

namespace sgl {
namespace {

using Matrix = PredictiveModel::Matrix;
using Clock = std::chrono::steady_clock;

constexpr std::size_t kCurveDraws = 200;  // draws per chain behind a curve and its bands
constexpr std::size_t kMapDraws = 60;     // draws behind the heatmap (a grid of inputs each)
constexpr int kCurvePoints = 160;
constexpr int kMapCells = 56;  // per side
// A chain's bands are recomputed when it has new draws, at most this often (a running chain has
// new draws every frame; the picture changes slowly).
constexpr double kRefreshSeconds = 0.25;

// What one chain's predictive was computed from, and the result.
struct CachedBands {
  const Target* target = nullptr;
  std::uint64_t newest_step = 0;
  std::size_t rows = 0;
  Clock::time_point computed;
  PredictiveBands bands;
};

std::uint64_t newest_step(const ChainSnapshot& chain) {
  return chain.recent_steps.empty() ? 0 : chain.recent_steps.back();
}

// The chain's bands at `at`, from the cache while its draws are unchanged or a refresh is not due.
const PredictiveBands& chain_bands(std::map<int, CachedBands>& cache, const Target& target,
                                   const PredictiveModel& model, const ChainSnapshot& chain,
                                   const Matrix& at, std::size_t max_draws) {
  CachedBands& entry = cache[chain.id];
  // The cloud: draws spread evenly over everything the chain stores (its newest keep_draws), so
  // a slowly moving chain's band covers more than its newest stretch.
  const std::size_t rows =
      chain.dim > 0 ? chain.cloud.size() / static_cast<std::size_t>(chain.dim) : 0;
  const auto now = Clock::now();
  const bool same_draws =
      entry.target == &target && entry.rows == rows && entry.newest_step == newest_step(chain);
  const bool fresh = entry.target == &target && entry.rows > 0 && rows > 0 &&
                     std::chrono::duration<double>(now - entry.computed).count() < kRefreshSeconds;
  const bool right_size = entry.bands.mean.size() == static_cast<std::size_t>(at.rows());
  if ((same_draws || fresh) && right_size) return entry.bands;
  entry = {&target, newest_step(chain), rows, now,
           predictive_bands(model, chain.cloud.data(), rows, chain.dim, at, max_draws)};
  return entry.bands;
}

// The data's range along input column j, widened by a fraction of itself on both sides.
Interval data_range(const Matrix& inputs, Eigen::Index j, double widen) {
  const double lo = inputs.col(j).minCoeff(), hi = inputs.col(j).maxCoeff();
  const double pad = widen * std::max(hi - lo, 1e-6);
  return {lo - pad, hi + pad};
}

void show_regression(ViewContext& context, const PredictiveModel& model) {
  static std::map<int, CachedBands> cache;
  const Target& target = *context.snapshot->target;
  const Matrix& inputs = model.inputs();
  const Interval range = data_range(inputs, 0, 0.15);
  Matrix at(kCurvePoints, 1);
  for (int i = 0; i < kCurvePoints; ++i)
    at(i, 0) = range.lo + (range.hi - range.lo) * i / (kCurvePoints - 1.0);
  views::caption("Each chain: mean of f(x) over its stored draws, 50% and 90% bands");

  if (!plot::BeginPlot("##predictive", ImVec2(0, 0), plot::PlotFlags_LegendAbove)) return;
  const std::string x_label = model.input_names().empty() ? "x" : model.input_names().front();
  plot::SetupAxes(x_label.c_str(), "y");
  std::vector<double> xs(at.data(), at.data() + kCurvePoints);
  for (const ChainSnapshot& chain : context.snapshot->chains) {
    if (!chain.enabled || chain.cloud.empty()) continue;
    const PredictiveBands& bands = chain_bands(cache, target, model, chain, at, kCurveDraws);
    if (bands.draws == 0) continue;
    const plot::Colour colour = views::chain_colour(context, chain);
    const std::string id = std::to_string(chain.id);
    plot::Band(("##90 " + id).c_str(), xs.data(), bands.q05.data(), bands.q95.data(), kCurvePoints,
               {.colour = colour, .fill_alpha = 0.16f});
    plot::Band(("##50 " + id).c_str(), xs.data(), bands.q25.data(), bands.q75.data(), kCurvePoints,
               {.colour = colour, .fill_alpha = 0.3f});
    // The 90% band's edges as thin lines in the chain's colour: where translucent bands of
    // different chains overlap, their blend (orange over blue reads as grey) says nothing about
    // whose band it is; the edges do.
    plot::Line(("##90 lo " + id).c_str(), xs.data(), bands.q05.data(), kCurvePoints,
               {.colour = colour, .thickness = 1.0f});
    plot::Line(("##90 hi " + id).c_str(), xs.data(), bands.q95.data(), kCurvePoints,
               {.colour = colour, .thickness = 1.0f});
    plot::Line(views::chain_label(chain).c_str(), xs.data(), bands.mean.data(), kCurvePoints,
               {.colour = colour});
  }
  const Eigen::VectorXd& y = model.responses();
  plot::Scatter("data", inputs.data(), y.data(), static_cast<int>(y.size()),
                {.colour = plot::theme().foreground,
                 .marker_size = 0.16f * context.font_size,
                 .marker_outline = plot::theme().marker_outline},
                static_cast<int>(inputs.cols()));
  plot::EndPlot();
}

// The chain the heatmap shows (by id; the first enabled chain when it is gone) and the measure.
struct MapChoice {
  int chain_id = -1;
  bool entropy = false;
};

const ChainSnapshot* chosen_chain(const EngineSnapshot& snapshot, MapChoice& choice) {
  const ChainSnapshot* first = nullptr;
  for (const ChainSnapshot& chain : snapshot.chains) {
    if (!chain.enabled) continue;
    if (chain.id == choice.chain_id) return &chain;
    if (first == nullptr) first = &chain;
  }
  if (first != nullptr) choice.chain_id = first->id;
  return first;
}

void map_controls(ViewContext& context, MapChoice& choice, const ChainSnapshot& shown) {
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  if (ImGui::BeginCombo("chain##predictive", views::chain_label(shown).c_str())) {
    for (const ChainSnapshot& chain : context.snapshot->chains) {
      if (!chain.enabled) continue;
      if (ImGui::Selectable(views::chain_label(chain).c_str(), chain.id == choice.chain_id))
        choice.chain_id = chain.id;
    }
    ImGui::EndCombo();
  }
  views::same_line_if_fits("probability");
  if (ImGui::RadioButton("probability", !choice.entropy)) choice.entropy = false;
  views::same_line_if_fits("uncertainty (entropy)");
  if (ImGui::RadioButton("uncertainty (entropy)", choice.entropy)) choice.entropy = true;
}

// The chain a map shows (with its controls drawn), or null with a note when none is enabled.
const ChainSnapshot* map_chain(ViewContext& context, MapChoice& choice) {
  const ChainSnapshot* chain = chosen_chain(*context.snapshot, choice);
  if (chain == nullptr) {
    views::note("No enabled chain: enable one in the Controls.");
    return nullptr;
  }
  map_controls(context, choice, *chain);
  return chain;
}

// A map's cells: kMapCells × kMapCells centres over the data's box (12 % margin), row j · kMapCells
// + i.
struct MapGrid {
  Interval x, y;
  Matrix cells;
};
MapGrid map_grid(const Matrix& inputs) {
  MapGrid grid{data_range(inputs, 0, 0.12), data_range(inputs, 1, 0.12),
               Matrix(kMapCells * kMapCells, 2)};
  const double dx = (grid.x.hi - grid.x.lo) / kMapCells, dy = (grid.y.hi - grid.y.lo) / kMapCells;
  for (int j = 0; j < kMapCells; ++j)
    for (int i = 0; i < kMapCells; ++i)
      grid.cells.row(j * kMapCells + i) << grid.x.lo + (i + 0.5) * dx, grid.y.lo + (j + 0.5) * dy;
  return grid;
}

// Opens the map's plot over the grid's box, axes named by the model's two inputs.
bool begin_map_plot(const PredictiveModel& model, const MapGrid& grid) {
  if (!plot::BeginPlot("##predictive", ImVec2(0, 0), plot::PlotFlags_LegendAbove)) return false;
  const std::vector<std::string>& names = model.input_names();
  plot::SetupAxes(names.size() > 0 ? names[0].c_str() : "x1",
                  names.size() > 1 ? names[1].c_str() : "x2");
  plot::SetupAxisLimits(plot::Axis::X, grid.x.lo, grid.x.hi);
  plot::SetupAxisLimits(plot::Axis::Y, grid.y.lo, grid.y.hi);
  return true;
}

// A key to the map's colours on one row, "0 ▭▭▭ 1": the caption named the quantity, yet nothing
// said which end of the colour map was which (newcomer run 11 on bnn-moons).
void colour_key(ColourMap map, const char* low, const char* high) {
  const float line = ImGui::GetTextLineHeight();
  const float width = ImGui::GetFontSize() * 7.0f, height = 0.7f * line;
  ImGui::TextDisabled("%s", low);
  ImGui::SameLine();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float top = at.y + 0.5f * (line - height);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  constexpr int kSteps = 48;
  for (int i = 0; i < kSteps; ++i) {
    const float x0 = at.x + width * i / kSteps, x1 = at.x + width * (i + 1) / kSteps;
    draw->AddRectFilled(ImVec2(x0, top), ImVec2(x1 + 0.5f, top + height),
                        colour_map_colour(map, (i + 0.5f) / kSteps));
  }
  draw->AddRect(ImVec2(at.x, top), ImVec2(at.x + width, top + height),
                ImGui::GetColorU32(ImGuiCol_Border));
  ImGui::Dummy(ImVec2(width, line));
  ImGui::SameLine();
  ImGui::TextDisabled("%s", high);
}

double binary_entropy_bits(double p) {
  const auto term = [](double q) { return q > 0.0 ? -q * std::log2(q) : 0.0; };
  return term(p) + term(1.0 - p);
}

void show_classification(ViewContext& context, const PredictiveModel& model) {
  static std::map<int, CachedBands> cache;
  static MapChoice choice;
  const ChainSnapshot* chain = map_chain(context, choice);
  if (chain == nullptr) return;
  const MapGrid grid = map_grid(model.inputs());
  const Interval &xr = grid.x, &yr = grid.y;
  const Matrix& at = grid.cells;
  const Matrix& inputs = model.inputs();
  const double dx = (xr.hi - xr.lo) / kMapCells, dy = (yr.hi - yr.lo) / kMapCells;
  const PredictiveBands& bands =
      chain_bands(cache, *context.snapshot->target, model, *chain, at, kMapDraws);
  views::caption(choice.entropy
                     ? "Entropy of the mean predictive P(y = 1), in bits"
                     : "Mean predictive P(y = 1) over the chain's stored draws; line: ½");
  if (choice.entropy)
    colour_key(context.settings->colour_map, "0 bits (sure)", "1 bit (unsure)");
  else
    colour_key(context.settings->colour_map, "P(y = 1) = 0", "1");
  // No equal aspect: the map then fills the data area (it is computed over the data's box).
  if (!begin_map_plot(model, grid)) return;
  if (bands.draws > 0) {
    std::vector<plot::Colour> colours(bands.mean.size());
    std::vector<float> probability(bands.mean.size());
    for (std::size_t k = 0; k < bands.mean.size(); ++k) {
      const double p = bands.mean[k];
      probability[k] = static_cast<float>(p);
      const double t = choice.entropy ? binary_entropy_bits(p) : p;
      colours[k] = colour_map_colour(context.settings->colour_map, static_cast<float>(t));
    }
    plot::Pixels("##map", colours, kMapCells, kMapCells, xr.lo, xr.hi, yr.lo, yr.hi);
    plot::Contours("##half", probability, kMapCells, kMapCells, xr.lo + 0.5 * dx, xr.hi - 0.5 * dx,
                   yr.lo + 0.5 * dy, yr.hi - 0.5 * dy, {0.5}, {.colour = plot::theme().foreground});
  }
  // The two classes as light circles and dark squares, each ringed in the other's colour: both
  // read on every colour of the map, and by shape without colour.
  const Eigen::VectorXd& y = model.responses();
  for (int label = 0; label < 2; ++label) {
    std::vector<double> xs, ys;
    for (Eigen::Index k = 0; k < y.size(); ++k) {
      if (y[k] != label) continue;
      xs.push_back(inputs(k, 0));
      ys.push_back(inputs(k, 1));
    }
    const plot::Colour light = plot::rgba(255, 255, 255), dark = plot::rgba(20, 20, 24);
    plot::Scatter(label == 0 ? "y = 0" : "y = 1", xs.data(), ys.data(), static_cast<int>(xs.size()),
                  {.colour = label == 0 ? light : dark,
                   .marker_size = 0.24f * context.font_size,
                   .marker = label == 0 ? plot::MarkerShape::Circle : plot::MarkerShape::Square,
                   .marker_outline = label == 0 ? dark : light});
  }
  plot::EndPlot();
}

// The mean class probabilities (cells × K) of the chain's cloud at `at`, recomputed when the
// chain has new draws, at most every kRefreshSeconds.
struct CachedClasses {
  const Target* target = nullptr;
  int chain_id = -1;
  std::uint64_t newest_step = 0;
  Clock::time_point computed;
  Matrix mean;
};

const Matrix& class_means(CachedClasses& cache, const Target& target, const PredictiveModel& model,
                          const ChainSnapshot& chain, const Matrix& at) {
  const auto now = Clock::now();
  const bool same =
      cache.target == &target && cache.chain_id == chain.id && cache.mean.rows() == at.rows();
  if (same && (cache.newest_step == newest_step(chain) ||
               std::chrono::duration<double>(now - cache.computed).count() < kRefreshSeconds))
    return cache.mean;
  cache = {&target, chain.id, newest_step(chain), now, Matrix()};
  const std::size_t rows =
      chain.dim > 0 ? chain.cloud.size() / static_cast<std::size_t>(chain.dim) : 0;
  const std::size_t used = std::min(rows, kMapDraws);
  for (std::size_t d = 0; d < used; ++d) {
    const std::size_t row = rows - 1 - (d * rows) / used;
    const Matrix p = model.predict(chain.cloud.data() + row * std::size_t(chain.dim), at);
    cache.mean = cache.mean.size() == 0 ? p : Matrix(cache.mean + p);
  }
  if (used > 0) cache.mean /= double(used);
  return cache.mean;
}

// K classes over two inputs: each cell in the colour of its most probable class, faded to white
// as that probability falls to 1/K (or, with the uncertainty toggle, the entropy in the colour
// map), and the data in their classes' colours.
void show_categorical(ViewContext& context, const PredictiveModel& model) {
  static CachedClasses cache;
  static MapChoice choice;
  const ChainSnapshot* chain = map_chain(context, choice);
  if (chain == nullptr) return;
  const MapGrid grid = map_grid(model.inputs());
  const Interval &xr = grid.x, &yr = grid.y;
  const Matrix& at = grid.cells;
  const Matrix& inputs = model.inputs();
  const Matrix& mean = class_means(cache, *context.snapshot->target, model, *chain, at);
  views::caption(choice.entropy
                     ? "Entropy of the mean class probabilities, in bits"
                     : "Most probable class under the chain's stored draws; pale: unsure");
  if (!begin_map_plot(model, grid)) return;
  const auto classes = static_cast<int>(mean.cols());
  if (mean.rows() == at.rows() && classes > 1) {
    std::vector<plot::Colour> colours(std::size_t(at.rows()));
    for (Eigen::Index k = 0; k < at.rows(); ++k) {
      Eigen::Index best = 0;
      const double top = mean.row(k).maxCoeff(&best);
      if (choice.entropy) {
        double bits = 0.0;
        for (int c = 0; c < classes; ++c)
          if (mean(k, c) > 0.0) bits -= mean(k, c) * std::log2(mean(k, c));
        colours[std::size_t(k)] = colour_map_colour(
            context.settings->colour_map, static_cast<float>(bits / std::log2(double(classes))));
        continue;
      }
      // Blend the class colour with white: full at P = 1, white at P = 1/K.
      const double sure = std::clamp((top - 1.0 / classes) / (1.0 - 1.0 / classes), 0.0, 1.0);
      const plot::Colour c = chain_palette_colour(int(best));
      const auto mix = [&](unsigned channel) {
        return unsigned(255.0 + sure * 0.6 * (double((c >> channel) & 0xFF) - 255.0) + 0.5);
      };
      colours[std::size_t(k)] = plot::rgba(mix(0), mix(8), mix(16));
    }
    plot::Pixels("##map", colours, kMapCells, kMapCells, xr.lo, xr.hi, yr.lo, yr.hi);
  }
  const Eigen::VectorXd& y = model.responses();
  for (int label = 0; label < classes; ++label) {
    std::vector<double> xs, ys;
    for (Eigen::Index k = 0; k < y.size(); ++k) {
      if (y[k] != label) continue;
      xs.push_back(inputs(k, 0));
      ys.push_back(inputs(k, 1));
    }
    const std::string name = "y = " + std::to_string(label);
    plot::Scatter(name.c_str(), xs.data(), ys.data(), static_cast<int>(xs.size()),
                  {.colour = chain_palette_colour(label),
                   .marker_size = 0.22f * context.font_size,
                   .marker_outline = plot::rgba(20, 20, 24)});
  }
  plot::EndPlot();
}

}  // namespace

void show_predictive_view(ViewContext& context) {
  if (!views::has_target(context)) return;
  const PredictiveModel* model = predictive_model(*context.snapshot->target);
  if (model == nullptr) {
    views::note(
        "The predictive view shows what a model of data predicts: choose the Bayesian "
        "neural network (target mlp), e.g. the bnn-regression or bnn-moons preset.");
    return;
  }
  const Eigen::Index inputs = model->inputs().cols();
  if (model->response() == PredictiveModel::Response::Real && inputs == 1) {
    show_regression(context, *model);
  } else if (model->response() == PredictiveModel::Response::Binary && inputs == 2) {
    show_classification(context, *model);
  } else if (model->response() == PredictiveModel::Response::Categorical && inputs == 2) {
    show_categorical(context, *model);
  } else {
    const char* likelihood = model->response() == PredictiveModel::Response::Real ? "gaussian"
                             : model->response() == PredictiveModel::Response::Binary
                                 ? "bernoulli"
                                 : "categorical";
    const std::string text =
        "The predictive view draws 1-D regression (one input, gaussian likelihood) and 2-D "
        "classification (two inputs, bernoulli or categorical); this network has " +
        std::to_string(inputs) + (inputs == 1 ? " input" : " inputs") + " and a " + likelihood +
        " likelihood.";
    views::note(text.c_str());
  }
}

}  // namespace sgl
