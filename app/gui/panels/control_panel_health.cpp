// The control panel's part in issue 24's "instability is shown where the eye is": the verdict
// on each chain's current settings (core/run/chain_health.hpp) under its name, the banner over
// the main plot, "Forget draws before this change", and the reset offer of the settings before
// the change that broke a chain.
#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>

#include "app/gui/panels/chain_guidance.hpp"
#include "app/gui/panels/control_panel.hpp"
#include "app/gui/shell/headline_bar.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/plot/contrast.hpp"
#include "core/run/stable_settings.hpp"
#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/sampler_registry.hpp"

namespace sgl {
namespace {

ImU32 health_colour(ChainHealthState state) {
  return state == ChainHealthState::TooSlow ? IM_COL32(190, 110, 0, 255)
                                            : IM_COL32(200, 30, 30, 255);
}

// The settings before the chain's last change, and after it (equal when it never changed).
std::pair<ParamValues, ParamValues> last_change(const ChainSnapshot& chain) {
  const auto& history = chain.param_history;
  if (history.empty()) return {chain.params, chain.params};
  const ParamValues& before =
      history.size() >= 2 ? history[history.size() - 2].params : chain.initial_params;
  return {before, chain.params};
}

// "HMC: step size ε = 2.12 is unstable: every trajectory diverges — lower ε or press Ctrl+Z".
std::string health_sentence(const ChainSnapshot& chain) {
  const SamplerInfo* info = find_sampler_info(chain.sampler_id);
  if (!info) return chain.label + " is " + chain_health_word(chain.health.state);
  const auto [before, after] = last_change(chain);
  return chain_health_message(chain.label, chain.health, info->params, before, after);
}

// "Forget draws before this change", or "Forget earlier draws" where the long label would be cut
// off (the Controls column at 1280×720); the tooltip says the rest.
bool forget_button(const ChainSnapshot& chain) {
  const char* label = "Forget draws before this change";
  const float padding = 2.0f * ImGui::GetStyle().FramePadding.x;
  if (ImGui::CalcTextSize(label).x + padding > ImGui::GetContentRegionAvail().x)
    label = "Forget earlier draws";
  const bool clicked = ImGui::SmallButton(label);
  ui_probe::record_last_item("chain" + std::to_string(chain.id) + "/forget_draws");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Restart this chain's histogram, trace and diagnostics from its last parameter change, "
        "so draws made under earlier (perhaps bad) settings stop counting. The chain goes on "
        "where it is.");
  return clicked;
}

// The gap between the banner and the panel's edge.
float banner_inset() {
  return ImGui::GetFontSize() * 0.6f;
}

}  // namespace

void ControlPanel::reserve_health_strip() const {
  if (banner_height_ <= 0.0f) return;
  // The panel's plots and captions fill what is left of its content region (ImGui sizes
  // "fill the rest" items from ContentRegionRect), so they end above the banner.
  ImGuiWindow* window = ImGui::GetCurrentWindow();
  const float bottom = window->Pos.y + window->Size.y - banner_height_ - 2.0f * banner_inset();
  window->ContentRegionRect.Max.y = std::min(window->ContentRegionRect.Max.y, bottom);
  window->WorkRect.Max.y = std::min(window->WorkRect.Max.y, bottom);
}

std::optional<ParamValues> ControlPanel::stable_settings_of(const ChainSnapshot& chain) const {
  return settings_before_breaking_change(undo_, chain.id, chain.sampler_id, chain.params,
                                         chain.initial_params, chain.param_history,
                                         chain.param_history_complete, chain.counters.steps);
}

void ControlPanel::reset_chain_with(const ChainSnapshot& chain,
                                    const std::optional<ParamValues>& params) {
  pending_anchor_ = "chain" + std::to_string(chain.id) + "/actions";
  if (params) {
    undo_.record(chain.id, chain.sampler_id, chain.params, *params, chain.stopped);
    undo_.end_gesture();
    engine_.set_chain_params(chain.id, *params);
    edited_params_.erase(chain.id);
  }
  engine_.reset_chain(chain.id);
}

void ControlPanel::resume_after_gesture(const EngineSnapshot& snapshot) {
  const auto chain = std::find_if(snapshot.chains.begin(), snapshot.chains.end(),
                                  [&](const ChainSnapshot& c) { return c.id == gesture_chain_; });
  // Also a chain that was stopped before the drag: a student who drags a broken setting back to
  // a stable one expects the chain to run again, not a red verdict above a green "ok".
  if (chain == snapshot.chains.end() || !chain->stopped) return;
  const SamplerInfo* info = find_sampler_info(chain->sampler_id);
  const auto edited = edited_params_.find(chain->id);
  if (!info || edited == edited_params_.end()) return;
  // Only settings the stability rule calls stable (a sampler without a rule keeps the offer).
  const ParamValues full = snapshot.target ? sampler_defaults(chain->sampler_id, *snapshot.target,
                                                              edited->second, info->params)
                                           : edited->second;
  const std::vector<StabilityHint> hints = stability_hints(chain->sampler_id, full, curvature_);
  if (hints.empty() || std::any_of(hints.begin(), hints.end(), [](const StabilityHint& hint) {
        return hint.level == StabilityLevel::Unstable;
      }))
    return;
  // It goes on from its draw where the trouble began, keeping the draws before it (a restart
  // threw them all away, and an undo afterwards could not bring them back).
  engine_.resume_chain(chain->id, edited->second);
  const ParamUndoEntry* drag = undo_.newest_of(chain->id);
  const std::string settings =
      drag ? describe_param_values(info->params, drag->before, drag->after) : "these settings";
  set_status(chain->label + " goes on from its draw before the trouble, earlier draws kept (" +
                 settings + ")" +
                 (gesture_began_stopped_ ? "" : "; it had stopped during the drag"),
             false);
}

void ControlPanel::forget_draws_before_change(const ChainSnapshot& chain) {
  engine_.forget_draws_before_change(chain.id);
  set_status("Forgot " + chain.label + "'s draws before its last change: its histogram, trace " +
                 "and diagnostics restart from there",
             false);
}

void ControlPanel::show_chain_health(const ChainSnapshot& chain) {
  const std::string probe = "chain" + std::to_string(chain.id);
  // Neither row appears nor goes while a slider is held (held_layout.hpp).
  if (held_layout_.begin_block(probe + "/verdict",
                               !chain.stopped && chain.health.state != ChainHealthState::Ok)) {
    ImGui::PushStyleColor(ImGuiCol_Text, health_colour(chain.health.state));
    text_keeping_numbers(health_sentence(chain));
    ImGui::PopStyleColor();
    ui_probe::record_last_item(probe + "/health");
    held_layout_.end_block(probe + "/verdict");
  }
  // Offered after any change: once a bad setting is undone, the histogram can drop what it did.
  if (held_layout_.begin_block(probe + "/forget",
                               !chain.stopped && chain.settings_start_step > 0)) {
    if (forget_button(chain)) forget_draws_before_change(chain);
    held_layout_.end_block(probe + "/forget");
  }
}

void ControlPanel::show_health_banner(const EngineSnapshot& snapshot,
                                      const std::map<int, std::uint32_t>& colours, float x, float y,
                                      float w, float h) {
  std::vector<const ChainSnapshot*> flagged;
  for (const ChainSnapshot& chain : snapshot.chains)
    if (chain.stopped || chain.health.state != ChainHealthState::Ok) flagged.push_back(&chain);
  banner_height_ = 0.0f;
  if (flagged.empty() || w <= 0.0f || h <= 0.0f) return;
  // At the bottom of the main panel, in the strip its plot left free (reserve_health_strip),
  // across most of its width.
  const float inset = banner_inset();
  ImGui::SetNextWindowPos(ImVec2(x + inset, y + h - inset), ImGuiCond_Always, ImVec2(0.0f, 1.0f));
  // In a short panel (a dashboard tile) each chain gets one line and no buttons (they are in the
  // Controls, where a click on the line scrolls): two full banners left a 15 px Trace plot.
  // Several chains in trouble get one line each and one button for all (three full banners took
  // two thirds of the main plot).
  const bool short_panel = h < 22.0f * ImGui::GetFontSize();
  const bool compact = short_panel || flagged.size() > 1;
  ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f),
                                      ImVec2(w - 2.0f * inset, h * (short_panel ? 0.35f : 0.6f)));
  ImGui::SetNextWindowBgAlpha(0.94f);
  const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                 ImGuiWindowFlags_NoSavedSettings |
                                 ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                                 ImGuiWindowFlags_AlwaysAutoResize;
  if (ImGui::Begin("##chain health banner", nullptr, flags)) {
    // In front of the dock space every frame, without taking the keyboard focus: a click on a
    // docked panel brought the (transparent) dock host above the banner, which still showed
    // but no longer got the pointer, so its reset buttons did nothing.
    ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
    ui_probe::record_current_window("banner/health");
    banner_height_ = ImGui::GetWindowHeight();
    const float wrap_x = w - 4.0f * inset;  // window-local, as PushTextWrapPos takes it
    ImGui::PushTextWrapPos(wrap_x);
    for (const ChainSnapshot* chain : flagged) {
      ImGui::PushID(chain->id);
      const auto found = colours.find(chain->id);
      const ImU32 colour = found != colours.end() ? found->second : IM_COL32(200, 30, 30, 255);
      std::string sentence;
      std::optional<ParamValues> stable;
      if (chain->stopped) {
        stable = stable_settings_of(*chain);
        sentence = chain->label +
                   " stopped: " + chain->stop_reason.substr(0, chain->stop_reason.find(" ("));
        // Settings beyond a stability limit are the cause to name first: the sampler's own
        // guess ("frictionless noisy dynamics gains energy") blamed naive SGHMC's friction for
        // an ε three times its limit.
        for (const StabilityHint& hint :
             stability_hints(chain->sampler_id, chain->full_params, curvature_))
          if (hint.level == StabilityLevel::Unstable) {
            sentence = chain->label + " stopped, unstable: " + hint.text;
            break;
          }
        // The stop reason names the values it stopped at; say so when the sliders moved on.
        if (const std::string moved = settings_moved_since_stop(*chain);
            !moved.empty() && sentence.find("unstable: ") == std::string::npos)
          sentence += (sentence.back() == '.' ? " " : ". ") + moved;
      } else {
        sentence = health_sentence(*chain);
      }
      // A bar in the chain's colour, the sentence in it too (bold enough on the light panel).
      const ImVec2 top = ImGui::GetCursorScreenPos();
      ImGui::Indent(inset);
      // The sentence darkened where the chain's colour is too light to read (sky blue, orange).
      ImGui::PushStyleColor(ImGuiCol_Text,
                            readable_on(colour, ImGui::GetColorU32(ImGuiCol_WindowBg)));
      // Wrapped at spaces only (never inside a number), at the same edge as the buttons below.
      if (compact) {
        // One line: the reason before the step number, which an elided line would cut instead
        // ("stopped: diverged at step 17483: frictionless noisy…"); the tooltip has it all.
        std::string line = sentence;
        const std::string diverged = " stopped: diverged at step ";
        if (const std::size_t at = line.find(diverged); chain->stopped && at != std::string::npos)
          if (const std::size_t reason = line.find(": ", at + diverged.size());
              reason != std::string::npos)
            line = line.substr(0, at) + " stopped: " + line.substr(reason + 2);
        // One chain alone gets a second line before anything is cut: one line kept only "SGHMC
        // stopped: its settings are…", the cause lost (newcomer run 11).
        const float width = wrap_x - ImGui::GetCursorPosX();
        std::string rest = line;
        if (flagged.size() == 1 && ImGui::CalcTextSize(line.c_str()).x > width) {
          std::size_t cut = line.rfind(' ');
          while (cut != std::string::npos && cut > 0 &&
                 ImGui::CalcTextSize(line.substr(0, cut).c_str()).x > width)
            cut = line.rfind(' ', cut - 1);
          if (cut != std::string::npos && cut > 0) {
            ImGui::TextUnformatted(line.substr(0, cut).c_str());
            rest = line.substr(cut + 1);
          }
        }
        ImGui::TextUnformatted(elide_to_width(rest, ImGui::GetFont(), width).c_str());
      } else {
        text_keeping_numbers(sentence, wrap_x - ImGui::GetCursorPosX());
      }
      ImGui::PopStyleColor();
      ui_probe::record_text("banner/" + std::to_string(chain->id), sentence);
      if (ImGui::IsItemClicked()) scroll_to_chain_ = chain->id;
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s\nClick to show %s in the Controls", sentence.c_str(),
                          chain->label.c_str());
      if (!compact && chain->stopped) {
        const SamplerInfo* info = find_sampler_info(chain->sampler_id);
        if (stable && info) {
          const std::string text =
              "Reset with " + describe_param_values(info->params, chain->params, *stable);
          if (ImGui::SmallButton(text.c_str())) reset_chain_with(*chain, stable);
          ui_probe::record_last_item("banner/" + std::to_string(chain->id) + "/reset_stable");
          ImGui::SameLine();
        }
        if (ImGui::SmallButton(stable ? "Reset keeping these settings" : "Reset chain"))
          reset_chain_with(*chain, std::nullopt);
      } else if (!compact && chain->settings_start_step > 0 && forget_button(*chain)) {
        forget_draws_before_change(*chain);
      }
      ImGui::Unindent(inset);
      const ImVec2 bottom = ImGui::GetItemRectMax();
      ImGui::GetWindowDrawList()->AddRectFilled(top, ImVec2(top.x + inset * 0.4f, bottom.y), colour,
                                                0.0f);
      ImGui::PopID();
    }
    const auto stopped_count = std::count_if(flagged.begin(), flagged.end(),
                                             [](const ChainSnapshot* c) { return c->stopped; });
    if (!short_panel && flagged.size() > 1 && stopped_count > 0) {
      ImGui::Indent(inset);
      const std::string text =
          stopped_count == 1 ? "Reset the stopped chain"
                             : "Reset the " + std::to_string(stopped_count) + " stopped chains";
      if (ImGui::SmallButton(text.c_str()))
        for (const ChainSnapshot* chain : flagged)
          if (chain->stopped) reset_chain_with(*chain, stable_settings_of(*chain));
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Each with its last stable settings where it has them");
      ImGui::Unindent(inset);
    }
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace sgl
