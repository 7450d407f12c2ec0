// The control panel: target picker and parameters, the chain list (add / duplicate / remove /
// enable / reset, sampler, colour, parameter sliders) and the global run controls. It is the only
// part of the UI that sends commands to the engine; it keeps its own editable copies of the
// parameters so sliders stay smooth while the engine applies each change at the next step.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "app/gui/panels/chain_cards.hpp"
#include "app/gui/panels/held_layout.hpp"
#include "app/gui/panels/held_slider_ranges.hpp"
#include "app/gui/panels/potential_editor.hpp"
#include "app/gui/panels/slider_zone_cache.hpp"
#include "app/gui/panels/slow_motion.hpp"
#include "app/gui/panels/view_context.hpp"
#include "core/run/live_engine.hpp"
#include "core/run/param_undo_stack.hpp"
#include "core/samplers/target_curvature.hpp"

namespace sgl {

class ControlPanel {
 public:
  explicit ControlPanel(LiveEngine& engine);

  // Draws into the current ImGui window.
  void show(ViewContext& context);
  // Whether the panel changes with time alone: a status message that will expire.
  bool changes_with_time() const { return status_visible(); }

  // Global actions, also bound to keys by the app shell.
  void toggle_running(const EngineSnapshot& snapshot);
  void step_once();
  // S and Run > Slow motion: slow motion on `chain_id` (−1: the chain whose settings are open,
  // else the first that traces a leapfrog path), or out of it when it already plays there.
  void toggle_slow_motion(const EngineSnapshot& snapshot, int chain_id = -1);
  void reset_all();
  // Ctrl+Z: restores the chain parameters before the newest change (a whole slider drag) and
  // says what it undid in the status line.
  void undo_last_change(const EngineSnapshot& snapshot);
  // Leapfrog slow motion (Space and N drive its playback while it is on).
  SlowMotion& slow_motion() { return slow_motion_; }
  // The banner over the main plot (screen rectangle x, y, w, h) naming each chain that is
  // unstable, stuck, far too slow or stopped, with what to do (control_panel_health.cpp).
  // It sits in a strip at the bottom of that panel, below its plot and captions, never over a
  // panel's own controls: call reserve_health_strip() in the main panel's window before it draws.
  void show_health_banner(const EngineSnapshot& snapshot,
                          const std::map<int, std::uint32_t>& colours, float x, float y, float w,
                          float h);
  void reserve_health_strip() const;

 private:
  void show_run_controls(const EngineSnapshot& snapshot);
  void show_target_controls(const EngineSnapshot& snapshot);
  void show_seed(const EngineSnapshot& snapshot);  // inside the "seed, target parameters" node
  void show_chain_list(ViewContext& context);
  void show_label_editor(const ChainSnapshot& chain);
  void show_training_progress(const ChainSnapshot& chain);
  void show_chain_header(ViewContext& context, const ChainSnapshot& chain);
  void show_chain_settings(ViewContext& context, const ChainSnapshot& chain, bool data_target);
  void show_add_chain(const EngineSnapshot& snapshot);
  // Curvature and sampler availability of a new target (computed once per target).
  void refresh_target_facts(const EngineSnapshot& snapshot);
  void take_new_error(const EngineSnapshot& snapshot);
  void set_status(const std::string& message, bool is_error);
  bool status_visible() const;
  float status_line_height() const;  // 0 when there is no message
  void show_status_line();
  // The refusal to show under the control `anchor` ("" if it caused none lately).
  // The refusal anchored at `anchor`, drawn there (and noted: the status line skips it).
  void show_anchored_refusal(const std::string& anchor);
  std::string refusal_at(const std::string& anchor) const;
  // Chain health (control_panel_health.cpp): its verdict, "Forget draws before this change" and
  // the stop offer sit under its sliders; a chain turning bad never scrolls the Controls on its
  // own (a click on the banner does); the reset offer is the settings before the change that
  // broke it.
  void show_chain_health(const ChainSnapshot& chain);
  std::optional<ParamValues> stable_settings_of(const ChainSnapshot& chain) const;
  void reset_chain_with(const ChainSnapshot& chain, const std::optional<ParamValues>& params);
  void forget_draws_before_change(const ChainSnapshot& chain);
  // A drag that stopped its chain on the way (ε to an extreme and back) and ended on settings
  // with no unstable hint restarts the chain, as Ctrl+Z of the breaking change would.
  void resume_after_gesture(const EngineSnapshot& snapshot);

  LiveEngine& engine_;
  std::map<int, ParamValues> edited_params_;  // by chain id
  std::map<int, std::string> edited_sampler_;
  std::map<int, std::string> edited_labels_;
  int label_editing_ = -1;  // the chain whose label field has focus
  TargetSpec edited_target_;
  PotentialEditor potential_editor_;  // the custom target's expression
  bool target_synced_ = false;
  std::uint64_t last_error_serial_ = 0;
  // The status line (a refusal or what Ctrl+Z undid), and the control a refusal belongs to:
  // "target", "add", "chain<id>/sampler", "chain<id>/actions" or "chain<id>/<parameter>".
  std::string status_;
  bool status_is_error_ = false;
  double status_shown_at_ = -1e9;
  std::string pending_anchor_;  // the control of the newest command sent
  std::string error_anchor_;
  bool refusal_drawn_ = false;       // this frame, the error was drawn at its control
  bool refusal_at_control_ = false;  // ... last frame: the status line leaves it out
  ParamUndoStack undo_;
  const Target* facts_target_ = nullptr;
  HeldSliderRanges held_ranges_;     // ranges that stay put while other sliders move
  SliderZoneCache zone_cache_;       // the stability stripes under the open chain's sliders
  std::optional<double> curvature_;  // λ_max of the current target, if known
  std::string curvature_note_;       // where it came from, for the hints' tooltip
  std::map<std::string, std::string> unavailable_samplers_;  // id → why not on this target
  char csv_path_[512] = {};
  char response_column_[64] = "y";
  double speed_ = 0.0;
  bool max_speed_ = false;
  bool speed_synced_ = false;
  std::uint64_t seed_ = 1;
  bool seed_synced_ = false;
  std::string add_sampler_id_ = "sghmc";
  SlowMotion slow_motion_;
  ChainCards cards_;                 // one chain's settings open at a time
  int scroll_to_chain_ = -1;         // the chain the Controls scroll to next (−1: none)
  HeldLayout held_layout_;           // rows that keep still while a slider is held
  float held_status_height_ = 0.0f;  // the status line's height when the hold began
  float banner_height_ = 0.0f;       // the health banner's last height (0: none shown)
  // A new panel is a new preset or session: ImGui keeps the old one's scroll position under the
  // same window name, so the first frame scrolls to the top.
  bool scroll_to_top_ = true;
  // By chain: the refusal shown under a slider when the hold began (parameter, text).
  std::map<int, std::pair<std::string, std::string>> held_refusals_;
  int gesture_chain_ = -1;  // the chain a slider drag (gesture) is changing
  bool gesture_began_stopped_ = false;
};

}  // namespace sgl
