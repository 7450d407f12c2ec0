// Per-chain numbers in one table: work done (steps, gradient evaluations, data passes),
// throughput, acceptance, τ̂ (signed samplers' positive-sign fraction), efficiency (ESS, ESS per
// 1000 gradient evaluations), distance to the truth, divergences and status. Every ratio guards its
// denominator: a fresh chain shows "—".
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "gui/glossary.hpp"
#include "gui/ui_probe.hpp"
#include "gui/views/view_helpers.hpp"
#include "gui/views/views.hpp"
#include "targets/target.hpp"

namespace sgl {
namespace {

constexpr ImU32 kStopColour = IM_COL32(255, 90, 90, 255);
const char* const kDash = "—";

double ratio(double numerator, double denominator) {
  return denominator > 0.0 ? numerator / denominator : std::numeric_limits<double>::quiet_NaN();
}

void cell(const std::string& text) {
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(text.c_str());
}

void number_cell(double value, int significant = 3) {
  cell(views::compact_number(value, significant));
}

// τ̂ = the fraction of positive likelihood estimates (signed samplers), else a dash.
void sign_cell(const SamplerCounters& counters) {
  if (counters.sign_total == 0) {
    cell(kDash);
    return;
  }
  number_cell(
      ratio(static_cast<double>(counters.sign_positive), static_cast<double>(counters.sign_total)));
}

void header_with_definition(const char* name, const char* term) {
  ImGui::TableNextColumn();
  ImGui::TableHeader(name);
  glossary_tooltip_for_last_item(term);
}

void chain_cell(const ViewContext& context, const ChainSnapshot& chain) {
  ImGui::TableNextColumn();
  const float size = ImGui::GetFontSize() * 0.8f;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float line = ImGui::GetTextLineHeight();
  ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(at.x, at.y + 0.5f * (line - size)),
                                            ImVec2(at.x + size, at.y + 0.5f * (line + size)),
                                            views::chain_colour(context, chain) | 0xFF000000u);
  ImGui::Dummy(ImVec2(size, line));
  ImGui::SameLine();
  ImGui::TextUnformatted(views::chain_label(chain).c_str());
  ui_probe::record_text("metrics/label/" + std::to_string(chain.id), views::chain_label(chain));
  if (!chain.enabled) {
    ImGui::SameLine();
    ImGui::TextDisabled("(off)");
  }
}

void status_cell(const ChainSnapshot& chain, bool engine_running) {
  ImGui::TableNextColumn();
  if (chain.stopped) {
    ImGui::PushStyleColor(ImGuiCol_Text, kStopColour);
    const std::string text = "stopped: " + chain.stop_reason;
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text.c_str());
  } else if (!chain.enabled) {
    ImGui::TextDisabled("disabled");
  } else {
    ImGui::TextUnformatted(engine_running ? "running" : "paused");
  }
}

}  // namespace

void show_metrics_view(ViewContext& context) {
  if (!views::has_chains(context)) return;
  const EngineSnapshot& snapshot = *context.snapshot;
  const int coordinate = views::clamped_coordinate(context, context.settings->coordinate);
  const auto index = static_cast<std::size_t>(coordinate);
  const std::string selected = views::coordinate_name(context, coordinate);
  const double cost =
      static_cast<double>(std::max<std::int64_t>(snapshot.target->evaluation_cost(), 1));

  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY;
  constexpr int kColumns = 15;
  // The convergence block below keeps its height; the table scrolls in the rest.
  const float below = convergence_view_height(context);
  if (!ImGui::BeginTable("##metrics", kColumns, flags, ImVec2(0.0f, -below))) return;
  ImGui::TableSetupScrollFreeze(1, 1);
  const std::string ess_selected = "ESS " + selected;
  // Each header's tooltip is its glossary definition (the glossary term where it differs).
  struct Column {
    const char* name;
    const char* term;
  };
  const Column columns[kColumns] = {
      {"chain", "chain"},
      {"steps", "steps"},
      {"steps/s", "steps/s"},
      {"grad evals", "grad evals"},
      {"data passes", "data passes"},
      {"accept", "accept"},
      {"τ̂", "τ̂"},
      {"mean α", "mean α"},
      {"ESS min", "ESS min"},
      {ess_selected.c_str(), "ESS"},
      {"ESS/1k grad", "ESS/1k grad"},
      {"TV", "TV"},
      {"KL", "KL"},
      {"diverg.", "divergences"},
      {"status", "status"},
  };
  for (const Column& column : columns) ImGui::TableSetupColumn(column.name);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (const Column& column : columns) header_with_definition(column.name, column.term);

  for (const ChainSnapshot& chain : snapshot.chains) {
    const SamplerCounters& counters = chain.counters;
    ImGui::TableNextRow();
    ImGui::PushID(chain.id);
    chain_cell(context, chain);
    cell(views::count_text(counters.steps));
    const double speed = chain.recent_steps_per_second;
    cell(std::isfinite(speed) && speed >= 0.0
             ? views::count_text(static_cast<std::uint64_t>(std::llround(speed)))
             : kDash);
    cell(views::count_text(counters.gradient_evaluations));
    const double passes = ratio(
        static_cast<double>(counters.gradient_evaluations + counters.density_evaluations), cost);
    if (passes >= 1000.0) {
      cell(views::count_text(static_cast<std::uint64_t>(std::llround(passes))));
    } else {
      number_cell(passes);
    }
    // The auxiliary chain's acceptance (EWSG's index chain, HMC-ECS's subsample update u) is
    // shown beside the main one: the papers report both.
    const std::string auxiliary =
        counters.aux_proposals > 0
            ? views::compact_number(ratio(static_cast<double>(counters.aux_accepts),
                                          static_cast<double>(counters.aux_proposals)))
            : std::string();
    if (counters.mh_proposals > 0) {
      const std::string main_rate = views::compact_number(ratio(
          static_cast<double>(counters.mh_accepts), static_cast<double>(counters.mh_proposals)));
      cell(auxiliary.empty() ? main_rate : main_rate + " (u " + auxiliary + ")");
      sign_cell(counters);
      number_cell(ratio(counters.accept_prob_sum, static_cast<double>(counters.mh_proposals)));
    } else {
      cell(auxiliary.empty() ? std::string(kDash) : "index " + auxiliary);
      sign_cell(counters);
      cell(kDash);
    }
    const double ess_min = chain.ess.empty()
                               ? std::numeric_limits<double>::quiet_NaN()
                               : *std::min_element(chain.ess.begin(), chain.ess.end());
    number_cell(ess_min);
    number_cell(index < chain.ess.size() ? chain.ess[index]
                                         : std::numeric_limits<double>::quiet_NaN());
    number_cell(ratio(1000.0 * ess_min, static_cast<double>(counters.gradient_evaluations)));
    if (chain.has_truth && counters.steps > 0) {
      number_cell(chain.tv, 2);
      number_cell(chain.kl, 2);
    } else {
      cell(kDash);
      cell(kDash);
    }
    ImGui::TableNextColumn();
    if (counters.divergences > 0) {
      ImGui::TextColored(ImVec4(1.0f, 0.35f, 0.35f, 1.0f), "%llu",
                         static_cast<unsigned long long>(counters.divergences));
    } else {
      ImGui::TextUnformatted("0");
    }
    status_cell(chain, snapshot.running);
    ImGui::PopID();
  }
  ImGui::EndTable();
  show_convergence_view(context);
}

}  // namespace sgl
