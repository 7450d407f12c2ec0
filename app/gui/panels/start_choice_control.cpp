#include "app/gui/panels/start_choice_control.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/gui/shell/ui_probe.hpp"

namespace sgl {
namespace {

struct OptionText {
  StartOption option;
  const char* label;
  const char* tooltip;
};

constexpr OptionText kOptions[] = {
    {StartOption::Default, "default",
     "Default, as `run` without --init: HMC-ECS chains start at the posterior mode θ* (as Dang et "
     "al.; "
     "their estimator is built around θ*), every other chain at 0"},
    {StartOption::Map, "MAP θ*",
     "MAP θ*: every chain starts at the posterior mode, as `run --init map`: no transient, so the "
     "draws are stationary from the first step"},
    {StartOption::Zero, "zero",
     "Zero: every chain starts at θ = 0, as `run --init 0,...,0`: watch the chains find the "
     "posterior "
     "(HMC-ECS from 0 sees a huge σ̂² at first; signed chains can stay trapped)"},
    {StartOption::Custom, "custom", "The start point the scenario file gives"},
};

void wrapped_tooltip(const std::string& text) {
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
  ImGui::TextUnformatted(text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

}  // namespace

StartOption current_start_option(const StartChoice& choice) {
  if (choice.at_map) return StartOption::Map;
  if (choice.values.empty()) return StartOption::Default;
  const bool zero =
      std::all_of(choice.values.begin(), choice.values.end(), [](double v) { return v == 0.0; });
  return zero ? StartOption::Zero : StartOption::Custom;
}

std::optional<StartChoice> start_choice_for(StartOption option, int dim) {
  switch (option) {
    case StartOption::Default:
      return StartChoice{};
    case StartOption::Map:
      return StartChoice{{}, true};
    case StartOption::Zero:
      return StartChoice{std::vector<double>(std::size_t(std::max(dim, 0)), 0.0), false};
    case StartOption::Custom:
      break;
  }
  return std::nullopt;
}

std::optional<StartChoice> show_start_choice(const EngineSnapshot& snapshot) {
  // The choice exists where there is a mode to start at (the regressions).
  if (!snapshot.target || !snapshot.target->posterior_mode()) return std::nullopt;
  const StartOption current = current_start_option(snapshot.start);
  const OptionText* shown = &kOptions[0];
  for (const OptionText& text : kOptions)
    if (text.option == current) shown = &text;
  std::optional<StartChoice> picked;
  const bool open = ImGui::BeginCombo("start", shown->label);
  if (!open) ui_probe::record_last_item("start/combo");
  if (!open && ImGui::IsItemHovered())
    wrapped_tooltip(std::string("Where every chain starts (a change restarts them). ") +
                    shown->tooltip);
  if (open) {
    for (const OptionText& text : kOptions) {
      if (text.option == StartOption::Custom && current != StartOption::Custom) continue;
      if (ImGui::Selectable(text.label, text.option == current) && text.option != current)
        picked = start_choice_for(text.option, snapshot.target->dim());
      if (ImGui::IsItemHovered()) wrapped_tooltip(text.tooltip);
    }
    ImGui::EndCombo();
  }
  return picked;
}

}  // namespace sgl
