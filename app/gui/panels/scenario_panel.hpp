// The scenario side of the desktop app: the Presets menu, File → Open / Save session, the
// teaching note panel, and the experiment panel (the scenario's sweep or ensemble on its own
// worker thread, with a progress bar and the figure's plot). Choosing a preset or opening a
// session is a request that the main loop carries out by rebuilding the app shell.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/gui/panels/view_context.hpp"
#include "app/gui/shell/experiment_runner.hpp"
#include "app/scenario/scenario.hpp"
#include "core/targets/target_registry.hpp"
#include "core/util/background_job.hpp"

namespace sgl {

class LiveEngine;

class ScenarioPanel {
 public:
  // `scenario` may be null (the app was started from --target/--sampler flags).
  explicit ScenarioPanel(std::optional<Scenario> scenario);

  bool has_note() const { return !note_.empty(); }
  // The note's "more" / "less" button: the layout gives the note the larger share of its column.
  bool note_enlarged() const { return note_enlarged_; }
  void set_note_enlarged(bool enlarged) { note_enlarged_ = enlarged; }
  bool has_experiment() const;
  // The sweep or ensemble is still computing (its progress bar moves without input).
  bool experiment_running() const { return runner_ && !runner_->snapshot()->finished; }
  // A sweep or comparison has no result to draw yet (an ensemble draws its clouds as they come).
  bool experiment_result_pending() const;
  // How far below the content's top of the Experiment window (its top at `window_top`) the
  // figure begins, past the progress bar and Run again (0 when nothing is drawn): its exports
  // leave that row out.
  float experiment_widgets_height(float window_top) const;
  // The window's layout now: written into saved sessions.
  void set_current_layout(const ScenarioLayout& layout) { current_layout_ = layout; }
  const std::optional<Scenario>& scenario() const { return scenario_; }
  // The last open/save/experiment message when it reports a failure (every message but a
  // successful save's): the shell says it in the menu bar, where it is seen in every layout.
  std::string problem() const { return message_.rfind("saved ", 0) == 0 ? "" : message_; }

  // Menu entries inside the main menu bar: File (open/save session) and Presets.
  // Open / Save session items, inside the File menu the shell opens.
  void file_menu_items();
  // The Presets menu and the session dialogs.
  void menus(LiveEngine& engine);
  // The preset's note while its target is shown; after a switch to another target, that
  // target's own short note (assets/notes/targets/<id>.md), so the panel never claims the
  // preset's lesson for a target it was not written for. Switching back restores it.
  void show_note(const TargetSpec& shown);
  // What the window title calls the session: the preset's title on its own target, else the
  // shown target's id.
  std::string title_for(const TargetSpec& shown) const;
  void show_experiment(const ViewContext& context);
  // The experiment's figure alone, for exports and slides: the plots without the progress row,
  // captions or the reference table (a table is not a figure). Only once there is a result to
  // draw: a sweep's or comparison's when its runs are done, an ensemble's first checkpoint.
  bool experiment_figure_ready() const;
  void draw_experiment_figure();
  // Ensemble clouds for the target view (empty without a running or finished ensemble).
  std::vector<OverlayCloud> overlay_clouds() const;

  // A preset chosen or a session opened since the last call (the shell opens it).
  std::optional<Scenario> take_request();
  // Starts the scenario's sweep or ensemble (both, one after the other, is not needed by any
  // preset: the sweep wins).
  void start_experiment();
  // The same with the live chains' current samplers, parameters and target (Run ... again).
  void start_experiment(const Scenario& live);
  // File → Save session runs on this job (the shell shows its progress in the menu bar).
  const BackgroundJob& save_job() const { return save_job_; }
  // A save, or the live state for "Run ... again", is being taken off the UI thread.
  bool jobs_running() const {
    return save_job_.running() || rerun_job_.running() || rerun_scenario_ != nullptr;
  }
  // Called on the job's thread when a save ends (wakes the event loop); thread-safe.
  void set_job_finish_hook(std::function<void()> hook) { on_job_finish_ = std::move(hook); }

 private:
  void dialogs(LiveEngine& engine);
  // File → Open session's file (typed, or picked in the browser): a request, or the message.
  void open_file(const std::string& path);
  void plot_sweep(const SweepResult& sweep);
  void plot_reference(const std::vector<ChainReport>& reports);
  // `leave_below`: height kept free under the plot (the ensemble's convergence table).
  void plot_ensemble(const std::vector<ExperimentRunner::Cloud>& series, const std::string& unit,
                     float leave_below = 0.0f);
  std::uint32_t label_colour(const std::string& label) const;
  bool shows_preset_target(const TargetSpec& shown) const;
  const std::string& target_note(const std::string& target_id);

  std::optional<Scenario> scenario_;
  ScenarioLayout current_layout_;
  std::string note_;
  std::map<std::string, std::string> target_notes_;  // by target id, loaded when first shown
  std::unique_ptr<ExperimentRunner> runner_;
  std::optional<float> figure_top_;  // screen y where the Experiment figure began, last frame
  double runner_started_at_ = 0.0;   // ImGui time: the time left is estimated from the pace
  std::optional<Scenario> request_;
  bool open_save_dialog_ = false;
  bool open_load_dialog_ = false;
  char path_[512] = {};
  std::string message_;  // the last save/open outcome
  bool note_enlarged_ = false;
  int reference_plot_ = 0;  // the plot beside the reference table: 0 means, 1 variances
  std::function<void()> on_job_finish_;
  // "Run ... again": the experiment's scenario with the live chains' settings, made on its job.
  std::shared_ptr<std::optional<Scenario>> rerun_scenario_;
  BackgroundJob save_job_;  // last: joined before the rest of the panel goes
  BackgroundJob rerun_job_;
};

}  // namespace sgl
