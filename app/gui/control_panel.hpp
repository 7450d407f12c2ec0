// The control panel: target picker and parameters, the chain list (add / duplicate / remove /
// enable / reset, sampler, colour, parameter sliders) and the global run controls. It is the only
// part of the UI that sends commands to the engine; it keeps its own editable copies of the
// parameters so sliders stay smooth while the engine applies each change at the next step.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "run/live_engine.hpp"
#include "view_context.hpp"

namespace sgl {

class ControlPanel {
 public:
  explicit ControlPanel(LiveEngine& engine);

  // Draws into the current ImGui window.
  void show(ViewContext& context);

  // Global actions, also bound to keys by the app shell.
  void toggle_running(const EngineSnapshot& snapshot);
  void step_once();
  void reset_all();

 private:
  void show_run_controls(const EngineSnapshot& snapshot);
  void show_target_controls(const EngineSnapshot& snapshot);
  void show_chain_list(ViewContext& context);
  void show_label_editor(const ChainSnapshot& chain);
  void show_training_progress(const ChainSnapshot& chain);
  void show_chain(ViewContext& context, const ChainSnapshot& chain, bool data_target);
  void show_add_chain(const EngineSnapshot& snapshot);
  void show_error(const EngineSnapshot& snapshot);

  LiveEngine& engine_;
  std::map<int, ParamValues> edited_params_;  // by chain id
  std::map<int, std::string> edited_sampler_;
  std::map<int, std::string> edited_labels_;
  int label_editing_ = -1;  // the chain whose label field has focus
  TargetSpec edited_target_;
  bool target_synced_ = false;
  std::uint64_t last_error_serial_ = 0;
  std::string visible_error_;
  double error_shown_at_ = -1e9;
  char csv_path_[512] = {};
  char response_column_[64] = "y";
  double speed_ = 0.0;
  bool max_speed_ = false;
  bool speed_synced_ = false;
  std::uint64_t seed_ = 1;
  bool seed_synced_ = false;
  std::string add_sampler_id_ = "sghmc";
};

}  // namespace sgl
