#include "app/gui/shell/session_opener.hpp"

#include <imgui.h>

#include <utility>

#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/live_session.hpp"

namespace sgl {

void SessionOpener::start(Scenario scenario, std::function<void()> on_finish) {
  title_ = scenario.title.empty() ? scenario.name : scenario.title;
  source_ = scenario.source.empty() ? scenario.name : scenario.source;
  // Each build writes its own slot: one replaced mid-build finishes into a slot nobody reads.
  auto slot = std::make_shared<std::optional<Opened>>();
  result_ = slot;
  job_.start(
      [slot, scenario = std::move(scenario)](JobControl&) {
        LiveEngine engine(live_setup_from_scenario(scenario));
        slot->emplace(Opened{scenario, std::move(engine)});
        return std::string();
      },
      std::move(on_finish));
}

std::optional<SessionOpener::Opened> SessionOpener::take(std::string& problem) {
  std::optional<JobOutcome> outcome = job_.take_outcome();
  if (!outcome || outcome->cancelled) return std::nullopt;
  if (!outcome->ok || !result_ || !*result_) {
    // Any failure (a bad value in its data, too little memory) keeps the running session.
    problem = "could not open " + source_ + ": " + outcome->message;
    return std::nullopt;
  }
  std::optional<Opened> opened = std::move(*result_);
  result_.reset();
  return opened;
}

void SessionOpener::show_notice() const {
  if (!busy()) return;
  const std::string text = "Opening " + title_ + "…";
  show_centred_notice(text);
  ui_probe::record_text("opening", text);  // for tests/gui/opening_test.sh
}

void show_centred_notice(const std::string& text) {
  ImDrawList* draw = ImGui::GetForegroundDrawList();
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 centre = ImGui::GetMainViewport()->GetCenter();
  const float pad = ImGui::GetFontSize();
  const ImVec2 lo(centre.x - 0.5f * size.x - pad, centre.y - 0.5f * size.y - pad);
  const ImVec2 hi(centre.x + 0.5f * size.x + pad, centre.y + 0.5f * size.y + pad);
  draw->AddRectFilled(lo, hi, IM_COL32(255, 255, 255, 245), 0.3f * pad);
  draw->AddRect(lo, hi, IM_COL32(60, 60, 70, 255), 0.3f * pad, 0, 1.5f);
  draw->AddText(ImVec2(lo.x + pad, lo.y + pad), IM_COL32(20, 20, 30, 255), text.c_str());
}

}  // namespace sgl
