// The Controls' status line and undo: what the last command did or why it was refused, in a
// strip of its own below the scrolling settings, and Ctrl+Z of the last parameter change.
#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/gui/panels/chain_guidance.hpp"
#include "app/gui/panels/control_anchors.hpp"
#include "app/gui/panels/control_panel.hpp"
#include "app/gui/panels/param_widgets.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/shell/ui_palette.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/util/refusal_text.hpp"

namespace sgl {
namespace {

// A refusal or an undo stays on screen this long.
constexpr double kMessageSeconds = 12.0;

// `text` as it fits the status strip's two lines: whole, or cut at a space and ended with
// "… (hover: all)" — a message clipped mid-sentence ("the draws made with") read as if it said
// everything (newcomer run 7). The whole message is in the strip's tooltip.
std::string fitted_to_two_lines(const std::string& text, float width) {
  // Two lines as text_keeping_numbers draws them: two text items and the spacing between.
  const float limit = 2.0f * ImGui::GetTextLineHeight() + ImGui::GetStyle().ItemSpacing.y + 0.5f;
  if (text_keeping_numbers_height(text, width) <= limit) return text;
  static const std::string kMore = "… (hover: all)";
  std::size_t fits = 0;  // the longest prefix, cut at a space, that fits with kMore
  for (std::size_t space = text.find(' '); space != std::string::npos;
       space = text.find(' ', space + 1)) {
    if (text_keeping_numbers_height(text.substr(0, space) + kMore, width) > limit) break;
    fits = space;
  }
  return text.substr(0, fits) + kMore;
}

}  // namespace

void ControlPanel::set_status(const std::string& message, bool is_error) {
  status_ = message;
  status_is_error_ = is_error;
  status_shown_at_ = ImGui::GetTime();
  if (!is_error) error_anchor_.clear();
}

std::string ControlPanel::refusal_at(const std::string& anchor) const {
  if (!status_is_error_ || error_anchor_ != anchor ||
      ImGui::GetTime() - status_shown_at_ >= kMessageSeconds)
    return {};
  return status_;
}

void ControlPanel::show_anchored_refusal(const std::string& anchor) {
  const std::string message = refusal_at(anchor);
  if (message.empty()) return;
  show_refusal(message);
  refusal_drawn_ = true;
}

bool ControlPanel::status_visible() const {
  // A refusal drawn at its control last frame is not repeated in the status line (the
  // newcomer read the same message twice).
  if (status_is_error_ && refusal_at_control_) return false;
  return !status_.empty() && ImGui::GetTime() - status_shown_at_ < kMessageSeconds;
}

// Two lines, always: a message that came and went with its length moved the sliders' bottom
// edge, and a slider just released near it went out of sight (newcomer run 3, finding 2).
float ControlPanel::status_line_height() const {
  const ImGuiStyle& style = ImGui::GetStyle();
  return 2.0f * ImGui::GetTextLineHeightWithSpacing() + 2.0f * style.ItemSpacing.y +
         1.0f;  // the separator
}

void ControlPanel::show_status_line() {
  ImGui::Separator();
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse;
  ImGui::BeginChild("##controls status", ImVec2(0.0f, 2.0f * ImGui::GetTextLineHeightWithSpacing()),
                    false, flags);
  const bool visible = status_visible();
  const std::string slowed = slow_motion_.status_text(*engine_.snapshot());
  if (visible) {
    if (status_is_error_) ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(200, 30, 30, 255));
    // Numbers never split at their "."; a longer message is cut at a word with "…".
    text_keeping_numbers(fitted_to_two_lines(status_, ImGui::GetContentRegionAvail().x));
    if (status_is_error_) ImGui::PopStyleColor();
    ui_probe::record_text("controls/status", status_);
  } else if (!slowed.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kWarning);
    text_keeping_numbers(fitted_to_two_lines(slowed, ImGui::GetContentRegionAvail().x));
    ImGui::PopStyleColor();
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    // The longest wording that fits the strip's two lines (zoomed in, "F: focus" was cut).
    static const char* const kHints[] = {
        "Space: run · N: step · S: slow motion · Ctrl+Z: undo · F: focus",
        "Space run · N step · S slow motion · Ctrl+Z undo · F focus",
        "Space run · N step · S slow · F focus", "F1: keys"};
    const float wrap = ImGui::GetContentRegionAvail().x;
    const char* hint = kHints[3];
    for (const char* candidate : kHints)
      if (ImGui::CalcTextSize(candidate, nullptr, false, wrap).y <=
          2.0f * ImGui::GetTextLineHeight() + 0.5f) {
        hint = candidate;
        break;
      }
    ImGui::TextWrapped("%s", hint);
    ImGui::PopStyleColor();
  }
  ImGui::EndChild();
  ui_probe::record_last_item("controls/status_line");
  // The whole message on hover, where it is longer than two lines.
  if ((visible || !slowed.empty()) && ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30.0f);
    ImGui::TextUnformatted(visible ? status_.c_str() : slowed.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

void ControlPanel::undo_last_change(const EngineSnapshot& snapshot) {
  const std::optional<ParamUndoEntry> entry = undo_.pop();
  if (!entry) {
    // "left": after a run of Ctrl+Z a bare "Nothing to undo" read as a failure (newcomer run 8).
    set_status("Nothing left to undo", false);
    return;
  }
  const auto chain = std::find_if(snapshot.chains.begin(), snapshot.chains.end(),
                                  [&](const ChainSnapshot& c) { return c.id == entry->chain_id; });
  const SamplerInfo* info = find_sampler_info(entry->sampler_id);
  if (chain == snapshot.chains.end() || chain->sampler_id != entry->sampler_id || !info) {
    set_status("Cannot undo: chain #" + std::to_string(entry->chain_id) + " no longer runs " +
                   entry->sampler_id,
               true);
    return;
  }
  pending_anchor_ = chain_anchor(entry->chain_id, changed_param(entry->after, entry->before));
  // The draws made under the undone values go too, so a histogram damaged by an extreme setting
  // is as it was before the change.
  // Undoing the change that stopped a chain sets it going again under the values restored, from
  // its draw before the trouble, the draws before it kept (a restart lost them all).
  if (chain->stopped)
    engine_.resume_chain(entry->chain_id, entry->before);
  else
    engine_.revert_chain_params(entry->chain_id, entry->before);
  edited_params_[entry->chain_id] = entry->before;
  scroll_to_chain_ = entry->chain_id;
  // Short enough for the strip's two lines at 1280×720 (the longer wording was cut there,
  // newcomer run 11).
  set_status("Undone on " + chain->label + ": " +
                 describe_param_change(info->params, entry->after, entry->before) +
                 (chain->stopped ? "; it goes on from before the trouble"
                                 : "; the draws made with the undone value are forgotten"),
             false);
}

}  // namespace sgl
