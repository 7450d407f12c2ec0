#include "app/gui/panels/control_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "app/gui/export/browser_file_picker.hpp"
#include "app/gui/panels/chain_guidance.hpp"
#include "app/gui/panels/control_anchors.hpp"
#include "app/gui/panels/param_widgets.hpp"
#include "app/gui/panels/start_choice_control.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/plot/chain_colours.hpp"
#include "app/gui/shell/headline_bar.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/samplers/data_aware_defaults.hpp"
#include "core/samplers/sampler_availability.hpp"
#include "core/samplers/sampler_registry.hpp"
#include "core/targets/data_target.hpp"
#include "core/util/refusal_text.hpp"

namespace sgl {
namespace {

// Names and sampler ids are the longest texts in the column: their fields take the whole row
// but for their own short label, not the gutter sized for the longest parameter name.
void fit_item_before_label(const char* label) {
  ImGui::SetNextItemWidth(std::max(ImGui::GetFontSize() * 4.0f,
                                   ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize(label).x -
                                       ImGui::GetStyle().ItemInnerSpacing.x));
}

ImVec4 colour_to_vec4(std::uint32_t colour) {
  return ImGui::ColorConvertU32ToFloat4(colour);
}

void help_marker(const std::string& text) {
  ImGui::SameLine();
  ImGui::TextDisabled("(?)");
  if (ImGui::IsItemHovered()) {
    ImGui::BeginTooltip();
    ImGui::PushTextWrapPos(ImGui::GetFontSize() * 28.0f);
    ImGui::TextUnformatted(text.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndTooltip();
  }
}

// The vertical gap between the Controls' rows (the style's is 5 px).
constexpr float kControlsRowSpacing = 3.0f;

// The chain of a "chain<id>/<parameter>" anchor, or −1 for any other control.
int param_anchor_chain(const std::string& anchor) {
  const std::size_t slash = anchor.find('/');
  if (anchor.rfind("chain", 0) != 0 || slash == std::string::npos) return -1;
  const std::string control = anchor.substr(slash + 1);
  if (control.empty() || control == "sampler" || control == "actions") return -1;
  return std::atoi(anchor.c_str() + 5);
}

// The engine's refusal worded for the window: a chain's refusal names the chain by its label and
// the parameters by their sliders' labels (the sampler words it with ids, for the command line).
std::string refusal_for_window(const EngineSnapshot& snapshot, const std::string& anchor) {
  const int chain_id = param_anchor_chain(anchor);
  for (const ChainSnapshot& chain : snapshot.chains)
    if (chain.id == chain_id)
      if (const SamplerInfo* info = find_sampler_info(chain.sampler_id))
        return user_facing_refusal(snapshot.last_error, chain.sampler_id, chain.label,
                                   info->params);
  return snapshot.last_error;
}

}  // namespace

ControlPanel::ControlPanel(LiveEngine& engine) : engine_(engine), slow_motion_(engine) {}

void ControlPanel::toggle_running(const EngineSnapshot& snapshot) {
  if (slow_motion_.active()) return slow_motion_.toggle_playing();
  engine_.set_running(!snapshot.running);
}
void ControlPanel::step_once() {
  if (slow_motion_.active()) return slow_motion_.step();  // one leapfrog step
  engine_.step_once();
}
void ControlPanel::toggle_slow_motion(const EngineSnapshot& snapshot, int chain_id) {
  if (chain_id < 0) {
    for (const ChainSnapshot& chain : snapshot.chains)
      if (chain.observes_trajectories && (chain_id < 0 || cards_.is_open(chain.id)))
        chain_id = chain.id;  // the open chain wins; else the first
  }
  if (chain_id < 0) {
    set_status("Slow motion needs a chain that traces a leapfrog path (HMC, SGHMC, NUTS, ...)",
               true);
    return;
  }
  if (slow_motion_.active() && slow_motion_.chain_id() == chain_id) return slow_motion_.leave();
  slow_motion_.enter(chain_id, snapshot);
  // S with a chain open that traces no path (SGLD) plays another: say which, and why.
  for (const ChainSnapshot& open : snapshot.chains)
    if (cards_.is_open(open.id) && !open.observes_trajectories)
      for (const ChainSnapshot& played : snapshot.chains)
        if (played.id == chain_id)
          set_status(open.label + " has no leapfrog path: slow motion plays " + played.label,
                     false);
}

void ControlPanel::reset_all() {
  engine_.reset_all();
}

void ControlPanel::show(ViewContext& context) {
  const EngineSnapshot& snapshot = *context.snapshot;
  refresh_target_facts(snapshot);
  take_new_error(snapshot);
  if (const std::string ended = slow_motion_.take_end_reason(); !ended.empty())
    set_status(ended, false);
  held_layout_.begin_frame();
  refusal_at_control_ = refusal_drawn_;
  refusal_drawn_ = false;
  // The status line sits below the scrolling part, so a refusal or an undo is always in view,
  // and its coming and going never moves the sliders under the pointer (while one is held the
  // body keeps its height: a shorter body scrolled to its end would shift).
  if (!held_layout_.held()) held_status_height_ = status_line_height();
  ImGui::BeginChild("##controls body", ImVec2(0.0f, -held_status_height_));
  if (scroll_to_top_) {
    ImGui::SetScrollY(0.0f);
    scroll_to_top_ = false;
  }
  // Leave room for the labels to the right of the widgets. Rows a little closer than the
  // window's (text keeps its size): more of the chains fit at 1280x720.
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 9.0f);
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing,
                      ImVec2(ImGui::GetStyle().ItemSpacing.x, kControlsRowSpacing));
  show_run_controls(snapshot);
  ImGui::Separator();
  show_target_controls(snapshot);
  ImGui::Separator();
  show_chain_list(context);
  ImGui::PopStyleVar();
  ImGui::PopItemWidth();
  ImGui::EndChild();
  ui_probe::record_last_item("controls/body");  // what scrolls: the panel less its status line
  show_status_line();
  // A slider drag is one undo step: it ends when nothing is held any more.
  if (!ImGui::IsAnyItemActive()) {
    undo_.end_gesture();
    if (gesture_chain_ >= 0) resume_after_gesture(snapshot);
    gesture_chain_ = -1;
  }
}

void ControlPanel::refresh_target_facts(const EngineSnapshot& snapshot) {
  if (snapshot.target.get() == facts_target_ || !snapshot.target) return;
  facts_target_ = snapshot.target.get();
  unavailable_samplers_ = unavailable_samplers(*snapshot.target);
  curvature_.reset();
  curvature_note_.clear();
  if (const auto curvature = estimate_curvature(*snapshot.target)) {
    curvature_ = curvature->max_eigenvalue;
    char note[128];
    std::snprintf(note, sizeof note, "This target: λ_max = %.3g %s.", curvature->max_eigenvalue,
                  curvature->where.c_str());
    curvature_note_ = note;
  }
}

void ControlPanel::take_new_error(const EngineSnapshot& snapshot) {
  if (snapshot.error_serial == last_error_serial_) return;
  last_error_serial_ = snapshot.error_serial;
  if (snapshot.last_error.empty()) return;
  // The refusal belongs to the most recent command; it is shown under that command's control.
  error_anchor_ = pending_anchor_;
  set_status("Rejected: " + refusal_for_window(snapshot, error_anchor_), true);
  // A refused parameter change never happened: it must not be undone later.
  if (const int chain_id = param_anchor_chain(error_anchor_); chain_id >= 0)
    if (const ParamUndoEntry* newest = undo_.newest(); newest && newest->chain_id == chain_id)
      undo_.pop();
  // Show the engine's values again rather than the rejected ones.
  edited_params_.clear();
  edited_sampler_.clear();
  target_synced_ = false;
}

void ControlPanel::show_run_controls(const EngineSnapshot& snapshot) {
  // Three buttons share the panel's width (never wider than 5 em each), so none is cut off.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float button_width = std::min(ImGui::GetFontSize() * 5.0f,
                                      (ImGui::GetContentRegionAvail().x - 2.0f * spacing) / 3.0f);
  const bool running = slow_motion_.active() ? slow_motion_.playing() : snapshot.running;
  // In slow motion the same three buttons play, step and leave it, and the next row sets its
  // playback speed: nothing below them moves when it starts or ends (a block of its own above
  // the chains moved the list, and a click meant for one chain's row landed on another's slider;
  // newcomer run 7). The status strip says what is going on meanwhile.
  if (ImGui::Button(running                 ? "Pause"
                    : slow_motion_.active() ? "Play"
                                            : "Run",
                    ImVec2(button_width, 0)))
    toggle_running(snapshot);
  ui_probe::record_last_item("controls/run");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(slow_motion_.active() ? "Play / pause the slow motion (Space)"
                                            : "Run / pause all chains (Space)");
  ImGui::SameLine();
  if (ImGui::Button("Step", ImVec2(button_width, 0))) step_once();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(slow_motion_.active() ? "One leapfrog step of the slowed chain (N)"
                                            : "Advance every enabled chain by one step (N)");
  ImGui::SameLine();
  if (slow_motion_.active()) {
    const bool leave = ImGui::Button("Leave", ImVec2(button_width, 0));
    ui_probe::record_last_item("slow_motion/leave");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to running every chain (S or Esc)");
    slow_motion_.show_playback_row(snapshot);
    if (leave) slow_motion_.leave();
    return;
  }
  if (ImGui::Button("Reset", ImVec2(button_width, 0))) reset_all();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Restart every chain from its start with its seed (R)");
  if (!speed_synced_) {
    max_speed_ = snapshot.steps_per_second <= 0.0;
    speed_ = max_speed_ ? 1000.0 : snapshot.steps_per_second;
    speed_synced_ = true;
  }
  // One row: the speed slider (greyed while "max" runs as fast as possible), then "max".
  const float max_width =
      ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("max").x;
  ImGui::SetNextItemWidth(
      std::max(ImGui::GetFontSize() * 3.0f, ImGui::GetContentRegionAvail().x - max_width -
                                                ImGui::CalcTextSize("steps/s").x -
                                                2.0f * ImGui::GetStyle().ItemSpacing.x));
  ImGui::BeginDisabled(max_speed_);
  const double lo = 1.0, hi = 1e6;
  if (readable_slider("steps/s", speed_, lo, hi, max_speed_ ? "fastest" : "%.0f",
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
    engine_.set_speed(speed_);
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("Steps per second of each chain (tick \"max\" to run as fast as possible)");
  // After the slider's label, which readable_slider draws beyond the frame ImGui lays out.
  ImGui::SameLine(ImGui::GetItemRectMax().x - ImGui::GetWindowPos().x + ImGui::GetScrollX() +
                  ImGui::GetStyle().ItemSpacing.x);
  if (ImGui::Checkbox("max", &max_speed_)) engine_.set_speed(max_speed_ ? 0.0 : speed_);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Run every chain as fast as the machine allows");
}

void ControlPanel::show_seed(const EngineSnapshot& snapshot) {
  if (!seed_synced_) {
    seed_ = snapshot.seed;
    seed_synced_ = true;
  }
  ImGui::InputScalar("seed", ImGuiDataType_U64, &seed_);
  if (ImGui::IsItemDeactivatedAfterEdit()) engine_.set_seed(seed_);
  help_marker(
      "Run seed: chain k draws from stream k of this seed, exactly as `sgmcmc-lab run --seed` "
      "does. "
      "Changing it restarts every chain.");
}

void ControlPanel::show_target_controls(const EngineSnapshot& snapshot) {
  if (!target_synced_) {
    edited_target_ = snapshot.target_spec;
    std::snprintf(csv_path_, sizeof csv_path_, "%s", edited_target_.data_csv.c_str());
    std::snprintf(response_column_, sizeof response_column_, "%s", edited_target_.response.c_str());
    target_synced_ = true;
  }
  const TargetInfo* current = find_target_info(edited_target_.id);
  fit_item_before_label("target (?)");  // the help marker follows on the same line
  const bool target_list_open = ImGui::BeginCombo("target", edited_target_.id.c_str());
  // For tests/gui/target_note_test.sh (while open, the last item is inside the list).
  if (!target_list_open) ui_probe::record_last_item("target/combo");
  if (target_list_open) {
    for (const auto& info : target_catalogue()) {
      const bool chosen = ImGui::Selectable(info.id.c_str(), info.id == edited_target_.id);
      ui_probe::record_last_item("target/option/" + info.id);
      if (chosen) {
        // A typed target starts from the gallery's first example.
        edited_target_ = TargetSpec{
            info.id, {}, "", "y", info.id == "custom" ? potential_examples()[0].expression : ""};
        csv_path_[0] = '\0';
        pending_anchor_ = "target";
        engine_.set_target(edited_target_);
        edited_params_.clear();
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.description.c_str());
    }
    ImGui::EndCombo();
  }
  if (current) help_marker(current->description);
  if (edited_target_.id == "custom") {
    const std::string& applied = snapshot.target_spec.id == "custom"
                                     ? snapshot.target_spec.potential
                                     : edited_target_.potential;
    if (std::optional<std::string> expression = potential_editor_.show(applied)) {
      // A new expression gets a window found from it: bounds set for the old one may not fit.
      edited_target_.potential = *expression;
      edited_target_.params.clear();
      pending_anchor_ = "target";
      engine_.set_target(edited_target_);
      edited_params_.clear();
    }
  }
  show_anchored_refusal("target");
  if (!current) return;
  if (const auto start = show_start_choice(snapshot)) {
    pending_anchor_ = "start";
    engine_.set_start(*start);
  }
  show_anchored_refusal("start");
  // The seed, which few change during a lesson, folded away with the target's parameters: at
  // 1280x720 its row was worth more to the open chain's second slider, cut at the fold.
  // (A typed target's bounds are CLI and scenario settings: its node holds the seed alone.)
  const bool custom = edited_target_.id == "custom";
  if (ImGui::TreeNodeEx(custom ? "seed###more" : "seed, target parameters###more",
                        ImGuiTreeNodeFlags_None)) {
    show_seed(snapshot);
    ParamWidgetLimits limits;
    if (!custom && edit_params(current->params, edited_target_.params, limits)) {
      pending_anchor_ = "target";
      engine_.set_target(edited_target_);
      edited_params_.clear();
    }
    if (!custom && current->accepts_data_file) {
      const bool picked = path_field("CSV file", csv_path_, sizeof csv_path_, ".csv,.txt");
      ImGui::InputText("response column", response_column_, sizeof response_column_);
      if (ImGui::Button("Load CSV") || picked) {
        TargetSpec spec{edited_target_.id, {}, csv_path_, response_column_};
        if (edited_target_.params.count("prior_sd"))
          spec.params["prior_sd"] = edited_target_.params.at("prior_sd");
        if (edited_target_.params.count("noise_sd"))
          spec.params["noise_sd"] = edited_target_.params.at("noise_sd");
        pending_anchor_ = "target";
        engine_.set_target(spec);
        edited_params_.clear();
        target_synced_ = false;
      }
      ImGui::SameLine();
      if (ImGui::Button("Synthetic data")) {
        pending_anchor_ = "target";
        engine_.set_target(TargetSpec{edited_target_.id, {}, "", "y"});
        target_synced_ = false;
      }
      if (!snapshot.target_spec.data_csv.empty())
        ImGui::TextWrapped("Data: %s", snapshot.target_spec.data_csv.c_str());
    }
    ImGui::TreePop();
  }
}

void ControlPanel::show_chain_list(ViewContext& context) {
  const EngineSnapshot& snapshot = *context.snapshot;
  const bool data_target = snapshot.target && snapshot.target->as_data_target() != nullptr;
  // No "Chains (4)" line: the headers below say as much, and at 1280x720 the row was worth
  // more to the open chain's sliders.
  // Every chain's header first, one line each, then the open chain's settings below them: the
  // headers keep their places whichever card is open.
  cards_.sync(snapshot.chains);
  for (const ChainSnapshot& chain : snapshot.chains) show_chain_header(context, chain);
  for (const ChainSnapshot& chain : snapshot.chains)
    if (cards_.is_open(chain.id)) show_chain_settings(context, chain, data_target);
  show_add_chain(snapshot);
}

void ControlPanel::show_chain_header(ViewContext& context, const ChainSnapshot& chain) {
  ImGui::PushID(chain.id);
  if (scroll_to_chain_ == chain.id) cards_.open(chain.id);
  auto colour_it = context.chain_colours.find(chain.id);
  if (colour_it == context.chain_colours.end())
    colour_it = context.chain_colours.emplace(chain.id, default_chain_colour(chain.id)).first;
  ImVec4 colour = colour_to_vec4(colour_it->second);
  if (ImGui::ColorEdit3("##colour", &colour.x,
                        ImGuiColorEditFlags_NoInputs | ImGuiColorEditFlags_NoLabel))
    colour_it->second = ImGui::ColorConvertFloat4ToU32(colour);
  ImGui::SameLine();
  bool enabled = chain.enabled;
  if (ImGui::Checkbox("##enabled", &enabled)) engine_.set_chain_enabled(chain.id, enabled);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Enable / pause this chain only");
  ImGui::SameLine();
  const bool open = cards_.header(chain);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s: %s\nClick to %s its settings", chain.label.c_str(),
                      chain.sampler_id.c_str(), open ? "hide" : "show");
  if (chain.stopped) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1.0f), "STOPPED");
  } else if (!open) {
    // A closed card still says what the chain runs with.
    if (const SamplerInfo* info = find_sampler_info(chain.sampler_id)) {
      const std::string summary = chain_settings_summary(info->params, chain.full_params);
      // Not squeezed into a stub: a header whose name fills the row shows the name alone.
      const float room = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x -
                         ImGui::GetItemRectMax().x - ImGui::GetStyle().ItemSpacing.x;
      if (!summary.empty() && room > 4.0f * ImGui::GetFontSize()) {
        ImGui::SameLine();
        ImGui::TextDisabled("%s", elide_to_width(summary, ImGui::GetFont(), room).c_str());
      }
    }
  }
  ImGui::PopID();
}

void ControlPanel::show_chain_settings(ViewContext& context, const ChainSnapshot& chain,
                                       bool data_target) {
  ImGui::PushID(chain.id);
  ImGui::Separator();
  cards_.reveal_settings_once();
  // A chain that just turned unstable, stuck, too slow or stopped, or one Ctrl+Z changed, comes
  // into view with its settings at the top (not while a slider is held: they would move under it).
  if (scroll_to_chain_ == chain.id && !ImGui::IsAnyItemActive()) {
    views::scroll_to_top_unless_shown(5.0f * ImGui::GetFrameHeightWithSpacing());
    scroll_to_chain_ = -1;
  }
  {
    const std::string block = "chain" + std::to_string(chain.id);
    // Sampler picker: switching keeps the seed and restarts this chain.
    std::string& sampler_id = edited_sampler_[chain.id];
    if (sampler_id.empty()) sampler_id = chain.sampler_id;
    fit_item_before_label("sampler");
    if (const auto picked = sampler_picker("sampler", chain.sampler_id, unavailable_samplers_);
        picked && *picked != chain.sampler_id) {
      pending_anchor_ = chain_anchor(chain.id, "sampler");
      engine_.set_chain_sampler(chain.id, *picked, {});
      edited_params_.erase(chain.id);
      undo_.forget_chain(chain.id);  // the old sampler's values mean nothing to the new one
      sampler_id = *picked;
    }
    show_anchored_refusal(chain_anchor(chain.id, "sampler"));
    if (const SamplerInfo* info = find_sampler_info(chain.sampler_id)) {
      auto params_it = edited_params_.find(chain.id);
      if (params_it == edited_params_.end())
        params_it = edited_params_.emplace(chain.id, chain.params).first;
      ParamWidgetLimits limits;
      limits.data_target = data_target;
      limits.probe_prefix = "chain" + std::to_string(chain.id) + "/";
      limits.label_above = true;  // full-width sliders: precise drags in a narrow panel
      if (data_target)
        if (const auto* data = context.snapshot->target->as_data_target())
          limits.max_batch_size = double(data->num_data());
      // Ranges and hints follow the values being edited, so they move with the other sliders.
      // Unset parameters show what the chain runs with: core's defaults, data-aware on a
      // regression (the snapshot's full_params while nothing is being edited).
      const ParamValues full = params_it->second == chain.params
                                   ? chain.full_params
                                   : sampler_defaults(chain.sampler_id, *context.snapshot->target,
                                                      params_it->second, info->params);
      limits.shown_defaults = full;
      for (const ParamDescriptor& descriptor : info->params)
        if (const auto range =
                derived_slider_range(chain.sampler_id, descriptor.name, full, curvature_)) {
          const SliderRange& held = limits.slider_ranges[descriptor.name] = held_ranges_.hold(
              chain.id, descriptor.name, *range, param_or(full, descriptor.name, 0.0), curvature_);
          limits.slider_zones[descriptor.name] = zone_cache_.zones(
              chain.id, chain.sampler_id, descriptor.name, full, curvature_, held);
        }
      const std::string anchor_prefix = chain_anchor(chain.id, "");
      if (param_anchor_chain(error_anchor_) == chain.id) {
        limits.error_param = error_anchor_.substr(anchor_prefix.size());
        limits.error_text = refusal_at(error_anchor_);
        refusal_drawn_ = refusal_drawn_ || !limits.error_text.empty();
      }
      // A refusal under a slider neither appears nor goes while a slider is held.
      auto& [held_param, held_text] = held_refusals_[chain.id];
      if (held_layout_.held()) {
        limits.error_param = held_param;
        limits.error_text = held_text;
      } else {
        held_param = limits.error_param;
        held_text = limits.error_text;
      }
      const ParamValues before = params_it->second;
      if (edit_params(info->params, params_it->second, limits)) {
        pending_anchor_ = anchor_prefix + changed_param(before, params_it->second);
        if (const std::optional<double> estimate =
                lower_noise_estimate_to_friction(params_it->second)) {
          char said[96];
          std::snprintf(said, sizeof said, "B̂ came down with C to %.3g (B̂ ≤ C)", *estimate);
          set_status(said, false);
        }
        undo_.record(chain.id, chain.sampler_id, before, params_it->second, chain.stopped);
        engine_.set_chain_params(chain.id, params_it->second);
        if (gesture_chain_ != chain.id) {
          gesture_chain_ = chain.id;
          gesture_began_stopped_ = chain.stopped;
        }
      }
      // The verdict, "Forget draws" and the stop offer sit right under the sliders that caused
      // them, where the eye is after a drag (they appear on the release: held_layout.hpp).
      if (held_layout_.begin_block(block + "/stopped", chain.stopped)) {
        const StoppedChainReset reset = show_stopped_chain(chain, stable_settings_of(chain));
        if (reset.requested) reset_chain_with(chain, reset.params);
        held_layout_.end_block(block + "/stopped");
      }
      show_chain_health(chain);
      const std::vector<StabilityHint> hints = stability_hints(chain.sampler_id, full, curvature_);
      if (held_layout_.begin_block(block + "/hints", true)) {
        show_stability_hints(hints, curvature_note_, block);
        show_rejected_divergences(chain, hints);
        held_layout_.end_block(block + "/hints");
      }
    }
    if (chain.training && chain.training->completed < chain.training->iterations)
      show_training_progress(chain);
    const std::string actions = chain_anchor(chain.id, "actions");
    if (ImGui::SmallButton("duplicate")) {
      pending_anchor_ = actions;
      engine_.duplicate_chain(chain.id);
    }
    ImGui::SameLine();
    if (ImGui::SmallButton("reset")) {
      pending_anchor_ = actions;
      engine_.reset_chain(chain.id);
    }
    ImGui::SameLine();
    const bool remove_clicked = ImGui::SmallButton("remove");
    ui_probe::record_last_item("chain" + std::to_string(chain.id) + "/remove");
    if (remove_clicked) {
      pending_anchor_ = actions;
      engine_.remove_chain(chain.id);
      edited_params_.erase(chain.id);
      edited_sampler_.erase(chain.id);
      undo_.forget_chain(chain.id);
    }
    // Slow motion ends the actions row where it fits: one row fewer per chain.
    if (chain.observes_trajectories) {
      const SlowMotionFrame* playing = slow_motion_.frame();
      const char* text =
          playing && playing->chain_id == chain.id ? "leave slow motion" : "slow motion";
      views::same_line_if_fits(ImGui::CalcTextSize(text).x +
                               2.0f * ImGui::GetStyle().FramePadding.x);
    }
    slow_motion_.show_chain_button(chain, *context.snapshot);
    show_anchored_refusal(actions);
    // The name last: the sliders are what a lesson changes (the header shows the name).
    show_label_editor(chain);
  }
  ImGui::PopID();
}

void ControlPanel::show_label_editor(const ChainSnapshot& chain) {
  // The field follows the engine's label except while the user types into it; the new label
  // applies when the field loses focus (a refused one reverts, with the reason shown).
  std::string& text = edited_labels_[chain.id];
  if (label_editing_ != chain.id) text = chain.label;
  char buffer[128];
  std::snprintf(buffer, sizeof buffer, "%s", text.c_str());
  fit_item_before_label("label");
  if (ImGui::InputText("label", buffer, sizeof buffer)) text = buffer;
  if (ImGui::IsItemActivated()) label_editing_ = chain.id;
  ui_probe::record_last_item("chain" + std::to_string(chain.id) + "/label");
  if (ImGui::IsItemDeactivated()) {
    label_editing_ = -1;
    if (text != chain.label) engine_.set_chain_label(chain.id, text);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The chain's name in the legend, every panel, the metrics, exports and "
        "saved sessions. Press Enter or click elsewhere to apply.");
}

void ControlPanel::show_training_progress(const ChainSnapshot& chain) {
  // DAIS trains on the worker thread; stopping sets `iterations` to the iterations done, so the
  // chain samples from the parameters reached so far (its draws and ELBO estimate follow).
  const TrainingReport& training = *chain.training;
  const float fraction = float(double(training.completed) / double(training.iterations));
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "training %llu / %llu",
                static_cast<unsigned long long>(training.completed),
                static_cast<unsigned long long>(training.iterations));
  ImGui::ProgressBar(fraction, ImVec2(-ImGui::GetFontSize() * 4.5f, 0), overlay);
  ImGui::SameLine();
  if (ImGui::SmallButton("stop")) {
    ParamValues& params = edited_params_[chain.id];
    if (params.empty()) params = chain.params;
    params["iterations"] = double(training.completed);
    engine_.set_chain_params(chain.id, params);
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Stop training here and sample with the parameters learned so far");
}

void ControlPanel::show_add_chain(const EngineSnapshot& snapshot) {
  (void)snapshot;
  ImGui::Separator();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  if (const auto picked = sampler_picker("##new sampler", add_sampler_id_, unavailable_samplers_))
    add_sampler_id_ = *picked;
  ImGui::SameLine();
  if (ImGui::Button("Add chain")) {
    pending_anchor_ = "add";
    engine_.add_chain(ChainSpec{add_sampler_id_, {}, true});
  }
  ui_probe::record_last_item("add_chain/button");
  // A refused chain (e.g. a sampler this target cannot run) says why right here.
  show_anchored_refusal("add");
}

}  // namespace sgl
