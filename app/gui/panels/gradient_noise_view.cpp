// The Gradient noise panel: at a chain's frozen θ, K stochastic gradients drawn as its sampler
// draws them, as a cloud around the full gradient ∇U, with the measured and exact covariance
// ellipses (2σ), the control-variate cloud where the sampler uses one, and the noise SGHMC's B̂
// assumes and its friction C can absorb, as circles in the same units (Chen, Fox & Guestrin 2014:
// B = ½εV, so B̂ stands for a gradient noise 2B̂/ε and C for 2C/ε). Below, the read-out in words.
// The measurement runs off the UI thread (gradient_noise_inspector.hpp).
#include <imgui.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <string>
#include <vector>

#include "app/gui/panels/gradient_noise_inspector.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_palette.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/samplers/sampler_capabilities.hpp"

namespace sgl {
namespace {

constexpr int kSamples = 1000;
constexpr double kSigmas = 2.0;  // ellipses and intervals at ±2σ

struct Looks {
  plot::Colour exact = plot::rgba(15, 15, 20);
  plot::Colour control_variate = plot::rgba(0, 150, 110);
  plot::Colour second_order = plot::rgba(120, 60, 170);
  // Not orange: the SGHMC chain measured beside it is vermillion, and the two were confused.
  plot::Colour assumed = plot::rgba(40, 100, 220);  // B̂
  plot::Colour friction = plot::rgba(200, 30, 60);  // C
  plot::Colour ewsg = plot::rgba(200, 150, 0);
};

struct Pair {
  int x = 0, y = 1;
};

Pair& pair() {
  static Pair chosen;
  return chosen;
}

std::string fmt(double value) {
  return views::compact_number(value, 3);
}

using views::glued;
using views::kGlue;

std::string shown_spaces(const std::string& line) {
  const std::string glue(kGlue);
  std::string out;
  for (std::size_t at = 0; at < line.size();) {
    if (line.compare(at, glue.size(), glue) == 0) {
      out += ' ';
      at += glue.size();
    } else {
      out += line[at++];
    }
  }
  return out;
}

// `text` cut into lines of at most `width` pixels at plain spaces only.
std::vector<std::string> wrap_lines(const std::string& text, float width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && ImGui::CalcTextSize(shown_spaces(candidate).c_str()).x > width) {
      lines.push_back(shown_spaces(line));
      line = word;
    } else {
      line = candidate;
    }
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(shown_spaces(line));
  return lines;
}

// The 2σ ellipse of the covariance's (x, y) block around `centre`, as a closed polyline.
void ellipse(const char* label, const Vec& centre, const Eigen::MatrixXd& cov, Pair p,
             const plot::ItemStyle& style) {
  Eigen::Matrix2d block;
  block << cov(p.x, p.x), cov(p.x, p.y), cov(p.y, p.x), cov(p.y, p.y);
  const Eigen::SelfAdjointEigenSolver<Eigen::Matrix2d> solver(block);
  const Eigen::Vector2d radii = solver.eigenvalues().cwiseMax(0.0).cwiseSqrt() * kSigmas;
  constexpr int kPoints = 97;
  std::vector<double> xs(kPoints), ys(kPoints);
  for (int i = 0; i < kPoints; ++i) {
    const double t = 2.0 * std::numbers::pi * i / (kPoints - 1);
    const Eigen::Vector2d point =
        solver.eigenvectors() * Eigen::Vector2d(radii[0] * std::cos(t), radii[1] * std::sin(t));
    xs[i] = centre[p.x] + point[0];
    ys[i] = centre[p.y] + point[1];
  }
  plot::Line(label, xs.data(), ys.data(), kPoints, style);
}

// The covariances of the noise that SGHMC's B̂ assumes and that friction C absorbs (scalar · I).
struct Budget {
  std::optional<double> assumed_var;   // 2B̂/ε
  std::optional<double> friction_var;  // 2C/ε
};

Budget budget(const FrozenChain& chain) {
  Budget out;
  if (chain.step_size <= 0.0) return out;
  if (chain.noise_estimate) out.assumed_var = 2.0 * *chain.noise_estimate / chain.step_size;
  if (chain.friction && chain.noise_estimate)
    out.friction_var = 2.0 * *chain.friction / chain.step_size;
  return out;
}

void draw_2d(const InspectorResult& result, plot::Colour colour) {
  const Looks looks;
  const GradientNoiseReport& report = result.report;
  const Pair p = pair();
  const Vec& centre = report.full_gradient;
  const GradientCloud& plain = report.minibatch;
  const int rows = static_cast<int>(plain.draws.rows());
  const plot::Colour faint = (colour & 0x00FFFFFFu) | 0x70000000u;
  plot::Scatter(report.on_data ? "minibatch gradients" : "noisy gradients",
                plain.draws.col(p.x).data(), plain.draws.col(p.y).data(), rows,
                {.colour = faint, .marker = plot::MarkerShape::Square});
  // Darker than the cloud and thicker: in the cloud's own colour the ellipse vanished in its
  // 1000 points (newcomer run 11).
  const auto darker = [](plot::Colour c) {
    const auto half = [&](int shift) { return ((c >> shift) & 0xFFu) / 2u << shift; };
    return (c & 0xFF000000u) | half(0) | half(8) | half(16);
  };
  ellipse("measured V (2σ)", plain.mean, plain.empirical_cov, p,
          {.colour = darker(colour), .thickness = 2.5f});
  ellipse("exact V (2σ)", centre, plain.exact_cov, p, {.colour = looks.exact, .dashed = true});
  if (result.chain.uses_control_variate && report.control_variate) {
    const GradientCloud& cv = *report.control_variate;
    plot::Scatter("control variate", cv.draws.col(p.x).data(), cv.draws.col(p.y).data(),
                  static_cast<int>(cv.draws.rows()),
                  {.colour = looks.control_variate, .marker = plot::MarkerShape::Square});
    ellipse("control variate V (2σ)", cv.mean, cv.empirical_cov, p,
            {.colour = looks.control_variate});
    if (result.chain.second_order && report.control_variate2)
      ellipse("2nd-order CV V (2σ)", report.control_variate2->mean,
              report.control_variate2->empirical_cov, p, {.colour = looks.second_order});
  }
  if (result.chain.ewsg && report.ewsg) {
    const GradientCloud& ewsg = *report.ewsg;
    plot::Scatter("EWSG weighted blocks", ewsg.draws.col(p.x).data(), ewsg.draws.col(p.y).data(),
                  static_cast<int>(ewsg.draws.rows()),
                  {.colour = looks.ewsg, .marker = plot::MarkerShape::Square});
    ellipse("EWSG V (2σ)", report.ewsg_mean, ewsg.exact_cov, p, {.colour = looks.ewsg});
    const double mx = report.ewsg_mean[p.x], my = report.ewsg_mean[p.y];
    plot::Scatter("EWSG weighted mean", &mx, &my, 1,
                  {.colour = looks.ewsg,
                   .marker_size = ImGui::GetFontSize() * 0.35f,
                   .marker_outline = plot::theme().marker_outline});
  }
  const Budget b = budget(result.chain);
  const int dim = static_cast<int>(centre.size());
  const auto circle = [&](const char* label, double variance, plot::Colour c) {
    ellipse(label, centre, variance * Eigen::MatrixXd::Identity(dim, dim), p,
            {.colour = c, .dashed = true});
  };
  // B̂ = 0 allows for no noise: a circle of no size would be a key to nothing (the read-out
  // below says B̂ = 0).
  if (b.assumed_var && *b.assumed_var > 0.0)
    circle("noise the sampler allows for (2B̂/ε)", *b.assumed_var, looks.assumed);
  if (b.friction_var)
    circle("most noise friction can absorb (2C/ε)", *b.friction_var, looks.friction);
  const double cx = centre[p.x], cy = centre[p.y];
  plot::Scatter("∇U (full gradient)", &cx, &cy, 1,
                {.colour = looks.exact,
                 .marker_size = ImGui::GetFontSize() * 0.35f,
                 .marker_outline = plot::theme().marker_outline});
}

// 1-D: a histogram of the gradients, and the ±2σ intervals one above the other in a band of their
// own above it: the density axis's ticks stop below the band, and each interval is named beside
// it in its colour instead of in the legend (whose square keys made three black and three orange
// entries that nobody could tell apart). The legend keeps one key per colour: the gradients'
// histogram and the exact density; ∇U is named at the top of its line.
void draw_1d(const InspectorResult& result, plot::Colour colour) {
  const Looks looks;
  const GradientNoiseReport& report = result.report;
  const GradientCloud& plain = report.minibatch;
  const Eigen::VectorXd values = plain.draws.col(0);
  const double centre = report.full_gradient[0];
  const double sd = std::sqrt(std::max(plain.exact_cov(0, 0), plain.empirical_cov(0, 0)));
  const double lo = std::min(values.minCoeff(), centre - 3 * sd);
  const double hi = std::max(values.maxCoeff(), centre + 3 * sd);
  constexpr int kBins = 30;
  const double width = (hi - lo) / kBins > 0 ? (hi - lo) / kBins : 1.0;
  std::vector<double> edges(kBins + 1), heights(kBins, 0.0);
  for (int i = 0; i <= kBins; ++i) edges[i] = lo + i * width;
  for (const double v : values)
    heights[std::clamp(static_cast<int>((v - lo) / width), 0, kBins - 1)] +=
        1.0 / (values.size() * width);
  const double peak = *std::max_element(heights.begin(), heights.end());
  // The density axis ends at the histogram's top: the band above holds the intervals, on no axis.
  plot::SetupAxisTicksUpTo(plot::Axis::Y, 1.05 * peak);
  const char* const histogram_label = report.on_data ? "minibatch gradients" : "noisy gradients";
  plot::Bars(histogram_label, edges.data(), heights.data(), kBins, {.colour = colour});
  ui_probe::record_text("gradnoise/key/0", histogram_label);
  std::vector<double> xs(121), ys(121);
  const double exact_sd = std::sqrt(plain.exact_cov(0, 0));
  for (int i = 0; i <= 120; ++i) {
    xs[i] = lo + (hi - lo) * i / 120.0;
    const double z = exact_sd > 0 ? (xs[i] - centre) / exact_sd : 0.0;
    ys[i] =
        exact_sd > 0 ? std::exp(-0.5 * z * z) / (exact_sd * std::sqrt(2 * std::numbers::pi)) : 0.0;
  }
  plot::Line("density N(∇U, V)", xs.data(), ys.data(), 121,
             {.colour = looks.exact, .dashed = true});
  ui_probe::record_text("gradnoise/key/1", "density N(∇U, V)");
  // The band's rows: far enough apart for a name above each bar.
  const double row = 0.16 * peak;
  double level = 1.12 * peak;
  int drawn = 0;
  const auto interval = [&](const char* label, double mid, double variance, plot::Colour c,
                            bool dashed) {
    const double half = kSigmas * std::sqrt(std::max(variance, 0.0));
    const double x[2] = {mid - half, mid + half}, y[2] = {level, level};
    const std::string hidden = std::string("##") + label;  // named beside it, not in the legend
    plot::Line(hidden.c_str(), x, y, 2,
               {.colour = c, .thickness = ImGui::GetFontSize() * 0.2f, .dashed = dashed});
    // End caps, so each bar reads as an interval on the x axis (|——|), not a level on y.
    for (const double end : x) {
      const double cap_x[2] = {end, end}, cap_y[2] = {level - 0.04 * peak, level + 0.04 * peak};
      plot::Line((hidden + " cap").c_str(), cap_x, cap_y, 2,
                 {.colour = c, .thickness = ImGui::GetFontSize() * 0.12f});
    }
    plot::Text(mid + half, level, label, c, {-0.4f * ImGui::GetFontSize(), -3.0f},
               plot::HAlign::Right, plot::VAlign::Bottom);  // clear of the end cap
    ui_probe::record_text("gradnoise/interval/" + std::to_string(drawn++), label);
    level += row;
  };
  interval("measured ±2σ", plain.mean[0], plain.empirical_cov(0, 0), colour, false);
  interval("exact ±2σ", centre, plain.exact_cov(0, 0), looks.exact, false);
  if (result.chain.uses_control_variate && report.control_variate)
    interval("control variate V (±2σ)", report.control_variate->mean[0],
             report.control_variate->empirical_cov(0, 0), looks.control_variate, false);
  if (result.chain.ewsg && report.ewsg)
    interval("EWSG V (±2σ)", report.ewsg_mean[0], report.ewsg->exact_cov(0, 0), looks.ewsg, false);
  const Budget b = budget(result.chain);
  if (b.assumed_var && *b.assumed_var > 0.0)
    interval("noise the sampler allows for (2B̂/ε)", centre, *b.assumed_var, looks.assumed, true);
  if (b.friction_var)
    interval("most noise friction can absorb (2C/ε)", centre, *b.friction_var, looks.friction,
             true);
  const double mark[1] = {centre};
  plot::VLines("##∇U", mark, 1, {.colour = looks.exact});
  plot::Text(centre, level, "∇U", looks.exact, {4.0f, 0.0f}, plot::HAlign::Left,
             plot::VAlign::Bottom);
  // Text takes no part in fitting the axes: an invisible point keeps the top row's name and ∇U's
  // inside the plot.
  const double top_x[2] = {centre, centre}, top_y[2] = {level + row, level + row};
  plot::Line("##band top", top_x, top_y, 2, {.colour = plot::rgba(255, 255, 255, 0)});
}

// One paragraph of the read-out, in its colour.
struct Paragraph {
  std::string text;
  ImVec4 colour;
};

// The read-out: the noise's size, then Chen's comparison of B = ½εV with B̂ and C, in words.
std::vector<Paragraph> readout(const InspectorResult& result) {
  const ImVec4 text_colour = ImGui::GetStyleColorVec4(ImGuiCol_Text);
  const GradientNoiseReport& report = result.report;
  const GradientCloud& used = result.used_cloud();
  const auto dim = static_cast<double>(report.theta.size());
  std::vector<Paragraph> paragraphs;
  std::ostringstream size;
  size << "Noise V: " << glued("trace " + fmt(used.empirical_cov.trace())) << " measured, "
       << fmt(used.exact_cov.trace()) << " exact ("
       << glued(std::to_string(used.draws.rows()) + " gradients,");
  if (report.on_data)
    size << " batches of "
         << glued(std::to_string(report.batch_size) + " out of " + std::to_string(report.num_data))
         << ")";
  else
    size << " injected " << glued("N(0, " + fmt(report.noise_var) + "·I)") << ")";
  if (result.chain.uses_control_variate && &used != &report.minibatch)
    size << "; without the control variate it would be " << fmt(report.minibatch.exact_cov.trace());
  paragraphs.push_back({size.str() + ".", text_colour});
  const FrozenChain& chain = result.chain;
  if (chain.ewsg && report.ewsg) {
    std::ostringstream ewsg;
    ewsg << "EWSG weights each block by " << glued("exp((h/4γ)‖γr + G_B‖²)")
         << " at the frozen momentum r: its gradient's mean is off ∇U by "
         << fmt((report.ewsg_mean - report.full_gradient).norm()) << "; the noise's size "
         << glued("√tr V") << " is " << fmt(std::sqrt(report.minibatch.exact_cov.trace()))
         << " for a uniform block, " << fmt(std::sqrt(report.ewsg->exact_cov.trace()))
         << " weighted.";
    paragraphs.push_back({ewsg.str(), text_colour});
    return paragraphs;  // its friction γ is the Langevin damping: no B̂ to compare
  }
  if (!chain.friction || !chain.noise_estimate || chain.step_size <= 0.0) {
    paragraphs.push_back(
        {"This sampler has no friction C or noise estimate B̂: the noise enters "
         "each step as it is. Compare SGHMC chains to see how friction handles it.",
         ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled)});
    return paragraphs;
  }
  const double eps = chain.step_size, c = *chain.friction, b_hat = *chain.noise_estimate;
  const Eigen::MatrixXd noise_b = 0.5 * eps * used.exact_cov;  // Chen's B = ½εV
  const double b_max =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(noise_b).eigenvalues().maxCoeff();
  const double b_mean = noise_b.trace() / dim;
  std::ostringstream numbers;
  // Per coordinate, as the sampler's B̂ and C are (traces add up over the coordinates).
  numbers << glued("B = ½εV = " + fmt(b_mean)) << " per coordinate";
  if (dim > 1) numbers << " " << glued("(trace " + fmt(noise_b.trace()) + ")");
  numbers << "; the sampler's " << glued("B̂ = " + fmt(b_hat) + ",") << " "
          << glued("C = " + fmt(c) + ".");
  paragraphs.push_back({numbers.str(), text_colour});
  std::string verdict;
  ImVec4 tone(0.1f, 0.5f, 0.2f, 1.0f);
  if (b_max > c) {
    verdict = glued("B > C:") +
              " the gradient noise alone adds more than friction C removes, so the chain "
              "runs hot whatever B̂ is. Raise C, or lower ε or the noise (bigger batches).";
    tone = ImVec4(0.8f, 0.1f, 0.1f, 1.0f);
  } else if (b_hat == 0.0 && b_mean > 0.0) {
    verdict = glued("B̂ = 0:") +
              " the sampler ignores the gradient noise and still injects the full 2Cε, "
              "so the total noise is too large by B and it runs a little hot.";
    tone = ImGui::ColorConvertU32ToFloat4(palette::kWarning);
  } else if (std::abs(b_hat - b_mean) <= 0.2 * std::max(b_hat, b_mean)) {
    verdict = glued("B̂ ≈ B ≤ C:") + " the injected " + glued("2(C − B̂)ε") +
              " plus the gradient noise add up to the 2Cε friction C needs: Chen et al.'s "
              "recipe.";
  } else {
    verdict = b_hat > b_mean ? glued("B̂ > B:") +
                                   " the sampler subtracts more noise than there is, so it "
                                   "runs cold (too narrow)."
                             : glued("B̂ < B:") +
                                   " the sampler under-counts the gradient noise, so it runs "
                                   "somewhat hot.";
    tone = ImGui::ColorConvertU32ToFloat4(palette::kWarning);
  }
  paragraphs.push_back({verdict, tone});
  return paragraphs;
}

constexpr float kReadoutLineGap = 1.0f;  // pixels between the read-out's lines

// The paragraphs wrapped at `width`: each line is also written to the status file
// (text gradnoise/line/N) so a test can check that no number is split.
void show_readout(const std::vector<Paragraph>& paragraphs, float width) {
  // Lines of one read-out sit closer than separate widgets: the plot above keeps the height.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(ImGui::GetStyle().ItemSpacing.x, kReadoutLineGap));
  int number = 0;
  for (const Paragraph& paragraph : paragraphs) {
    ImGui::PushStyleColor(ImGuiCol_Text, paragraph.colour);
    for (const std::string& line : wrap_lines(paragraph.text, width)) {
      ImGui::TextUnformatted(line.c_str());
      // In an exported figure too: the numbers are half of what the panel says.
      if (plot::Painter* painter = plot::GetPainterOverride()) {
        const ImVec2 at = ImGui::GetItemRectMin();
        painter->text({at.x, at.y}, ImGui::ColorConvertFloat4ToU32(paragraph.colour), line,
                      plot::HAlign::Left, plot::VAlign::Top);
      }
      ui_probe::record_text("gradnoise/line/" + std::to_string(number++), line);
    }
    ImGui::PopStyleColor();
  }
  ImGui::PopStyleVar();
}

// The chain chosen in the panel; at first the first chain with friction and B̂ (what the panel
// is mostly for), else the first that draws stochastic gradients.
const ChainSnapshot* chosen_chain(const EngineSnapshot& snapshot, int& selected) {
  const ChainSnapshot* first = nullptr;
  const ChainSnapshot* with_friction = nullptr;
  for (const ChainSnapshot& chain : snapshot.chains) {
    if (!GradientNoiseInspector::inspectable(chain)) continue;
    if (chain.id == selected) return &chain;
    if (!first) first = &chain;
    if (!with_friction &&
        gradient_noise_view_of(chain.sampler_id, chain.full_params).noise_estimate)
      with_friction = &chain;
  }
  const ChainSnapshot* chosen = with_friction ? with_friction : first;
  if (chosen) selected = chosen->id;
  return chosen;
}

void header(ViewContext& context, GradientNoiseInspector& state, const ChainSnapshot& chain) {
  const EngineSnapshot& snapshot = *context.snapshot;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 14.0f);
  if (ImGui::BeginCombo("##gradnoise-chain", views::chain_label(chain).c_str())) {
    for (const ChainSnapshot& other : snapshot.chains) {
      if (!GradientNoiseInspector::inspectable(other)) continue;
      if (ImGui::Selectable(views::chain_label(other).c_str(), other.id == chain.id)) {
        state.selected_chain = other.id;
        state.freeze(snapshot, other, kSamples);
      }
    }
    ImGui::EndCombo();
  }
  const InspectorResult* result = state.result();
  const char* action =
      result && result->chain.chain_id == chain.id ? "Refresh at current θ" : "Freeze at current θ";
  views::same_line_if_fits(ImGui::CalcTextSize(action).x + ImGui::GetFontSize());
  if (ImGui::Button(action)) state.freeze(snapshot, chain, kSamples);
  const int dim = snapshot.target->dim();
  if (dim > 2) {
    Pair& p = pair();
    views::same_line_if_fits(ImGui::GetFontSize() * 14.0f);
    views::coordinate_combo(context, "x##gradnoise", p.x);
    ImGui::SameLine();
    views::coordinate_combo(context, "y##gradnoise", p.y);
  }
  // Two different coordinates whenever there are two: a 1-D target left y = x = 0, and the
  // next 2-D target plotted ∂U/∂x against itself.
  Pair& p = pair();
  p.x = std::clamp(p.x, 0, dim - 1);
  p.y = std::clamp(p.y, 0, dim - 1);
  if (dim >= 2 && p.y == p.x) p.y = (p.x + 1) % dim;
}

}  // namespace

void show_gradient_noise_view(ViewContext& context) {
  if (!views::has_target(context) || context.gradient_noise == nullptr) return;
  GradientNoiseInspector& state = *context.gradient_noise;
  state.poll();
  const EngineSnapshot& snapshot = *context.snapshot;
  const ChainSnapshot* chain = chosen_chain(snapshot, state.selected_chain);
  if (!chain) {
    views::note("No chain draws stochastic gradients: add an SGHMC, SGLD or EWSG chain.");
    return;
  }
  header(context, state, *chain);
  // A cloud measured on the previous target (or sampler) is not this one's.
  if (state.stale(snapshot, *chain) && !state.busy()) state.forget_result();
  // Freeze at the chain's θ as soon as it has moved, so the panel shows something when opened.
  if (!state.result() && !state.busy() && !chain->recent_steps.empty())
    state.freeze(snapshot, *chain, kSamples);
  const InspectorResult* result = state.result();
  if (!result) {
    views::note(state.busy() ? "Measuring the gradient noise…"
                             : "Waiting for the chain's first draw.");
    return;
  }
  ui_probe::record_text("gradnoise/target", result->chain.target_id);
  if (!result->error.empty()) {
    views::note(result->error.c_str());
    return;
  }
  // Beside the buttons when it fits (the chain is named in the combo): the plot keeps the row.
  std::ostringstream where;
  where << (state.busy() ? "Measuring… showing " : "Frozen at ") << "step "
        << views::count_text(result->chain.step)
        << (result->chain.chain_id == chain->id ? std::string() : " of " + result->chain.label);
  views::same_line_if_fits(ImGui::CalcTextSize(where.str().c_str()).x);
  views::caption(where.str().c_str());

  // The read-out below the plot takes the lines it needs at this width; the plot the rest.
  const std::vector<Paragraph> paragraphs = readout(*result);
  const float text_width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
  std::size_t readout_lines = 0;
  for (const Paragraph& paragraph : paragraphs)
    readout_lines += wrap_lines(paragraph.text, text_width).size();
  const float readout_height =
      (ImGui::GetTextLineHeight() + kReadoutLineGap) * static_cast<float>(readout_lines) +
      ImGui::GetStyle().ItemSpacing.y;
  const ChainSnapshot* frozen = nullptr;
  for (const ChainSnapshot& c : snapshot.chains)
    if (c.id == result->chain.chain_id) frozen = &c;
  const plot::Colour colour =
      frozen ? views::chain_colour(context, *frozen) : plot::PaletteColour(0);
  const bool one_d = result->report.theta.size() == 1;
  // Equal aspect in 2-D: isotropic noise must look round, as must the B̂ and C circles.
  const int flags = plot::PlotFlags_LegendAbove | (one_d ? 0 : plot::PlotFlags_EqualAspect);
  if (plot::BeginPlot("##gradnoise", ImVec2(0, -readout_height), flags)) {
    if (one_d) {
      plot::SetupAxes("∂Ũ/∂θ", "density", plot::AxisFlags_None, plot::AxisFlags_FitIncludeZero);
      draw_1d(*result, colour);
    } else {
      const std::string x = "∂U/∂" + views::coordinate_name(context, pair().x);
      const std::string y = "∂U/∂" + views::coordinate_name(context, pair().y);
      plot::SetupAxes(x.c_str(), y.c_str());
      ui_probe::record_text("gradnoise/axes", x + " vs " + y);
      draw_2d(*result, colour);
    }
    plot::EndPlot();
  }
  show_readout(paragraphs, text_width);
}

}  // namespace sgl
