#include "app/gui/panels/view_helpers.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "app/gui/gl/colour_map.hpp"
#include "app/gui/panels/glossary.hpp"
#include "app/gui/panels/slow_motion_frame.hpp"
#include "app/gui/plot/chain_colours.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/headline_bar.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/targets/target.hpp"

namespace sgl::views {

std::string chain_label(const ChainSnapshot& chain) {
  return chain.label;
}

plot::Colour chain_colour(const ViewContext& context, const ChainSnapshot& chain) {
  const auto found = context.chain_colours.find(chain.id);
  return found != context.chain_colours.end() ? found->second : default_chain_colour(chain.id);
}

bool chain_faded(const ViewContext& context, const ChainSnapshot& chain) {
  const bool slowed_other =
      context.slow_motion != nullptr && context.slow_motion->chain_id != chain.id;
  return slowed_other || chain.stopped;
}

bool slowed_chain(const ViewContext& context, const ChainSnapshot& chain) {
  return context.slow_motion != nullptr && context.slow_motion->chain_id == chain.id &&
         context.slow_motion->playing();
}

plot::Colour plotted_chain_colour(const ViewContext& context, const ChainSnapshot& chain) {
  const plot::Colour colour = chain_colour(context, chain);
  return chain_faded(context, chain) ? plot::with_alpha(colour, 0.25f) : colour;
}

namespace {

// The text of the item just submitted, again through the export painter (if any).
void export_last_item_text(const char* text, ImGuiCol colour) {
  plot::Painter* painter = plot::GetPainterOverride();
  if (painter == nullptr) return;
  const ImVec2 at = ImGui::GetItemRectMin();
  painter->text({at.x, at.y}, ImGui::GetColorU32(colour), text, plot::HAlign::Left,
                plot::VAlign::Top);
}

}  // namespace

void note(const char* text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", text);
  ImGui::PopStyleColor();
  if (plot::GetPainterOverride() == nullptr) ui_probe::record_text_box();  // not in exports
  export_last_item_text(text, ImGuiCol_TextDisabled);
}

void same_line_if_fits(float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  if (ImGui::GetItemRectMax().x + style.ItemSpacing.x + width <= right) ImGui::SameLine();
}

std::string glued(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == ' ')
      out += kGlue;
    else
      out += c;
  }
  return out;
}

void scroll_to_top_unless_shown(float height) {
  const float at = ImGui::GetCursorScreenPos().y;
  const float top = ImGui::GetWindowPos().y, bottom = top + ImGui::GetWindowHeight();
  if (at < top || at + height > bottom) ImGui::SetScrollFromPosY(at - top, 0.0f);
}

void caption(const char* text) {
  // Wrapped at the panel's edge, at spaces only: a narrow panel shows the whole key on two
  // lines, never a clipped one, and never "0." on one line and "5" on the next (ImGui's own
  // wrapping also breaks after '.' and ',').
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  const float width = std::max(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 4.0f);
  const std::string all(text);
  // A narrow side tile (the lecture layout's column at 1280×720) gives its plot the height: the
  // key takes one line, the rest in its tooltip (three lines of it left a 140 px plot).
  if (width < kNarrowPanelFonts * ImGui::GetFontSize() &&
      ImGui::CalcTextSize(all.c_str()).x > width) {
    const std::string line = elide_to_width(all, ImGui::GetFont(), width);
    ImGui::TextUnformatted(line.c_str());
    export_last_item_text(line.c_str(), ImGuiCol_TextDisabled);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", all.c_str());
    ImGui::PopStyleColor();
    return;
  }
  std::string line;
  std::size_t start = 0;
  while (start <= all.size()) {
    std::size_t end = all.find(' ', start);
    if (end == std::string::npos) end = all.size();
    const std::string word = all.substr(start, end - start);
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && ImGui::CalcTextSize(candidate.c_str()).x > width) {
      ImGui::TextUnformatted(line.c_str());
      export_last_item_text(line.c_str(), ImGuiCol_TextDisabled);
      line = word;
    } else {
      line = candidate;
    }
    start = end + 1;
  }
  if (!line.empty()) {
    ImGui::TextUnformatted(line.c_str());
    export_last_item_text(line.c_str(), ImGuiCol_TextDisabled);
  }
  ImGui::PopStyleColor();
}

bool has_chains(const ViewContext& context) {
  if (!context.snapshot || !context.snapshot->target) {
    note("Waiting for the engine…");
    return false;
  }
  if (context.snapshot->chains.empty()) {
    note("No chains yet: add one in the control panel.");
    return false;
  }
  return true;
}

bool has_target(const ViewContext& context) {
  if (!context.snapshot || !context.snapshot->target) {
    note("Waiting for the engine…");
    return false;
  }
  if (context.snapshot->chains.empty()) note("No chains yet: add one in the control panel.");
  return true;
}

void same_line_if_fits(const char* label) {
  // A checkbox or radio button: its square, a gap, and the label.
  same_line_if_fits(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x +
                    ImGui::CalcTextSize(label).x);
}

int clamped_coordinate(const ViewContext& context, int coordinate) {
  const int dim =
      context.snapshot && context.snapshot->target ? context.snapshot->target->dim() : 1;
  return std::clamp(coordinate, 0, std::max(dim - 1, 0));
}

std::string coordinate_name(const ViewContext& context, int coordinate) {
  if (!context.snapshot || !context.snapshot->target) return "θ";
  const std::vector<std::string> names = context.snapshot->target->coordinate_names();
  if (coordinate < 0 || coordinate >= static_cast<int>(names.size())) return "θ";
  return names[static_cast<std::size_t>(coordinate)];
}

void coordinate_combo(const ViewContext& context, const char* label, int& coordinate) {
  coordinate = clamped_coordinate(context, coordinate);
  if (!context.snapshot || !context.snapshot->target) return;
  const std::vector<std::string> names = context.snapshot->target->coordinate_names();
  if (names.size() <= 1) return;  // nothing to choose
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 6.5f);
  const std::string current = coordinate_name(context, coordinate);
  // The coordinate's name says what the combo holds: no label beside it, so narrow panel
  // headers keep one row (the label stays the widget's id).
  const std::string id = std::string("##") + label;
  const bool open = ImGui::BeginCombo(id.c_str(), current.c_str());
  if (ImGui::IsItemHovered() && !open) ImGui::SetTooltip("the coordinate this panel shows");
  if (open) {
    for (std::size_t k = 0; k < names.size(); ++k) {
      const bool selected = static_cast<int>(k) == coordinate;
      if (ImGui::Selectable(names[k].c_str(), selected)) coordinate = static_cast<int>(k);
      if (selected) ImGui::SetItemDefaultFocus();
    }
    ImGui::EndCombo();
  }
}

void readout_row(const std::vector<Readout>& entries, const char* caption,
                 const std::vector<std::string>& terms) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const float swatch = ImGui::GetFontSize() * 0.8f;
  const float right_edge = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  bool first = true;
  const float gap = ImGui::GetFontSize() * 1.2f;
  // Each entry named ("HMC 0.095") where the whole row has room: chips named only by their
  // colour were hard to tie to the legend strip on a slide.
  float named_width = caption != nullptr ? ImGui::CalcTextSize(caption).x : -gap;
  for (const Readout& entry : entries)
    named_width += gap + swatch + style.ItemInnerSpacing.x +
                   ImGui::CalcTextSize((entry.name + " " + entry.text).c_str()).x;
  const bool named = named_width <= ImGui::GetContentRegionAvail().x;
  const bool every_chain_named =
      named &&
      std::all_of(entries.begin(), entries.end(), [](const Readout& e) { return !e.name.empty(); });
  if (every_chain_named && !entries.empty()) plot::ExportKeyGiven();
  if (caption != nullptr) {
    views::caption(caption);
    glossary_tooltip_for_last_item(terms);
    first = false;
  }
  for (const Readout& original : entries) {
    Readout entry = original;
    if (named && !entry.name.empty()) entry.text = entry.name + " " + entry.text;
    const float width =
        swatch + style.ItemInnerSpacing.x + ImGui::CalcTextSize(entry.text.c_str()).x;
    if (!first) {
      ImGui::SameLine(0.0f, gap);
      // Wrap when this entry would run past the panel's right edge.
      if (ImGui::GetCursorScreenPos().x + width > right_edge) ImGui::NewLine();
    }
    first = false;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float line = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + 0.5f * (line - swatch)),
                                              ImVec2(at.x + swatch, at.y + 0.5f * (line + swatch)),
                                              entry.colour | 0xFF000000u);
    if (plot::Painter* painter = plot::GetPainterOverride()) {
      painter->fill_rect({at.x, at.y + 0.5f * (line - swatch)},
                         {at.x + swatch, at.y + 0.5f * (line + swatch)},
                         entry.colour | 0xFF000000u);
    }
    ImGui::Dummy(ImVec2(swatch, line));
    ImGui::SameLine(0.0f, style.ItemInnerSpacing.x);
    ImGui::TextUnformatted(entry.text.c_str());
    if (!named && !entry.name.empty() && ImGui::IsItemHovered())
      ImGui::SetTooltip("%s", entry.name.c_str());
    else
      glossary_tooltip_for_last_item(terms);
    export_last_item_text(entry.text.c_str(), ImGuiCol_Text);
  }
}

namespace {

std::string describe_change(const ParamValues& now, const ParamValues* before) {
  std::string text;
  char buffer[64];
  for (const auto& [name, value] : now) {
    if (before != nullptr) {
      const auto previous = before->find(name);
      if (previous != before->end() && previous->second == value) continue;
    }
    std::snprintf(buffer, sizeof(buffer), "%s%s = %g", text.empty() ? "" : ", ", name.c_str(),
                  value);
    text += buffer;
  }
  return text.empty() ? "(no change)" : text;
}

}  // namespace

void plot_param_changes(const ChainSnapshot& chain, plot::Colour colour) {
  const std::vector<ParamChange>& history = chain.param_history;
  if (history.empty()) return;
  std::vector<double> steps;
  std::vector<std::string> tooltips;
  steps.reserve(history.size());
  tooltips.reserve(history.size());
  for (std::size_t k = 0; k < history.size(); ++k) {
    // The change applies from step+1; mark the boundary between the two.
    steps.push_back(static_cast<double>(history[k].step) + 0.5);
    tooltips.push_back(
        chain_label(chain) + " from step " + std::to_string(history[k].step + 1) + ": " +
        describe_change(history[k].params, k > 0 ? &history[k - 1].params : nullptr));
  }
  const std::string label = "##changes" + std::to_string(chain.id);
  plot::VLines(label.c_str(), steps.data(), static_cast<int>(steps.size()),
               {.colour = plot::with_alpha(colour, 0.85f), .dashed = true}, tooltips.data());
}

void plot_divergences(const ChainSnapshot& chain) {
  if (chain.divergence_steps.empty()) return;
  // One marker per pixel column: a run with a million divergences costs no more to draw than
  // the plot is wide, and every column with any keeps its marker.
  const float left = plot::GetPlotAreaMin().x;
  const float right = plot::GetPlotAreaMax().x;
  const float font = ImGui::GetFontSize();
  const std::uint64_t bucket = std::max<std::uint64_t>(chain.divergence_bucket_width, 1);
  std::vector<double> steps;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;  // first and last step per mark
  std::vector<std::size_t> marks;
  // Groups the divergences into marks `pixels` wide.
  const auto group = [&](float pixels) {
    steps.clear();
    spans.clear();
    marks.clear();
    float last_column = -1.0f;
    for (std::uint64_t step : chain.divergence_steps) {
      const float px = plot::PlotToPixels(static_cast<double>(step), 0.0).x;
      if (px < left - 1.0f || px > right + 1.0f) continue;
      const float column = std::floor((px - left) / pixels);
      if (!steps.empty() && column == last_column) {
        spans.back().second = step + bucket - 1;
        ++marks.back();
        continue;
      }
      last_column = column;
      steps.push_back(static_cast<double>(step));
      spans.emplace_back(step, step + bucket - 1);
      marks.push_back(1);
    }
  };
  group(1.0f);
  // A few divergences get thin lines across the plot; more than one per two font widths (an
  // unstable chain diverging every few steps) would turn the plot red and hide the traces, so
  // then only tabs along the top edge say where, one per two font widths: adjacent tabs merged
  // into a solid red band across the plot (newcomer: "a red band").
  const bool dense = static_cast<float>(steps.size()) > (right - left) / (2.0f * font);
  if (dense) group(2.0f * font);
  std::vector<std::string> tooltips;
  tooltips.reserve(steps.size());
  const std::string name = chain_label(chain);
  for (std::size_t k = 0; k < steps.size(); ++k) {
    const auto [first, last] = spans[k];
    if (bucket == 1 && marks[k] == 1) {
      tooltips.push_back(name + ": divergence at step " + std::to_string(first));
    } else if (bucket == 1) {
      tooltips.push_back(name + ": " + std::to_string(marks[k]) + " divergences, steps " +
                         std::to_string(first) + "–" + std::to_string(last));
    } else {
      tooltips.push_back(name + ": divergences within steps " + std::to_string(first) + "–" +
                         std::to_string(last) + " (" + count_text(chain.divergence_marks_count) +
                         " in the run)");
    }
  }
  plot::VLines("divergence", steps.data(), static_cast<int>(steps.size()),
               {.colour = dense ? plot::theme().divergence
                                : plot::with_alpha(plot::theme().divergence, 0.55f),
                .thickness = 1.0f,
                .tabs_only = dense},
               tooltips.data());
}

void plot_field_bands(const char* label, const std::vector<float>& values, int n,
                      const Interval& x_box, const Interval& y_box, double value_lo,
                      double value_hi, const std::vector<double>& levels, ColourMap map,
                      bool invert) {
  if (n < 1 || values.size() < static_cast<std::size_t>(n) * static_cast<std::size_t>(n)) return;
  std::vector<double> edges{value_lo};
  for (double level : levels)
    if (level > edges.back() && level < value_hi) edges.push_back(level);
  edges.push_back(value_hi);
  const double range = std::max(value_hi - value_lo, 1e-30);
  // Below the lowest level the heatmap is the map's low end: white for light slate, so left out
  // (the plot's own background), a colour for viridis and for inverted fields.
  const bool low_end_shown = map == ColourMap::Viridis || invert;
  const auto colour_at = [&](double t) {
    return colour_map_colour(map, static_cast<float>(invert ? 1.0 - t : t));
  };
  std::vector<plot::Colour> cells(values.size(), 0);
  if (plot::GetPainterOverride() != nullptr && plot::GetPainterOverride()->draws_pixels()) {
    // A back end that embeds pictures (SVG) gets the shading smooth, as the screen draws it: the
    // colour map at each cell's value, smoothed between cells by the viewer.
    for (std::size_t c = 0; c < values.size(); ++c) {
      const double value = values[c];
      if (!(value >= value_lo)) {
        if (low_end_shown) cells[c] = colour_at(0.0);
        continue;
      }
      cells[c] = colour_at(std::min(1.0, (value - value_lo) / range));
    }
    plot::Pixels(label, cells, n, n, x_box.lo, x_box.hi, y_box.lo, y_box.hi);
    return;
  }
  // One colour per band: the colour map at the band's middle.
  std::vector<plot::Colour> band_colours;
  for (std::size_t k = 0; k + 1 < edges.size(); ++k)
    band_colours.push_back(colour_at((0.5 * (edges[k] + edges[k + 1]) - value_lo) / range));
  for (std::size_t c = 0; c < values.size(); ++c) {
    const double value = values[c];
    if (!(value >= value_lo)) {
      if (low_end_shown) cells[c] = band_colours.front();
      continue;
    }
    const auto band =
        std::upper_bound(edges.begin() + 1, edges.end() - 1, value) - edges.begin() - 1;
    cells[c] = band_colours[static_cast<std::size_t>(band)];
  }
  plot::Cells(label, cells, n, n, x_box.lo, x_box.hi, y_box.lo, y_box.hi);
}

bool fits_axes(const ViewContext& context, const ChainSnapshot& chain) {
  if (!chain.stopped || context.settings->fit_stopped_chains) return true;
  // With every chain stopped there is nothing else to fit: show them.
  return std::all_of(context.snapshot->chains.begin(), context.snapshot->chains.end(),
                     [](const ChainSnapshot& other) { return other.stopped; });
}

void stopped_chains_toggle(ViewContext& context, bool same_line) {
  const auto& chains = context.snapshot->chains;
  const bool any_stopped = std::any_of(chains.begin(), chains.end(),
                                       [](const ChainSnapshot& chain) { return chain.stopped; });
  if (!any_stopped) return;
  if (same_line) same_line_if_fits("include stopped chains");
  ImGui::Checkbox("include stopped chains", &context.settings->fit_stopped_chains);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Fit the y range to stopped (diverged) chains too: their runaway values usually "
        "flatten every other chain's trace");
}

std::size_t recent_rows(const ChainSnapshot& chain) {
  if (chain.dim <= 0) return 0;
  return chain.recent_theta.size() / static_cast<std::size_t>(chain.dim);
}

std::size_t trail_start(const ChainSnapshot& chain, int trail_length) {
  const std::size_t rows = recent_rows(chain);
  const std::size_t wanted = static_cast<std::size_t>(std::max(trail_length, 2));
  return rows > wanted ? rows - wanted : 0;
}

bool step_extent(const DecimatedSeries& series, double& lo, double& hi) {
  if (series.buckets.empty()) return false;
  const double first = static_cast<double>(series.buckets.front().first_step);
  const double last = static_cast<double>(series.buckets.back().first_step) +
                      static_cast<double>(std::max<std::uint64_t>(series.bucket_width, 1) - 1);
  lo = std::min(lo, first);
  hi = std::max(hi, last);
  return true;
}

std::string count_text(std::uint64_t value) {
  // Thin spaces between thousands: 1 328 857 reads at a glance, 1.329e+06 does not.
  std::string digits = std::to_string(value);
  std::string text;
  for (std::size_t k = 0; k < digits.size(); ++k) {
    if (k > 0 && (digits.size() - k) % 3 == 0) text += "\u2009";
    text += digits[k];
  }
  return text;
}

std::string compact_number(double value, int significant) {
  if (!std::isfinite(value)) return "—";
  char buffer[48];
  const double magnitude = std::abs(value);
  if (magnitude != 0.0 && (magnitude >= 1e6 || magnitude < 1e-3)) {
    std::snprintf(buffer, sizeof(buffer), "%.*e", std::max(significant - 1, 0), value);
  } else if (magnitude >= std::pow(10.0, significant)) {
    std::snprintf(buffer, sizeof(buffer), "%.0f", value);  // 12345, not 1.23e+04
  } else {
    std::snprintf(buffer, sizeof(buffer), "%.*g", std::max(significant, 1), value);
  }
  return buffer;
}

int texture_size(float pixels) {
  constexpr int kStep = 128;
  const int rounded = (static_cast<int>(pixels) / kStep + 1) * kStep;
  return std::clamp(rounded, kStep, 2048);
}

std::vector<const ChannelDescriptor*> declared_channels(const EngineSnapshot& snapshot,
                                                        bool ChannelDescriptor::*flag) {
  std::vector<const ChannelDescriptor*> found;
  for (const ChainSnapshot& chain : snapshot.chains)
    for (const ChannelDescriptor& channel : chain.channels)
      if (channel.*flag && std::none_of(found.begin(), found.end(),
                                        [&](const auto* known) { return known->id == channel.id; }))
        found.push_back(&channel);
  return found;
}

std::optional<OffPlotArrow> arrow_to_point_off_plot(double x, double y, const plot::DataRect& box,
                                                    double tail, double tip,
                                                    const plot::ItemStyle& style, bool halo) {
  const double half_w = 0.5 * (box.x_hi - box.x_lo), half_h = 0.5 * (box.y_hi - box.y_lo);
  if (!(half_w > 0.0) || !(half_h > 0.0)) return std::nullopt;
  const double cx = 0.5 * (box.x_lo + box.x_hi), cy = 0.5 * (box.y_lo + box.y_hi);
  const bool finite = std::isfinite(x) && std::isfinite(y);
  // In units of the box's half-sizes from its centre: beyond 1 on either axis is outside.
  const double u = finite ? (x - cx) / half_w : 0.0, v = finite ? (y - cy) / half_h : 1.0;
  const double reach = std::max(std::abs(u), std::abs(v));
  if (finite && reach <= 1.0) return std::nullopt;
  const double ux = u / reach, vy = v / reach;  // on the box's edge
  OffPlotArrow arrow{cx + tail * ux * half_w, cy + tail * vy * half_h, ux > 0.0, vy > 0.0};
  const double dx = (tip - tail) * ux * half_w, dy = (tip - tail) * vy * half_h;
  if (halo) {
    plot::ItemStyle dark = style;
    dark.colour = plot::rgba(0, 0, 0, 170);
    dark.thickness = style.thickness + 3.0f;
    plot::Arrow("##off-plot halo", arrow.tail_x, arrow.tail_y, dx, dy, dark);
  }
  plot::Arrow("##off-plot", arrow.tail_x, arrow.tail_y, dx, dy, style);
  return arrow;
}

}  // namespace sgl::views
