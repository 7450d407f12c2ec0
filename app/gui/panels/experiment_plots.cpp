#include "app/gui/panels/experiment_plots.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>

#include "app/gui/panels/glossary.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"

namespace sgl {
namespace {

std::vector<std::string> sweep_labels(const SweepResult& sweep) {
  std::vector<std::string> labels;
  for (const SweepPoint& point : sweep.points)
    if (std::find(labels.begin(), labels.end(), point.label) == labels.end())
      labels.push_back(point.label);
  return labels;
}

const char* const kReferenceHeadings[] = {"chain", "α_θ", "max |Δmean|/sd", "CT"};

}  // namespace

// A plot pane's minimum size: below this its ticks and legend crowd the data.
PaneSize minimum_plot(float extra_height) {
  const float font = ImGui::GetFontSize();
  return {font * 11.0f, font * 9.0f + extra_height};
}

PaneSize available_area() {
  const ImVec2 available = ImGui::GetContentRegionAvail();
  return {available.x, available.y};
}

void sweep_error_plot(const SweepResult& sweep, const LabelColour& colours, ImVec2 size) {
  if (!plot::BeginPlot("##sweep", size,
                       plot::PlotFlags_LegendAbove | plot::PlotFlags_LegendOptional))
    return;
  plot::SetupAxes("autocorrelation time", "mean |cov error|", plot::AxisFlags_FitIncludeZero,
                  plot::AxisFlags_FitIncludeZero);
  plot::SetupFinish();
  for (const std::string& label : sweep_labels(sweep)) {
    std::vector<double> xs, ys;
    for (const SweepPoint& point : sweep.points)
      if (point.label == label && std::isfinite(point.iat) && std::isfinite(point.cov_error)) {
        xs.push_back(point.iat);
        ys.push_back(point.cov_error);
      }
    const plot::Colour colour = colours(label);
    plot::Line(label.c_str(), xs.data(), ys.data(), static_cast<int>(xs.size()),
               {.colour = colour});
    plot::Scatter(label.c_str(), xs.data(), ys.data(), static_cast<int>(xs.size()),
                  {.colour = colour});
  }
  plot::EndPlot();
}

void sweep_draws_plot(const SweepResult& sweep, const LabelColour& colours, ImVec2 size) {
  if (!plot::BeginPlot("##sweep_draws", size,
                       plot::PlotFlags_LegendAbove | plot::PlotFlags_EqualAspect))
    return;
  plot::SetupAxes("θ₁", "θ₂");
  plot::SetupFinish();
  for (const std::string& label : sweep_labels(sweep)) {
    // The middle step size of each sampler, as in the paper's right panel.
    std::vector<const SweepPoint*> points;
    for (const SweepPoint& point : sweep.points)
      if (point.label == label) points.push_back(&point);
    const SweepPoint& middle = *points[points.size() / 2];
    const int rows = static_cast<int>(middle.first_draws.size() / 2);
    char name[160];
    std::snprintf(name, sizeof name, "%s, %s = %g", label.c_str(), sweep.param.c_str(),
                  middle.value);
    const plot::Colour colour = colours(label);
    plot::Line(name, middle.first_draws.data(), middle.first_draws.data() + 1, rows,
               {.colour = colour}, 2);
    plot::Scatter(name, middle.first_draws.data(), middle.first_draws.data() + 1, rows,
                  {.colour = colour}, 2);
  }
  plot::EndPlot();
}

PaneSize reference_table_size(const std::vector<ChainReport>& reports) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float label_width = ImGui::CalcTextSize(kReferenceHeadings[0]).x;
  for (const ChainReport& report : reports)
    label_width = std::max(label_width, ImGui::CalcTextSize(report.label.c_str()).x);
  float width = label_width + 2.0f * style.CellPadding.x;
  for (int column = 1; column < 4; ++column)
    width += std::max(ImGui::CalcTextSize(kReferenceHeadings[column]).x,
                      ImGui::CalcTextSize("0.000e+00").x) +
             2.0f * style.CellPadding.x;
  const float row = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
  return {width, row * static_cast<float>(reports.size() + 1) + style.ItemSpacing.y};
}

void reference_table(const std::vector<ChainReport>& reports, float width) {
  if (!ImGui::BeginTable("##reference_table", 4,
                         ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp,
                         ImVec2(width, 0.0f)))
    return;
  for (const char* heading : kReferenceHeadings) ImGui::TableSetupColumn(heading);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int column = 0; column < 4; ++column) {
    ImGui::TableSetColumnIndex(column);
    ImGui::TableHeader(kReferenceHeadings[column]);
    glossary_tooltip_for_last_item(kReferenceHeadings[column]);
  }
  for (const ChainReport& report : reports) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(report.label.c_str());
    ImGui::TableNextColumn();
    if (std::isfinite(report.accept_rate))
      ImGui::Text("%.3f", report.accept_rate);
    else
      ImGui::TextDisabled("-");
    ImGui::TableNextColumn();
    double worst = 0.0;
    for (double e : report.mean_error_sd) worst = std::max(worst, std::abs(e));
    ImGui::Text("%.2f", worst);
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", report.ct);
  }
  ImGui::EndTable();
}

void reference_plot(const std::vector<ChainReport>& reports, const ChainReport& reference,
                    const LabelColour& colours, bool means) {
  char x_label[96];
  std::snprintf(x_label, sizeof x_label, "%s (%s)", means ? "posterior mean" : "posterior variance",
                reference.label.c_str());
  if (!plot::BeginPlot(means ? "##reference_means" : "##reference_variances", ImVec2(0, 0),
                       plot::PlotFlags_LegendAbove | plot::PlotFlags_LegendOptional))
    return;
  plot::SetupAxes(x_label, "each method");
  plot::SetupFinish();
  const std::vector<double>& ref = means ? reference.mean : reference.variance;
  if (!ref.empty()) {
    const auto [lo, hi] = std::minmax_element(ref.begin(), ref.end());
    const double xs[2] = {*lo, *hi};
    plot::Line("y = x", xs, xs, 2, {.colour = plot::theme().foreground, .dashed = true});
  }
  // The methods agree to a few digits, so at one reference value their markers would land on one
  // another: each method is moved sideways by its own few pixels (dodged), in the table's order.
  const double methods = static_cast<double>(reports.size()) - 1.0;
  const plot::DataRect limits = plot::GetPlotLimits();
  const float area_width = plot::GetPlotAreaMax().x - plot::GetPlotAreaMin().x;
  const double data_per_pixel = (limits.x_hi - limits.x_lo) / std::max(area_width, 1.0f);
  const double spacing = 0.45 * ImGui::GetFontSize() * data_per_pixel;
  double slot = 0.0;
  for (const ChainReport& report : reports) {
    if (&report == &reference) continue;
    const std::vector<double>& values = means ? report.mean : report.variance;
    const std::size_t count = std::min(values.size(), ref.size());
    const double shift = (slot - 0.5 * (methods - 1.0)) * spacing;
    slot += 1.0;
    std::vector<double> xs(ref.begin(), ref.begin() + static_cast<std::ptrdiff_t>(count));
    for (double& x : xs) x += shift;
    plot::Scatter(report.label.c_str(), xs.data(), values.data(), static_cast<int>(count),
                  {.colour = colours(report.label)});
  }
  plot::EndPlot();
}

}  // namespace sgl
