#include "app/gui/panels/chain_guidance.hpp"
#include "app/gui/shell/ui_palette.hpp"

#include <imgui.h>

#include <algorithm>
#include <string_view>
#include <utility>

#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/note_wrap.hpp"
#include "core/run/param_undo_stack.hpp"
#include "core/run/stable_settings.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

ImU32 level_colour(StabilityLevel level) {
  switch (level) {
    case StabilityLevel::Stable:
      return palette::kGood;
    case StabilityLevel::Marginal:
    case StabilityLevel::TooSmall:
      return palette::kWarning;
    case StabilityLevel::Unstable:
      break;
  }
  return palette::kAlarm;
}

const char* level_word(StabilityLevel level) {
  switch (level) {
    case StabilityLevel::Stable:
      return "ok";
    case StabilityLevel::Marginal:
      return "near limit";
    case StabilityLevel::TooSmall:
      return "too small";
    case StabilityLevel::Unstable:
      break;
  }
  return "UNSTABLE";
}

// A stop reason "diverged at step N: cause (details)" split into its head and the trailing
// parenthesis, so the panel shows what to change and keeps the energy numbers for the tooltip.
std::pair<std::string, std::string> split_details(const std::string& reason) {
  if (reason.empty() || reason.back() != ')') return {reason, {}};
  int depth = 0;
  for (std::size_t i = reason.size(); i-- > 0;) {
    if (reason[i] == ')') ++depth;
    if (reason[i] == '(' && --depth == 0) {
      if (i == 0 || reason[i - 1] != ' ') break;
      return {reason.substr(0, i - 1), reason.substr(i + 1, reason.size() - i - 2)};
    }
  }
  return {reason, {}};
}

}  // namespace

void text_keeping_numbers(const std::string& text, float width) {
  if (width <= 0.0f) width = ImGui::GetContentRegionAvail().x;
  width = std::max(width, ImGui::GetFontSize());
  const auto measure = [](std::string_view piece) {
    return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
  };
  ImGui::BeginGroup();
  for (const std::string& line : wrap_at_spaces(bind_number_groups(text), width, measure))
    ImGui::TextUnformatted(line.c_str());
  ImGui::EndGroup();
}

float text_keeping_numbers_height(const std::string& text, float width) {
  width = std::max(width, ImGui::GetFontSize());
  const auto measure = [](std::string_view piece) {
    return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
  };
  const std::size_t lines = wrap_at_spaces(bind_number_groups(text), width, measure).size();
  if (lines == 0) return 0.0f;
  return static_cast<float>(lines) * ImGui::GetTextLineHeight() +
         static_cast<float>(lines - 1) * ImGui::GetStyle().ItemSpacing.y;
}

void show_stability_hints(const std::vector<StabilityHint>& hints, const std::string& curvature,
                          const std::string& probe) {
  // Plain words on the panel ("ok: at 14% of the stable limit"); the formulas behind them
  // ("2εC+ε²λ_max = 0.28 (limit 4)") in the tooltip, for whoever asks.
  for (const StabilityHint& line : plain_stability_lines(hints)) {
    ImGui::PushStyleColor(ImGuiCol_Text, level_colour(line.level));
    const std::string text = std::string(level_word(line.level)) + ": " + line.text;
    text_keeping_numbers(text);
    ImGui::PopStyleColor();
    if (!probe.empty()) ui_probe::record_text(probe + "/stability", text);
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
      for (const StabilityHint& hint : hints) ImGui::BulletText("%s", hint.text.c_str());
      ImGui::TextUnformatted(
          "On the target's stiffest direction (curvature λ_max) the update is a linear map; it "
          "stays bounded only below these limits. SGHMC multiplies r by 1 − εC each step: εC ≥ 2 "
          "flips and grows it. Leapfrog needs ε < 2/√λ_max, SGLD ε < 4/λ_max. EWSG's "
          "Euler–Maruyama needs hγ < 2 and hλ_max < γ: there more friction steadies the chain. "
          "HMC-ECS's leapfrog needs ε < 2/√λ_max(M⁻¹H): 2 with the Hessian mass.");
      if (!curvature.empty()) ImGui::TextUnformatted(curvature.c_str());
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
}

void show_rejected_divergences(const ChainSnapshot& chain,
                               const std::vector<StabilityHint>& hints) {
  // Counted since the current settings took effect: after ε goes back to a stable value the
  // line goes, instead of reporting the bad stretch for the rest of the run.
  const std::uint64_t divergences = chain.settings_counters.divergences;
  if (chain.stopped || divergences == 0) return;
  const bool beyond_limit = std::any_of(hints.begin(), hints.end(), [](const StabilityHint& hint) {
    return hint.level == StabilityLevel::Unstable;
  });
  ImGui::PushStyleColor(ImGuiCol_Text, level_colour(StabilityLevel::Marginal));
  ImGui::PushTextWrapPos(0.0f);
  // Short: the health line and the UNSTABLE hint above it already say the settings are wrong.
  ImGui::Text("%llu of %llu trajectories diverged (rejected) %s%s",
              static_cast<unsigned long long>(divergences),
              static_cast<unsigned long long>(std::max<std::uint64_t>(
                  chain.settings_counters.mh_proposals, chain.settings_counters.steps)),
              chain.settings_start_step > 0 ? "since the last change" : "since the start",
              beyond_limit ? ": lower ε" : "");
  ui_probe::record_last_item("chain" + std::to_string(chain.id) + "/divergences");
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

std::string wrapped_button_label(const std::string& text) {
  const float padding = 2.0f * ImGui::GetStyle().FramePadding.x;
  const float width = std::max(ImGui::GetContentRegionAvail().x - padding, ImGui::GetFontSize());
  const auto measure = [](std::string_view piece) {
    return ImGui::CalcTextSize(piece.data(), piece.data() + piece.size()).x;
  };
  std::string label;
  for (const std::string& line : wrap_at_spaces(bind_number_groups(text), width, measure))
    label += (label.empty() ? "" : "\n") + line;
  return label;
}

std::string settings_moved_since_stop(const ChainSnapshot& chain) {
  const SamplerInfo* info = find_sampler_info(chain.sampler_id);
  if (!chain.stopped || !chain.param_history_complete || !info) return {};
  const ParamValues at_stop =
      params_at_stop(chain.initial_params, chain.param_history, chain.counters.steps);
  if (at_stop == chain.params) return {};
  const std::string then = describe_param_values(info->params, chain.params, at_stop);
  const std::string now = describe_param_values(info->params, at_stop, chain.params);
  if (then.empty() || now.empty()) return {};
  return "It stopped at " + then + "; the sliders now read " + now + ".";
}

StoppedChainReset show_stopped_chain(const ChainSnapshot& chain,
                                     const std::optional<ParamValues>& stable) {
  StoppedChainReset choice;
  const auto [head, details] = split_details(chain.stop_reason);
  const std::string moved = settings_moved_since_stop(chain);
  if (moved.empty() || head.empty())
    show_refusal(head.empty() ? moved : head);
  else
    show_refusal(head + (head.back() == '.' ? " " : ". ") + moved);
  if (!details.empty() && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(details.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
  const SamplerInfo* info = find_sampler_info(chain.sampler_id);
  const std::string probe = "chain" + std::to_string(chain.id);
  if (stable && info) {
    // Wrapped to the panel's width (never clipped at 1280×720); the values are the point.
    const std::string text = "Reset with last stable settings (" +
                             describe_param_values(info->params, chain.params, *stable) + ")";
    if (ImGui::Button(wrapped_button_label(text).c_str())) {
      choice.requested = true;
      choice.params = stable;
    }
    ui_probe::record_last_item(probe + "/reset_stable");
    ui_probe::record_text(probe + "/reset_stable", text);
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "Restart from the start with the settings before the change that stopped it "
          "(Ctrl+Z of that change does the same)");
  }
  if (ImGui::Button(wrapped_button_label(stable ? "Reset keeping current settings" : "Reset chain")
                        .c_str())) {
    choice.requested = true;
    choice.params.reset();
  }
  ui_probe::record_last_item(probe + "/reset_current");
  return choice;
}

std::optional<std::string> sampler_picker(const char* label, const std::string& current,
                                          const std::map<std::string, std::string>& unavailable) {
  std::optional<std::string> picked;
  if (!ImGui::BeginCombo(label, current.c_str())) return picked;
  for (const SamplerInfo& info : sampler_catalogue()) {
    const auto refusal = unavailable.find(info.id);
    const bool disabled = refusal != unavailable.end();
    if (ImGui::Selectable(info.id.c_str(), info.id == current,
                          disabled ? ImGuiSelectableFlags_Disabled : ImGuiSelectableFlags_None))
      picked = info.id;
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) {
      ImGui::BeginTooltip();
      ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
      ImGui::Text("%s\n%s\n%s", info.name.c_str(), info.summary.c_str(), info.reference.c_str());
      if (disabled) {
        ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(200, 30, 30, 255));
        ImGui::Text("Not on this target: %s", refusal->second.c_str());
        ImGui::PopStyleColor();
      }
      ImGui::PopTextWrapPos();
      ImGui::EndTooltip();
    }
  }
  ImGui::EndCombo();
  return picked;
}

void show_refusal(const std::string& message) {
  if (message.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(200, 30, 30, 255));
  text_keeping_numbers(message);
  ImGui::PopStyleColor();
}

}  // namespace sgl
