// Per-chain numbers in one table: work done (steps, gradient evaluations, data passes),
// throughput, acceptance, one column per info channel the chains' samplers declare for it
// (sampler_channels.hpp: HMC-ECS's α_u, signed HMC-ECS's τ̂, EWSG's index acceptance α_I, ...),
// efficiency (ESS, ESS per 1000 gradient evaluations), distance to the truth, divergences and
// status. Every ratio guards its denominator: a fresh chain shows "—".
// The table never scrolls sideways: columns that say nothing for these chains (a channel no
// chain declares, TV/KL without a truth) are left out, and when the panel is narrow the least
// important columns are dropped (util/column_fit.hpp) and listed, with their values, in the
// tooltip of each chain's name.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>

#include "app/gui/panels/glossary.hpp"
#include "app/gui/panels/metric_columns.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/shell/headline_bar.hpp"
#include "app/gui/shell/ui_palette.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/column_fit.hpp"
#include "core/plot/contrast.hpp"
#include "core/plot/label_elision.hpp"
#include "core/targets/target.hpp"

namespace sgl {
namespace {

// Chain names wrap beyond this many font sizes, so one long label does not widen the table.
constexpr float kChainColumnEms = 8.0f;
// With fewer metric columns than this the table says too little: chains become cards.
constexpr int kFewestTableColumns = 4;

float text_width(const std::string& text) {
  return ImGui::CalcTextSize(text.c_str()).x;
}

ColumnNeed column_need(const MetricColumn& column) {
  float widest = text_width(column.header);
  for (const MetricCell& cell : column.cells) widest = std::max(widest, text_width(cell.text));
  const float padding = 2.0f * ImGui::GetStyle().CellPadding.x + 1.0f;  // + the border
  return {widest + padding, column.keep_rank};
}

float chain_column_width(const EngineSnapshot& snapshot) {
  float widest = text_width("chain");
  for (const ChainSnapshot& chain : snapshot.chains)
    widest = std::max(widest, text_width(views::chain_label(chain)));
  const float swatch = ImGui::GetFontSize() * 0.8f + ImGui::GetStyle().ItemSpacing.x;
  return std::min(widest, ImGui::GetFontSize() * kChainColumnEms) + swatch;
}

// The glossary's definition of the column's term, or the column's own (a declared channel's).
void column_tooltip_for_last_item(const MetricColumn& column) {
  if (*glossary_definition(column.term) != '\0' || column.definition.empty())
    glossary_tooltip_for_last_item(column.term);
  else if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", column.definition.c_str());
}

void header_with_definition(const char* name, const char* term) {
  ImGui::TableNextColumn();
  ImGui::TableHeader(name);
  glossary_tooltip_for_last_item(term);
}

void column_header(const MetricColumn& column) {
  ImGui::TableNextColumn();
  ImGui::TableHeader(column.header.c_str());
  column_tooltip_for_last_item(column);
}

// The dropped columns' values for one chain, for the tooltip of its name.
std::string dropped_values(const std::vector<MetricColumn>& columns, const std::vector<bool>& shown,
                           std::size_t row) {
  std::string text;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (shown[c]) continue;
    text += (text.empty() ? "" : "\n") + columns[c].header + ": " + columns[c].cells[row].text;
  }
  return text;
}

// The chain's colour swatch and its (wrapping) label, with `hidden_values` as its tooltip.
void chain_cell_contents(const ViewContext& context, const ChainSnapshot& chain,
                         const std::string& hidden_values) {
  const float size = ImGui::GetFontSize() * 0.8f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + 0.5f * (line - size)),
                                            ImVec2(at.x + size, at.y + 0.5f * (line + size)),
                                            views::chain_colour(context, chain) | 0xFF000000u);
  ImGui::Dummy(ImVec2(size, line));
  ImGui::SameLine();
  const std::string label = views::chain_label(chain);
  // Long labels wrap inside the column instead of widening the table.
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted(label.c_str());
  ImGui::PopTextWrapPos();
  ui_probe::record_text("metrics/label/" + std::to_string(chain.id), label);
  if (!hidden_values.empty() && ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", hidden_values.c_str());
  if (!chain.enabled) ImGui::TextDisabled("(off)");
}

void chain_cell(const ViewContext& context, const ChainSnapshot& chain,
                const std::string& hidden_values) {
  ImGui::TableNextColumn();
  chain_cell_contents(context, chain, hidden_values);
}

void metric_cell(const MetricCell& cell) {
  ImGui::TableNextColumn();
  if (cell.colour != 0) ImGui::PushStyleColor(ImGuiCol_Text, cell.colour);
  ImGui::TextUnformatted(cell.text.c_str());
  if (cell.colour != 0) ImGui::PopStyleColor();
  if (!cell.tooltip.empty() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(cell.tooltip.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

// The columns every card shows, most important first: each that fits on every chain's card
// (`value_lines` lines of `room` px from the indent, or the rest of the name's line when
// `one_line`), so each card names the same figures and the cards read down like a table (each
// chain showing its own best figures made HMC say "exact", SGLD "ESS 5" and another "TV 0.1").
// A column no chain has a value in is left out.
std::vector<std::size_t> common_card_columns(const std::vector<std::size_t>& order,
                                             const std::vector<MetricColumn>& columns,
                                             const std::vector<float>& first_line_start, float room,
                                             int value_lines, bool one_line, float gap) {
  const auto width = [&](std::size_t c, std::size_t row) {
    return ImGui::CalcTextSize(columns[c].card_text(row).c_str()).x;
  };
  std::vector<std::size_t> chosen;
  for (const std::size_t c : order) {
    bool any_value = false;
    for (const MetricCell& cell : columns[c].cells)
      any_value = any_value || cell.text != kMetricDash;
    if (!any_value) continue;
    std::vector<std::size_t> trial = chosen;
    trial.push_back(c);
    bool fits_every_card = true;
    for (std::size_t row = 0; row < first_line_start.size() && fits_every_card; ++row) {
      float x = one_line ? first_line_start[row] : 0.0f;
      int line = 0;
      bool first = true;
      for (const std::size_t t : trial) {
        const float w = width(t, row);
        if (first && !one_line) {
          x = w;  // the first figure opens the first line under the name
        } else if (x + gap + w <= room) {
          x += gap + w;
        } else if (one_line || line + 1 >= value_lines) {
          fits_every_card = false;
          break;
        } else {
          ++line;
          x = w;
        }
        first = false;
      }
    }
    if (!fits_every_card) continue;  // too wide beside the others: a narrower one may fit
    chosen = std::move(trial);
  }
  return chosen;
}

// A panel too narrow for a useful table (a lecture layout's side column) lists each chain as a
// compact card: its name, then its numbers, most important first, on as many lines as the
// panel's height leaves every chain (down to one line: name and numbers side by side), so every
// chain is on screen without scrolling. What does not fit is in the name's tooltip.
void show_metric_cards(const ViewContext& context, const std::vector<MetricColumn>& columns,
                       float below) {
  const EngineSnapshot& snapshot = *context.snapshot;
  std::vector<std::size_t> order(columns.size());
  for (std::size_t c = 0; c < order.size(); ++c) order[c] = c;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return columns[a].keep_rank > columns[b].keep_rank;
  });
  const ImGuiStyle& style = ImGui::GetStyle();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float chains = static_cast<float>(std::max<std::size_t>(snapshot.chains.size(), 1));
  if (!ImGui::BeginChild("##metric_cards", ImVec2(0.0f, -below))) {
    ImGui::EndChild();
    return;
  }
  // Lines per card; a separator (ItemSpacing.y + 1 px) between cards of three lines or more.
  const float per_card = ImGui::GetContentRegionAvail().y / chains;
  const bool separated = per_card >= 3.0f * line + 1.0f + style.ItemSpacing.y;
  const int lines = std::max(
      1, static_cast<int>(
             std::floor((per_card - (separated ? 1.0f + style.ItemSpacing.y : 0.0f)) / line)));
  const bool one_line = lines == 1;
  const int value_lines = one_line ? 1 : std::min(lines - 1, 4);
  const float left_edge = ImGui::GetCursorScreenPos().x;
  const float right_edge = left_edge + ImGui::GetContentRegionAvail().x;
  const float gap = ImGui::CalcTextSize("  ").x;
  const float swatch = ImGui::GetFontSize() * 0.8f + style.ItemSpacing.x;
  const auto measure = [](const std::string& text) { return ImGui::CalcTextSize(text.c_str()).x; };
  // Where a one-line card's figures would start: after its swatch and name, a long name cut to
  // 5 em (the figures then sit at one x, right-aligned, like a table's column).
  std::vector<float> after_name;
  for (const ChainSnapshot& chain : snapshot.chains)
    after_name.push_back(swatch +
                         std::min(measure(views::chain_label(chain)), 5.0f * ImGui::GetFontSize()));
  const float room = right_edge - left_edge - (one_line ? 0.0f : style.IndentSpacing);
  const std::vector<std::size_t> shown =
      common_card_columns(order, columns, after_name, room, value_lines, one_line, gap);
  // One-line cards with one figure read as a column: its name only on the first card, each
  // value right-aligned (the names keep the room: "naive SGHMC + MH" and "naive SGHMC" were both
  // cut to "naive SGH…" beside "ESS min").
  const bool one_column = one_line && shown.size() == 1;
  const auto figures_text = [&](std::size_t c, std::size_t row) {
    return one_column && row > 0 ? columns[c].cells[row].text : columns[c].card_text(row);
  };
  std::vector<float> figures_x(snapshot.chains.size(), right_edge);
  if (one_line)
    for (std::size_t row = 0; row < snapshot.chains.size(); ++row) {
      float width = 0.0f;
      for (const std::size_t c : shown)
        width += (width > 0.0f ? gap : 0.0f) + measure(figures_text(c, row));
      figures_x[row] = right_edge - width;
    }
  for (std::size_t row = 0; row < snapshot.chains.size(); ++row) {
    const ChainSnapshot& chain = snapshot.chains[row];
    ImGui::PushID(chain.id);
    ImGui::BeginGroup();
    // The swatch and the name, on one line (elided with "…", never inside a number).
    const float size = ImGui::GetFontSize() * 0.8f;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float text_line = ImGui::GetTextLineHeight();
    ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + 0.5f * (text_line - size)),
                                              ImVec2(at.x + size, at.y + 0.5f * (text_line + size)),
                                              views::chain_colour(context, chain) | 0xFF000000u);
    ImGui::Dummy(ImVec2(size, text_line));
    ImGui::SameLine();
    const std::string label = views::chain_label(chain) + (chain.enabled ? "" : " (off)");
    // The name in full on its row (cut only when longer than the whole row: "signed HMC-ECS"
    // was cut to "signed HM…" to make room for a number); the figures that no longer fit
    // beside it are in its tooltip.
    const float label_room =
        (one_line && !shown.empty() ? figures_x[row] - gap : right_edge) - left_edge - swatch;
    const std::string drawn_label = elide_to_width(label, label_room, measure);
    ImGui::TextUnformatted(drawn_label.c_str());
    ui_probe::record_text_box();
    ui_probe::record_text("metrics/label/" + std::to_string(chain.id), views::chain_label(chain));
    ui_probe::record_text("metrics/label_drawn/" + std::to_string(chain.id), drawn_label);
    const bool label_hovered = ImGui::IsItemHovered();
    {  // The figures this card names, for a window test: the same on every card.
      std::string fields;
      for (const std::size_t c : shown) fields += (fields.empty() ? "" : ",") + columns[c].header;
      ui_probe::record_text("metrics/card_fields/" + std::to_string(chain.id), fields);
    }
    if (!one_line) ImGui::Indent();
    std::string left_out;
    int line_number = 0;
    bool first = true;
    for (const std::size_t c : order) {
      const MetricColumn& column = columns[c];
      const MetricCell& cell = column.cells[row];
      const bool on_every_card = std::find(shown.begin(), shown.end(), c) != shown.end();
      if (!on_every_card) {
        if (cell.text != kMetricDash)
          left_out += (left_out.empty() ? "" : "\n") + column.header + ": " + cell.text;
        continue;
      }
      const float width = measure(column.card_text(row));
      const bool fits_here = ImGui::GetItemRectMax().x + gap + width <= right_edge;
      if (one_line && first) {
        ImGui::SameLine(figures_x[row] - ImGui::GetWindowPos().x + ImGui::GetScrollX());
      } else if (one_line || !first) {
        if (fits_here) {
          ImGui::SameLine(0.0f, gap);
        } else if (one_line || line_number + 1 >= value_lines) {
          left_out += (left_out.empty() ? "" : "\n") + column.header + ": " + cell.text;
          continue;
        } else {
          ++line_number;
        }
      }
      first = false;
      ImGui::BeginGroup();
      if ((!one_column || row == 0) && !column.value_only_on_cards) {
        ImGui::TextDisabled("%s", column.header.c_str());
        ImGui::SameLine(0.0f, ImGui::CalcTextSize(" ").x);
      }
      if (cell.colour != 0) ImGui::PushStyleColor(ImGuiCol_Text, cell.colour);
      ImGui::TextUnformatted(cell.text.c_str());
      if (cell.colour != 0) ImGui::PopStyleColor();
      ImGui::EndGroup();
      if (ImGui::IsItemHovered()) {
        if (cell.tooltip.empty())
          column_tooltip_for_last_item(column);
        else
          ImGui::SetTooltip("%s", cell.tooltip.c_str());
      }
    }
    if (label_hovered)
      ImGui::SetTooltip("%s%s%s", views::chain_label(chain).c_str(), left_out.empty() ? "" : "\n",
                        left_out.c_str());
    if (!one_line) ImGui::Unindent();
    ImGui::EndGroup();
    // Every card's rectangle: a window test checks that all of them lie inside the panel.
    ui_probe::record_last_item("metrics/card/" + std::to_string(chain.id));
    if (separated) ImGui::Separator();
    ImGui::PopID();
  }
  ImGui::EndChild();
}

// The per-chain table, fitted to the panel's width.
void show_metrics_table(const ViewContext& context, float below) {
  const EngineSnapshot& snapshot = *context.snapshot;
  const std::vector<MetricColumn> columns = metric_columns(context);
  const float chain_width = chain_column_width(snapshot);
  std::vector<ColumnNeed> needs{
      {chain_width + 2.0f * ImGui::GetStyle().CellPadding.x + 1.0f, kAlwaysKept}};
  for (const MetricColumn& column : columns) needs.push_back(column_need(column));
  // The vertical scroll bar appears with many chains: leave room for it.
  const float available = ImGui::GetContentRegionAvail().x - ImGui::GetStyle().ScrollbarSize;
  std::vector<bool> shown(columns.size(), false);
  for (const std::size_t kept : fit_columns(needs, available))
    if (kept > 0) shown[kept - 1] = true;
  const int shown_count = static_cast<int>(std::count(shown.begin(), shown.end(), true));
  if (shown_count < std::min<int>(kFewestTableColumns, static_cast<int>(columns.size()))) {
    show_metric_cards(context, columns, below);
    return;
  }

  // ScrollX only matters when even the kept columns overflow (a very narrow panel).
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY;
  // As tall as its rows (wrapped names included), at most the panel: a table stretched to the
  // panel's height drew empty bordered rows under the last chain.
  const ImGuiStyle& style = ImGui::GetStyle();
  const float row = ImGui::GetTextLineHeight() + 2.0f * style.CellPadding.y;
  const float swatch = ImGui::GetFontSize() * 0.8f + style.ItemSpacing.x;
  float rows_height = row + 2.0f;  // the header and the outer borders
  for (const ChainSnapshot& chain : snapshot.chains) {
    const float label = text_width(views::chain_label(chain));
    const float lines = std::max(1.0f, std::ceil(label / std::max(chain_width - swatch, 1.0f)));
    rows_height += row + (lines - 1.0f) * ImGui::GetTextLineHeight() + (chain.enabled ? 0.0f : row);
  }
  const std::size_t dropped = columns.size() - std::size_t(shown_count);
  // A line under the table names the columns left out, in words ("chain +7" puzzled newcomers).
  const float footnote = dropped > 0 ? ImGui::GetTextLineHeightWithSpacing() : 0.0f;
  const float table_height =
      std::min(rows_height, ImGui::GetContentRegionAvail().y - below - footnote);
  if (!ImGui::BeginTable("##metrics", 1 + shown_count, flags, ImVec2(0.0f, table_height))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  ImGui::TableSetupColumn("chain", ImGuiTableColumnFlags_WidthFixed, chain_width);
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (shown[c]) ImGui::TableSetupColumn(columns[c].header.c_str());
  // Each header's tooltip is its glossary definition.
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  header_with_definition("chain", "chain");
  for (std::size_t c = 0; c < columns.size(); ++c)
    if (shown[c]) column_header(columns[c]);
  for (std::size_t row = 0; row < snapshot.chains.size(); ++row) {
    const ChainSnapshot& chain = snapshot.chains[row];
    ImGui::TableNextRow();
    ImGui::PushID(chain.id);
    chain_cell(context, chain, dropped_values(columns, shown, row));
    for (std::size_t c = 0; c < columns.size(); ++c)
      if (shown[c]) metric_cell(columns[c].cells[row]);
    ImGui::PopID();
  }
  ImGui::EndTable();
  if (dropped > 0) {
    std::string names;
    for (std::size_t c = 0; c < columns.size(); ++c)
      if (!shown[c]) names += (names.empty() ? "" : ", ") + columns[c].header;
    const std::string line = std::to_string(dropped) + " more column" + (dropped > 1 ? "s" : "") +
                             " (" + names + "): widen the panel, or hover a chain's name";
    ImGui::TextDisabled(
        "%s", elide_to_width(line, ImGui::GetFont(), ImGui::GetContentRegionAvail().x).c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", line.c_str());
    ui_probe::record_text("metrics/hidden_columns", line);
  }
}

}  // namespace

void show_metrics_view(ViewContext& context) {
  if (!views::has_chains(context)) return;
  // The convergence block below keeps its height; the table (or the cards) use the rest.
  show_metrics_table(context, convergence_view_height(context));
  show_convergence_view(context);
}

}  // namespace sgl
