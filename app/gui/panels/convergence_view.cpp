// The Metrics panel's "Convergence" block: rank-normalised split-R̂ and bulk/tail ESS of every
// sampler with two or more running chains (computed by the engine's worker, see
// run/live_group_convergence.hpp), and a warning for signed HMC-ECS chains whose mean sign is
// low. Two rows per group: the selected coordinate, and the worst over all coordinates (largest
// R̂, smallest ESS), so a 31-coefficient regression still fits in a few lines.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/gui/panels/convergence_view.hpp"
#include "app/gui/panels/glossary.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/shell/ui_palette.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/experiment.hpp"
#include "core/run/run_summary.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

constexpr const char* kNoConvergenceAdvice = "R̂: duplicate a chain to compare";

constexpr ImU32 kAmber = palette::kWarning;
constexpr ImU32 kRed = palette::kAlarm;
// R̂ beyond this is shown red rather than amber: the chains clearly sample different regions.
constexpr double kRhatAlarm = 1.1;

// The tally of a signed chain's DrawSign channel (counting positive signs); null for others.
const ChannelTally* sign_tally(const ChainSnapshot& chain) {
  const int channel = find_channel(chain.channels, ChannelRole::DrawSign);
  if (channel < 0 || std::size_t(channel) >= kMaxChannels) return nullptr;
  return &chain.counters.channels[std::size_t(channel)];
}

// s̄ = 2τ̂ − 1 of a signed chain's tally (NaN before the first iteration).
double mean_sign(const ChannelTally& signs) {
  if (signs.count == 0) return std::numeric_limits<double>::quiet_NaN();
  return (2.0 * signs.sum - double(signs.count)) / double(signs.count);
}

// Iterations before a chain's mean sign is judged: a fresh chain's first few signs say little
// (one negative first estimate would read s̄ = −1).
constexpr std::uint64_t kSignIterationsBeforeWarning = 50;

std::vector<const ChainSnapshot*> low_sign_chains(const EngineSnapshot& snapshot) {
  std::vector<const ChainSnapshot*> low;
  for (const ChainSnapshot& chain : snapshot.chains) {
    const ChannelTally* signs = sign_tally(chain);
    if (signs != nullptr && signs->count >= kSignIterationsBeforeWarning &&
        mean_sign(*signs) < kSmallMeanSign)
      low.push_back(&chain);
  }
  return low;
}

// Named after its first chain: two groups may share a sampler (with other settings).
std::string group_name(const GroupConvergence& group) {
  const SamplerInfo* info = find_sampler_info(group.sampler_id);
  const std::string first = !group.labels.empty() ? group.labels.front()
                            : info                ? info->short_name
                                                  : group.sampler_id;
  return first + " ×" + std::to_string(group.labels.size());
}

void rhat_cell(double rhat) {
  ImGui::TableNextColumn();
  const std::string text = views::compact_number(rhat, 4);
  if (!(rhat > kRhatWarning)) {
    ImGui::TextUnformatted(text.c_str());
    glossary_tooltip_for_last_item("R̂");
    return;
  }
  ImGui::PushStyleColor(ImGuiCol_Text, rhat > kRhatAlarm ? kRed : kAmber);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopStyleColor();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "R̂ %s > 1.01: the chains disagree — they have not mixed yet, or sample different "
        "regions (e.g. one is trapped). Run longer or look at the traces.",
        text.c_str());
}

void ess_cell(double ess) {
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(views::compact_number(ess, 3).c_str());
}

void header_row(const char* const* headers, const char* const* terms, int count) {
  for (int c = 0; c < count; ++c) ImGui::TableSetupColumn(headers[c]);
  ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
  for (int c = 0; c < count; ++c) {
    ImGui::TableNextColumn();
    ImGui::TableHeader(headers[c]);
    glossary_tooltip_for_last_item(terms[c]);
  }
}

void group_row(const char* group, const std::string& members, const std::string& coordinate,
               const ConvergenceDiagnostics& d) {
  ImGui::TableNextRow();
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(group);
  if (!members.empty() && ImGui::IsItemHovered())
    ImGui::SetTooltip("Chains pooled: %s", members.c_str());
  ImGui::TableNextColumn();
  ImGui::TextUnformatted(coordinate.c_str());
  rhat_cell(d.rhat);
  ess_cell(d.ess_bulk);
  ess_cell(d.ess_tail);
}

// Largest R̂ and smallest ESS over the coordinates (NaN only if every coordinate is NaN).
ConvergenceDiagnostics worst(const std::vector<ConvergenceDiagnostics>& coordinates) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  ConvergenceDiagnostics result{nan, nan, nan};
  for (const ConvergenceDiagnostics& d : coordinates) {
    if (std::isfinite(d.rhat) && !(d.rhat <= result.rhat)) result.rhat = d.rhat;
    if (std::isfinite(d.ess_bulk) && !(d.ess_bulk >= result.ess_bulk)) result.ess_bulk = d.ess_bulk;
    if (std::isfinite(d.ess_tail) && !(d.ess_tail >= result.ess_tail)) result.ess_tail = d.ess_tail;
  }
  return result;
}

}  // namespace

// Rows of the group table: a header, and per group the selected coordinate and the worst.
float group_table_height(const EngineSnapshot& snapshot) {
  const bool one_coordinate = snapshot.target && snapshot.target->dim() == 1;
  return ImGui::GetFrameHeight() *
         float(1 + snapshot.convergence.size() * (one_coordinate ? 1 : 2));
}

float convergence_view_height(const ViewContext& context) {
  if (!context.snapshot) return 0.0f;
  const EngineSnapshot& snapshot = *context.snapshot;
  const float line = ImGui::GetTextLineHeightWithSpacing();
  float height = line + ImGui::GetStyle().ItemSpacing.y;  // caption
  if (snapshot.convergence.empty())                       // the advice wraps in a narrow column
    height =
        ImGui::CalcTextSize(kNoConvergenceAdvice, nullptr, false, ImGui::GetContentRegionAvail().x)
            .y +
        ImGui::GetTextLineHeightWithSpacing() - ImGui::GetTextLineHeight() +
        ImGui::GetStyle().ItemSpacing.y;
  height += line * float(low_sign_chains(snapshot).size());
  if (!snapshot.convergence.empty()) height += group_table_height(snapshot);
  // In a short panel the metrics table keeps at least half; the group table then scrolls.
  return std::min(height, 0.5f * ImGui::GetContentRegionAvail().y);
}

void show_convergence_view(ViewContext& context) {
  if (!context.snapshot || !context.snapshot->target) return;
  const EngineSnapshot& snapshot = *context.snapshot;
  if (snapshot.convergence.empty()) {
    // Short enough for a lecture layout's side column; the tooltip says the rest.
    // Wrapped: a narrow side panel must not cut the advice short.
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", kNoConvergenceAdvice);
    ui_probe::record_text_box();
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Convergence (R̂, bulk and tail ESS) needs two or more running chains of one sampler "
          "with the same settings. Duplicate a chain (Controls → duplicate): R̂ near 1 says the "
          "copies agree. Chains with other samplers or settings are never pooled.");
  } else {
    ImGui::TextDisabled("Convergence over each chain's newest ≤ %zu draws", kLiveConvergenceWindow);
    glossary_tooltip_for_last_item(std::vector<std::string>{"R̂", "bulk ESS", "tail ESS"});
  }
  // The warnings come before the table, so a short panel never scrolls them away.
  for (const ChainSnapshot* chain : low_sign_chains(snapshot)) {
    ImGui::PushStyleColor(ImGuiCol_Text, kAmber);
    ImGui::Text("%s: mean sign %s < 0.1 — sign-weighted estimates are unstable",
                views::chain_label(*chain).c_str(),
                views::compact_number(mean_sign(*sign_tally(*chain)), 2).c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "The likelihood estimate L̂ is negative almost as often as positive: sign-weighted "
          "means have variance ∝ 1/s̄², and the chain may be trapped (e.g. started far from θ*). "
          "Raise lambda or lower a, or start at the MAP.");
  }
  if (snapshot.convergence.empty()) return;
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX |
                                ImGuiTableFlags_ScrollY;
  const float height =
      std::max(ImGui::GetFrameHeight(),
               std::min(group_table_height(snapshot), ImGui::GetContentRegionAvail().y));
  if (!ImGui::BeginTable("##convergence", 5, flags, ImVec2(0.0f, height))) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  const char* const headers[5] = {"sampler", "coordinate", "R̂", "bulk ESS", "tail ESS"};
  const char* const terms[5] = {"sampler group", "coordinate", "R̂", "bulk ESS", "tail ESS"};
  header_row(headers, terms, 5);
  const int selected = views::clamped_coordinate(context, context.settings->coordinate);
  for (const GroupConvergence& group : snapshot.convergence) {
    ImGui::PushID(group.key.c_str());
    const std::string name = group_name(group);
    std::string members;
    for (const std::string& label : group.labels) members += (members.empty() ? "" : ", ") + label;
    members += " (newest " + std::to_string(group.draws_per_chain) + " draws each)";
    const auto index = static_cast<std::size_t>(selected);
    if (index < group.coordinates.size())
      group_row(name.c_str(), members, views::coordinate_name(context, selected),
                group.coordinates[index]);
    if (group.coordinates.size() > 1) group_row("", "", "all (worst)", worst(group.coordinates));
    ImGui::PopID();
  }
  ImGui::EndTable();
}

float ensemble_convergence_height(const EnsembleResult& result) {
  return ImGui::GetFrameHeight() * float(1 + result.series.size()) +
         ImGui::GetStyle().ItemSpacing.y;
}

void show_ensemble_convergence(const EnsembleResult& result, bool compact) {
  if (result.series.empty()) return;
  if (compact) {
    // A short panel keeps its height for the plot: the worst R̂ in one line, the table on hover.
    const EnsembleSeries* worst_series = nullptr;
    double worst_rhat = -1.0;
    for (const EnsembleSeries& series : result.series) {
      const double rhat = worst(series.convergence).rhat;
      if (std::isfinite(rhat) && rhat > worst_rhat) {
        worst_rhat = rhat;
        worst_series = &series;
      }
    }
    if (worst_series == nullptr) {
      ImGui::TextDisabled("R̂: not enough draws");
      return;
    }
    // The longest wording that fits the tile's width (at 1280x720 "; hover for all" was cut).
    const std::string number = views::compact_number(worst_rhat, 4);
    std::string line = "worst R̂ " + number + " (" + worst_series->label + "); hover for all";
    for (const std::string& shorter :
         {"worst R̂ " + number + " (" + worst_series->label + ")", "worst R̂ " + number})
      if (ImGui::CalcTextSize(line.c_str()).x > ImGui::GetContentRegionAvail().x) line = shorter;
    ImGui::TextDisabled("%s", line.c_str());
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      show_ensemble_convergence(result, false);
      ImGui::EndTooltip();
    }
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg |
                                ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_ScrollX;
  const float height = ImGui::GetFrameHeight() * float(1 + result.series.size());
  if (!ImGui::BeginTable("##ensemble_convergence", 4, flags, ImVec2(0.0f, height))) return;
  const char* const headers[4] = {"ensemble", "R̂ (worst)", "bulk ESS", "tail ESS"};
  const char* const terms[4] = {"ensemble", "R̂", "bulk ESS", "tail ESS"};
  header_row(headers, terms, 4);
  for (const EnsembleSeries& series : result.series) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(series.label.c_str());
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "%d chains that never stopped, each at checkpoints %d..%d (the first "
          "half is warm-up)",
          series.convergence_chains,
          int(series.checkpoints.size()) - series.convergence_checkpoints + 1,
          int(series.checkpoints.size()));
    const ConvergenceDiagnostics d = worst(series.convergence);
    rhat_cell(d.rhat);
    ess_cell(d.ess_bulk);
    ess_cell(d.ess_tail);
  }
  ImGui::EndTable();
}

}  // namespace sgl
