#include "app/gui/shell/replay_progress.hpp"

#include <imgui.h>

#include <cstdint>
#include <cstdio>
#include <string>

#include "app/gui/shell/ui_probe.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

// "40 000", "2.5×10¹⁰": a saved step count readable at a glance.
std::string step_count(std::uint64_t steps) {
  if (steps < 100'000) return std::to_string(steps);
  int exponent = 0;
  double mantissa = double(steps);
  while (mantissa >= 10.0) {
    mantissa /= 10.0;
    ++exponent;
  }
  char digits[16];
  std::snprintf(digits, sizeof digits, "%.1f", mantissa);
  const std::string lead = std::string(digits) == "1.0" ? "" : std::string(digits) + "×";
  return lead + power_of_ten(exponent);
}

}  // namespace

void show_replay_progress(LiveEngine& engine, const EngineSnapshot& snapshot) {
  if (snapshot.replay_steps_total == 0) {
    if (snapshot.replay_outcome.empty()) return;
    ImGui::TextUnformatted(snapshot.replay_outcome.c_str());
    ui_probe::record_text("replay_outcome", snapshot.replay_outcome);
    return;
  }
  const double fraction = double(snapshot.replay_steps_done) / double(snapshot.replay_steps_total);
  char percent[16];
  std::snprintf(percent, sizeof percent, "%.0f%%", 100.0 * fraction);
  const std::string text = std::string("replaying the saved session: ") + percent + " of " +
                           step_count(snapshot.replay_steps_total) + " steps";
  ImGui::TextUnformatted(text.c_str());
  ui_probe::record_text("replay", text);
  ImGui::SameLine();
  ImGui::ProgressBar(static_cast<float>(fraction),
                     ImVec2(ImGui::GetFontSize() * 6.0f, ImGui::GetTextLineHeight()), "");
  ImGui::SameLine();
  if (ImGui::SmallButton("Cancel replay")) engine.cancel_replay();
  ui_probe::record_last_item("replay/cancel");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Stop replaying: the chains stay at the steps they reached, paused");
}

}  // namespace sgl
