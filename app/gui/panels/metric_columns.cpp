#include "app/gui/panels/metric_columns.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/panels/views.hpp"
#include "app/gui/shell/ui_palette.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/contrast.hpp"
#include "core/run/output_kind.hpp"
#include "core/samplers/ewsg_weight_warning.hpp"
#include "core/targets/target.hpp"

namespace sgl {
namespace {

constexpr ImU32 kStopColour = palette::kAlarm;

double ratio(double numerator, double denominator) {
  return denominator > 0.0 ? numerator / denominator : std::numeric_limits<double>::quiet_NaN();
}

// Info channels rank just below the MH acceptance they sit beside (their rates used to share its
// cell: "0.99 (u 0.98)"), so a narrow panel keeps them as long as it can.
constexpr int kChannelKeepRank = 79;

std::string number(double value, int significant = 3) {
  return views::compact_number(value, significant);
}

// The MH acceptance rate, else a dash.
std::string acceptance_text(const SamplerCounters& counters) {
  if (counters.mh_proposals == 0) return kMetricDash;
  return number(
      ratio(static_cast<double>(counters.mh_accepts), static_cast<double>(counters.mh_proposals)));
}

// The chain's figure for channel `id`: its tally's mean, or a dash when it has none.
std::string channel_text(const ChainSnapshot& chain, const std::string& id) {
  for (std::size_t c = 0; c < chain.channels.size() && c < kMaxChannels; ++c) {
    if (chain.channels[c].id != id) continue;
    const ChannelTally& tally = chain.counters.channels[c];
    return tally.count > 0 ? number(tally.mean()) : kMetricDash;
  }
  return kMetricDash;
}

// A channel's cell; EWSG's weight ESS turns red with the warning as its tooltip when the
// index weights are degenerate (ewsg_weight_warning.hpp).
MetricCell channel_cell(const ChainSnapshot& chain, const std::string& id) {
  std::string text = channel_text(chain, id);
  if (id != "index_weight_ess") return {std::move(text)};
  for (std::size_t c = 0; c < chain.channels.size() && c < kMaxChannels; ++c) {
    if (chain.channels[c].id != id || chain.counters.channels[c].count == 0) continue;
    std::string warning = ewsg_weight_warning(chain.counters.channels[c].mean());
    if (!warning.empty()) return {std::move(text), kStopColour, std::move(warning)};
  }
  return {std::move(text)};
}

// Short status words keep the column narrow; the reason a chain stopped is in the tooltip (and
// in the Controls and the legend strip).
// Red only for divergences after the step size settled; those while NUTS was still adapting
// (its first transitions in a live chain, Stan's warm-up) are counted apart, in grey, and said
// to be expected: a newcomer read NUTS's four early ones as an alarm with no explanation.
MetricCell divergences_cell(const SamplerCounters& counters, std::uint64_t forgotten) {
  const std::uint64_t adapting = counters.adaptation_divergences;
  // Those made with draws since forgotten (Ctrl+Z) are left out, as their draws are.
  const std::uint64_t after =
      counters.divergences - std::min(counters.divergences, adapting + forgotten);
  if (adapting == 0) return {std::to_string(after), after > 0 ? kStopColour : 0u};
  return {std::to_string(after) + " (+" + std::to_string(adapting) + " adapting)",
          after > 0 ? kStopColour : palette::kCaption,
          std::to_string(adapting) + (adapting == 1 ? " divergence" : " divergences") +
              " came while NUTS was still adapting its step size (its first transitions): "
              "early steps are tried too long on purpose, and Stan's warm-up has them too. "
              "Only divergences after the adaptation (the first number, red when not 0) mean "
              "part of the posterior is out of reach."};
}

MetricCell status_cell(const ChainSnapshot& chain, bool engine_running) {
  if (chain.stopped) return {"stopped", kStopColour, "stopped: " + chain.stop_reason};
  if (!chain.enabled) return {"disabled", ImGui::GetColorU32(ImGuiCol_TextDisabled), {}};
  return {engine_running ? "running" : "paused", 0, {}};
}

// Amber, darkened to read at 4.5:1 on the table's light rows (the bright amber measured 1.9:1).
const ImU32 kWarningColour = readable_on(IM_COL32(255, 170, 60, 255), IM_COL32(255, 255, 255, 255));

// What the chain's draws are (output_kind.hpp): the kind, with the number of warnings when some
// are known to be off, and the warnings in full in the tooltip.
MetricCell kind_cell(const EngineSnapshot& snapshot, const ChainSnapshot& chain) {
  const OutputFacts facts = chain_output_facts(snapshot, chain);
  const std::vector<std::string> warnings = output_warnings(facts);
  std::string tooltip = output_kind_meaning(facts.kind);
  for (const std::string& warning : warnings) tooltip += "\n\nwarning: " + warning;
  std::string text = output_kind_plain_name(facts.kind);
  // The count only ("(1)", the warnings in the tooltip): "optimiser, 1 warning" was cut to
  // "1 warni" in the lecture layout's Metrics cards at 1280×720.
  if (!warnings.empty()) text += " (" + std::to_string(warnings.size()) + ")";
  ui_probe::record_text("metrics/kind/" + std::to_string(chain.id), text);
  return {text, warnings.empty() ? 0u : kWarningColour, tooltip};
}

}  // namespace

std::vector<MetricColumn> metric_columns(const ViewContext& context) {
  const EngineSnapshot& snapshot = *context.snapshot;
  const int coordinate = views::clamped_coordinate(context, context.settings->coordinate);
  const auto index = static_cast<std::size_t>(coordinate);
  const double cost =
      static_cast<double>(std::max<std::int64_t>(snapshot.target->evaluation_cost(), 1));
  bool any_mh = false, any_truth = false, any_divergence = false, any_halted = false;
  for (const ChainSnapshot& chain : snapshot.chains) {
    any_mh = any_mh || chain.counters.mh_proposals > 0;
    any_truth = any_truth || chain.has_truth;
    any_divergence = any_divergence || chain.counters.divergences > 0;  // adapting ones too
    any_halted = any_halted || chain.stopped || !chain.enabled;
  }
  std::vector<MetricColumn> columns{
      {"steps", "steps", 70, {}},
      {"steps/s", "steps/s", 30, {}},
      {"grad evals", "grad evals", 20, {}},
      {"passes", "data passes", 60, {}},
      {"accept", "accept", 80, {}},
      {"mean α", "mean α", 40, {}},
      {"ESS min", "ESS min", 86, {}},
      {"ESS " + views::coordinate_name(context, coordinate), "ESS", 50, {}},
      {"ESS per 1000 grads", "ESS per 1000 gradients", 75, {}},
      {"TV", "TV", 85, {}},
      {"KL", "KL", 84, {}},
      // Divergences matter once there are some; a column of zeros can go early.
      {"diverg.", "divergences", any_divergence ? 88 : 45, {}},
      {"status", "status", 95, {}},
      {"draws are",
       "draws are",
       92,
       {},
       "What the draws are: exact (MH-corrected), approximate (correct as the step size goes to "
       "0), biased, optimiser or variational. A number in brackets counts the warnings about "
       "this chain's output: hover the cell to read them.",
       true},
  };
  for (const ChainSnapshot& chain : snapshot.chains) {
    const SamplerCounters& counters = chain.counters;
    const double speed = chain.recent_steps_per_second;
    const double passes = ratio(
        static_cast<double>(counters.gradient_evaluations + counters.density_evaluations), cost);
    const double ess_min = chain.ess.empty()
                               ? std::numeric_limits<double>::quiet_NaN()
                               : *std::min_element(chain.ess.begin(), chain.ess.end());
    const bool has_distance = chain.has_truth && counters.steps > 0;
    const MetricCell cells[] = {
        {views::count_text(counters.steps)},
        {std::isfinite(speed) && speed >= 0.0
             ? views::count_text(static_cast<std::uint64_t>(std::llround(speed)))
             : kMetricDash},
        {views::count_text(counters.gradient_evaluations)},
        {passes >= 1000.0 ? views::count_text(static_cast<std::uint64_t>(std::llround(passes)))
                          : number(passes)},
        {acceptance_text(counters)},
        {counters.mh_proposals > 0
             ? number(ratio(counters.accept_prob_sum, static_cast<double>(counters.mh_proposals)))
             : kMetricDash},
        {number(ess_min)},
        {number(index < chain.ess.size() ? chain.ess[index]
                                         : std::numeric_limits<double>::quiet_NaN())},
        {number(ratio(1000.0 * ess_min, static_cast<double>(counters.gradient_evaluations)))},
        {has_distance ? number(chain.tv, 2) : kMetricDash},
        {has_distance ? number(chain.kl, 2) : kMetricDash},
        divergences_cell(counters, chain.forgotten_divergences),
        status_cell(chain, snapshot.running),
        kind_cell(snapshot, chain),
    };
    for (std::size_t c = 0; c < columns.size(); ++c) columns[c].cells.push_back(cells[c]);
  }
  // Columns that are all dashes for these samplers and this target say nothing (acceptance
  // without MH), and a status column of "running" repeats the legend strip.
  std::erase_if(columns, [&](const MetricColumn& column) {
    const std::string& term = column.term;
    return (term == "mean α" && !any_mh) || (term == "accept" && !any_mh) ||
           ((term == "TV" || term == "KL") && !any_truth) || (term == "status" && !any_halted);
  });
  // The declared channels' columns follow the acceptance (they are acceptances too, mostly).
  const auto after_accept =
      std::find_if(columns.begin(), columns.end(), [](const MetricColumn& column) {
        return column.term == "mean α" || column.term == "ESS min";
      });
  std::vector<MetricColumn> channel_columns;
  for (const ChannelDescriptor* channel :
       views::declared_channels(snapshot, &ChannelDescriptor::metric_column)) {
    MetricColumn column{channel->label, channel->label, kChannelKeepRank, {}, channel->description};
    for (const ChainSnapshot& chain : snapshot.chains)
      column.cells.push_back(channel_cell(chain, channel->id));
    channel_columns.push_back(std::move(column));
  }
  columns.insert(after_accept, std::make_move_iterator(channel_columns.begin()),
                 std::make_move_iterator(channel_columns.end()));
  return columns;
}

}  // namespace sgl
