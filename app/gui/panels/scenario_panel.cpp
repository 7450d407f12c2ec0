#include "app/gui/panels/scenario_panel.hpp"

#include "app/gui/panels/glossary.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "app/gui/export/browser_download.hpp"
#include "app/gui/export/browser_file_picker.hpp"
#include "app/gui/panels/convergence_view.hpp"
#include "app/gui/panels/experiment_plots.hpp"
#include "app/gui/panels/markdown_view.hpp"
#include "app/gui/panels/preset_menu_items.hpp"
#include "app/gui/plot/chain_colours.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/plot/plot_theme.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "app/scenario/assets.hpp"
#include "app/scenario/live_session.hpp"
#include "app/scenario/session_save.hpp"
#include "core/io/new_file.hpp"
#include "core/plot/chain_palette.hpp"
#include "core/plot/pane_arrangement.hpp"
#include "core/run/live_engine.hpp"
#include "core/util/error.hpp"
#include "core/util/text_format.hpp"

namespace sgl {
namespace {

// Particles drawn per series: enough to see the cloud's shape, few enough for software GL.
constexpr std::size_t kMaxDrawnParticles = 1500;

// A grey caption that wraps at the panel's edge instead of running past it (narrow panels).
template <typename... Args>
void caption(const char* format, Args... args) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::PushTextWrapPos(0.0f);
  if constexpr (sizeof...(Args) == 0)
    ImGui::TextUnformatted(format);
  else
    ImGui::Text(format, args...);
  ImGui::PopTextWrapPos();
  ImGui::PopStyleColor();
}

std::string ensemble_metric(const Scenario& scenario) {
  if (scenario.analysis.kind == AnalysisKind::EnsembleKl) return "kl";
  if (scenario.analysis.kind == AnalysisKind::Energy) return "energy";
  return "mean";
}

}  // namespace

ScenarioPanel::ScenarioPanel(std::optional<Scenario> scenario) : scenario_(std::move(scenario)) {
  if (scenario_) {
    note_ = load_note(scenario_->note);
    const std::string name = scenario_->name + "-session.json";
    std::snprintf(path_, sizeof path_, "%s", name.c_str());
  } else {
    std::snprintf(path_, sizeof path_, "%s", "session.json");
  }
}

bool ScenarioPanel::has_experiment() const {
  return scenario_ && (scenario_->sweep || scenario_->ensemble ||
                       scenario_->analysis.kind == AnalysisKind::Reference);
}

void ScenarioPanel::start_experiment() {
  if (has_experiment()) start_experiment(*scenario_);
}

void ScenarioPanel::start_experiment(const Scenario& live) {
  if (!has_experiment()) return;
  runner_.reset();  // cancels and joins a running one first
  try {
    runner_ = std::make_unique<ExperimentRunner>(live, live.sweep ? ExperimentRunner::Kind::Sweep
                                                       : live.ensemble
                                                           ? ExperimentRunner::Kind::Ensemble
                                                           : ExperimentRunner::Kind::Reference);
    runner_started_at_ = ImGui::GetTime();
  } catch (const UserError& error) {
    message_ = error.what();
  }
}

std::optional<Scenario> ScenarioPanel::take_request() {
  // The shell builds it off the UI thread (session_opener.hpp), saying "Opening …" meanwhile.
  std::optional<Scenario> request = std::move(request_);
  request_.reset();
  return request;
}

std::uint32_t ScenarioPanel::label_colour(const std::string& label) const {
  if (!scenario_) return default_chain_colour(0);
  // By sampler, as the live chains (whose ids are the scenario's positions) are coloured.
  std::vector<ChainColourRequest> chains;
  for (std::size_t i = 0; i < scenario_->chains.size(); ++i)
    chains.push_back({static_cast<int>(i), scenario_->chains[i].sampler_id});
  std::map<int, std::uint32_t> colours;
  assign_chain_colours(chains, colours);
  for (std::size_t i = 0; i < scenario_->chains.size(); ++i)
    if (scenario_->chains[i].label == label) return colours.at(static_cast<int>(i));
  return default_chain_colour(0);
}

void ScenarioPanel::file_menu_items() {
  // In the browser its own picker: a typed path there names a file in the page's memory.
  if (ImGui::MenuItem("Open session...")) {
    if (kBrowserFilePicker)
      pick_file_in_browser("session", ".json");
    else
      open_load_dialog_ = true;
  }
  ui_probe::record_last_item("menu/open_session");  // for tests/gui/hostile_open_test.sh
  if (ImGui::MenuItem("Save session...")) open_save_dialog_ = true;
}

void ScenarioPanel::menus(LiveEngine& engine) {
  if (std::optional<JobOutcome> saved = save_job_.take_outcome()) {
    message_ = saved->ok ? saved->message : "session not saved: " + saved->message;
    std::fprintf(saved->ok ? stdout : stderr, "%s\n", message_.c_str());
  }
  if (std::optional<JobOutcome> rerun = rerun_job_.take_outcome()) {
    if (rerun->ok && rerun_scenario_ && *rerun_scenario_) {
      start_experiment(**rerun_scenario_);
    } else if (!rerun->cancelled) {
      message_ = rerun->message;
    }
    rerun_scenario_.reset();
  }
  if (std::optional<std::string> picked = take_picked_file("session")) open_file(*picked);
  const bool presets_open = ImGui::BeginMenu("Presets");
  if (!presets_open) ui_probe::record_last_item("menu/presets");  // for tests/gui/rerun_test.sh
  if (presets_open) {
    if (const std::optional<std::string> chosen = preset_menu_items(scenario_)) {
      try {
        request_ = load_scenario(*chosen);
      } catch (const UserError& error) {
        message_ = error.what();
      }
    }
    if (has_experiment()) {
      ImGui::Separator();
      const char* what = scenario_->sweep      ? "Run the sweep again"
                         : scenario_->ensemble ? "Run the ensemble again"
                                               : "Run the comparison again";
      const bool chosen = ImGui::MenuItem(what);
      ui_probe::record_last_item("presets/run_again");
      if (chosen) {
        // The chains' current settings are taken by the engine's worker between two slices: on
        // a job, so the frame never waits for it (a refusal comes back as the job's message).
        auto result = std::make_shared<std::optional<Scenario>>();
        rerun_scenario_ = result;
        rerun_job_.start(
            [&engine, base = *scenario_, result](JobControl&) {
              *result = scenario_for_experiment(base, engine.session_state());
              return std::string();
            },
            on_job_finish_);
      }
    }
    ImGui::EndMenu();
  }
  dialogs(engine);
}

void ScenarioPanel::dialogs(LiveEngine& engine) {
  if (open_save_dialog_) ImGui::OpenPopup("Save session");
  if (open_load_dialog_) ImGui::OpenPopup("Open session");
  open_save_dialog_ = open_load_dialog_ = false;
  const float width = ImGui::GetFontSize() * 28.0f;

  ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
  if (ImGui::BeginPopupModal("Save session", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextWrapped(
        "Saves the target, seed, every chain's parameters and its parameter changes with their "
        "step indices. Reopening replays the chains to this point: the same draws follow.");
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText("##path", path_, sizeof path_);
    if (ImGui::Button("Save")) {
      if (save_job_.running()) {
        message_ = "a session is still being saved: save again when it is done";
      } else {
        Scenario base = scenario_.value_or(Scenario{});
        if (base.name.empty()) base.name = "session";
        base.layout = current_layout_;
        // Taking the engine's state waits for its worker to finish a slice: on the job's
        // thread, never this one. The work does not look at cancellation, so closing the window
        // mid-save waits for the file rather than losing it.
        save_job_.start(
            [base = std::move(base), &engine, path = std::string(path_)](JobControl&) {
              const std::string saved = save_session_file(base, engine, path);
              offer_download(saved);  // the browser build: from the page's memory to the user
              return "saved " + saved;
            },
            on_job_finish_);
      }
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }

  ImGui::SetNextWindowSize(ImVec2(width, 0.0f));
  if (ImGui::BeginPopupModal("Open session", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
    ImGui::TextWrapped("A saved session or any scenario file (.json):");
    ImGui::SetNextItemWidth(-1.0f);
    ImGui::InputText("##path", path_, sizeof path_);
    ui_probe::record_last_item("open/path");
    ui_probe::record_text("open/path", path_);
    const bool open_pressed = ImGui::Button("Open");
    ui_probe::record_last_item("open/button");
    if (open_pressed) {
      open_file(path_);
      ImGui::CloseCurrentPopup();
    }
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) ImGui::CloseCurrentPopup();
    ImGui::EndPopup();
  }
}

void ScenarioPanel::open_file(const std::string& path) {
  try {
    request_ = load_scenario(path);
    message_.clear();
  } catch (const UserError& error) {
    // Named, so the message still says which file after another one was tried.
    message_ = error.what();
    if (message_.find(path) == std::string::npos) message_ = path + ": " + message_;
  }
}

bool ScenarioPanel::shows_preset_target(const TargetSpec& shown) const {
  // Same target kind: its sliders (ρ, separation, ...) are part of the preset's lesson.
  return !scenario_ || scenario_->target.id == shown.id;
}

const std::string& ScenarioPanel::target_note(const std::string& target_id) {
  const auto found = target_notes_.find(target_id);
  if (found != target_notes_.end()) return found->second;
  return target_notes_[target_id] = load_note("targets/" + target_id);
}

std::string ScenarioPanel::title_for(const TargetSpec& shown) const {
  if (scenario_ && shows_preset_target(shown) && !scenario_->title.empty())
    return scenario_->title + " — " + shown.id;
  return shown.id;
}

void ScenarioPanel::show_note(const TargetSpec& shown) {
  if (!message_.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.30f, 0.0f, 1.0f));
    ImGui::TextWrapped("%s", message_.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  if (!shows_preset_target(shown)) {
    ImGui::TextWrapped("The target is now %s. Preset %s's note returns when you switch back to %s.",
                       shown.id.c_str(), scenario_->name.c_str(), scenario_->target.id.c_str());
    ImGui::PopStyleColor();
    ui_probe::record_last_item("notes/target/" + shown.id);  // for tests/gui/target_note_test.sh
    const std::string& note = target_note(shown.id);
    if (note.empty())
      ImGui::TextWrapped("No note for the target %s.", shown.id.c_str());
    else
      show_markdown(note);
    return;
  }
  // On a short panel (1280x720) the note's own lines come first: the headline above the plots
  // already names the preset, so neither its id nor the note's title take two of four lines.
  const bool short_panel =
      ImGui::GetContentRegionAvail().y <= 14.0f * ImGui::GetTextLineHeightWithSpacing();
  if (scenario_ && !scenario_->title.empty()) {
    if (!short_panel)
      ImGui::TextWrapped("%s%s", scenario_->session ? "saved session of " : "preset ",
                         scenario_->name.c_str());
    else
      ImGui::Dummy(ImVec2(0.0f, 0.0f));
    ui_probe::record_last_item("notes/preset/" + scenario_->name);
  }
  ImGui::PopStyleColor();
  // A retyped potential: the note below still describes the preset's own.
  if (scenario_ && shown.potential != scenario_->target.potential) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.55f, 0.30f, 0.0f, 1.0f));
    const std::string changed =
        "You typed U = " + shown.potential +
        ". The note below is about the preset's U = " + scenario_->target.potential + ".";
    ImGui::TextWrapped("%s", changed.c_str());
    ImGui::PopStyleColor();
    ui_probe::record_text("notes/retyped", changed);
  }
  show_markdown(note_, short_panel && scenario_ && !scenario_->title.empty());
}

void ScenarioPanel::plot_sweep(const SweepResult& sweep) {
  const LabelColour colours = [this](const std::string& label) { return label_colour(label); };
  if (sweep.dim < 2) {  // the first draws need a 2-D target: the error plot alone
    sweep_error_plot(sweep, colours, ImVec2(0, 0));
    return;
  }
  // Both of the paper's panels at once where they fit; tabs only on a cramped panel.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const PaneSize available = available_area();
  switch (arrange_panes(available, minimum_plot(), minimum_plot(), spacing)) {
    case PaneArrangement::SideBySide: {
      const float half = 0.5f * (available.width - spacing);
      sweep_error_plot(sweep, colours, ImVec2(half, 0));
      ImGui::SameLine();
      sweep_draws_plot(sweep, colours, ImVec2(0, 0));
      return;
    }
    case PaneArrangement::Stacked: {
      const float half = 0.5f * (available.height - ImGui::GetStyle().ItemSpacing.y);
      sweep_error_plot(sweep, colours, ImVec2(0, half));
      sweep_draws_plot(sweep, colours, ImVec2(0, 0));
      return;
    }
    case PaneArrangement::Tabs:
      break;
  }
  if (!ImGui::BeginTabBar("##sweep_tabs")) return;
  if (ImGui::BeginTabItem("error vs IAT")) {
    sweep_error_plot(sweep, colours, ImVec2(0, 0));
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("first draws")) {
    sweep_draws_plot(sweep, colours, ImVec2(0, 0));
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

void ScenarioPanel::plot_reference(const std::vector<ChainReport>& reports) {
  const ChainReport* reference = nullptr;
  for (const ChainReport& report : reports)
    if (report.label == scenario_->analysis.reference) reference = &report;
  if (!reference) return;
  const LabelColour colours = [this](const std::string& label) { return label_colour(label); };
  // The table and a plot together where they fit (side by side, else stacked), with the means
  // or variances choice above the plot; tabs only on a cramped panel.
  const PaneSize table = reference_table_size(reports);
  const float choice_row = ImGui::GetFrameHeightWithSpacing();
  const auto plot_pane = [&] {
    ImGui::RadioButton("means", &reference_plot_, 0);
    ImGui::SameLine();
    ImGui::RadioButton("variances", &reference_plot_, 1);
    reference_plot(reports, *reference, colours, reference_plot_ == 0);
  };
  switch (arrange_panes(available_area(), table, minimum_plot(choice_row),
                        ImGui::GetStyle().ItemSpacing.x)) {
    case PaneArrangement::SideBySide:
      ImGui::BeginGroup();
      reference_table(reports, table.width);
      ImGui::EndGroup();
      ImGui::SameLine();
      ImGui::BeginGroup();
      plot_pane();
      ImGui::EndGroup();
      return;
    case PaneArrangement::Stacked:
      reference_table(reports, 0.0f);
      plot_pane();
      return;
    case PaneArrangement::Tabs:
      break;
  }
  if (!ImGui::BeginTabBar("##reference_tabs")) return;
  if (ImGui::BeginTabItem("table")) {
    reference_table(reports, 0.0f);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("means")) {
    reference_plot(reports, *reference, colours, true);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("variances")) {
    reference_plot(reports, *reference, colours, false);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
}

void ScenarioPanel::plot_ensemble(const std::vector<ExperimentRunner::Cloud>& series,
                                  const std::string& unit, float leave_below) {
  const std::string metric = ensemble_metric(*scenario_);
  const char* y_label = metric == "kl"       ? "KL to the truth"
                        : metric == "energy" ? "mean H"
                                             : "mean θ₁";
  if (!plot::BeginPlot("##ensemble", ImVec2(0, -leave_below),
                       plot::PlotFlags_LegendAbove | plot::PlotFlags_LegendOptional))
    return;
  plot::SetupAxes(unit.c_str(), y_label, plot::AxisFlags_FitIncludeZero,
                  metric == "mean" ? plot::AxisFlags_None : plot::AxisFlags_FitIncludeZero);
  plot::SetupFinish();
  for (const auto& one : series) {
    std::vector<double> xs, ys;
    for (const EnsembleCheckpoint& checkpoint : one.checkpoints) {
      const double y = metric == "kl"               ? checkpoint.kl
                       : metric == "energy"         ? checkpoint.mean_energy
                       : checkpoint.mean.size() > 0 ? checkpoint.mean[0]
                                                    : kNotAvailable;
      if (!std::isfinite(y)) continue;
      xs.push_back(checkpoint.budget);
      ys.push_back(y);
    }
    plot::Line(one.label.c_str(), xs.data(), ys.data(), static_cast<int>(xs.size()),
               {.colour = label_colour(one.label)});
  }
  plot::EndPlot();
}

void ScenarioPanel::show_experiment(const ViewContext& context) {
  (void)context;
  figure_top_.reset();
  if (!has_experiment()) return;
  const bool sweep = scenario_->sweep.has_value();
  const bool reference = !sweep && !scenario_->ensemble;
  if (!runner_) {
    ImGui::TextWrapped("%s", sweep ? "The sweep reruns the chains at each value."
                                   : "The ensemble runs many independent chains.");
    if (ImGui::Button(sweep ? "Run the sweep" : "Run the ensemble")) start_experiment();
    return;
  }
  // One consistent state for the whole frame (the worker may publish a newer one meanwhile).
  const std::shared_ptr<const ExperimentSnapshot> state = runner_->snapshot();
  const double progress = runner_->progress();
  const bool finished = state->finished;
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, "%s %.0f%%",
                finished ? (runner_->cancelled() ? "cancelled" : "done") : "running",
                100 * progress);
  ImGui::ProgressBar(static_cast<float>(progress), ImVec2(-ImGui::GetFontSize() * 6.0f, 0),
                     overlay);
  ui_probe::record_last_item("experiment/progress");
  ui_probe::record_text("experiment/state", overlay);  // for tests/gui/rerun_test.sh
  ImGui::SameLine();
  if (!finished) {
    if (ImGui::Button("Cancel")) runner_->cancel();
    ui_probe::record_last_item("experiment/cancel");
  } else if (ImGui::Button("Run again")) {
    start_experiment();
    return;
  }
  // Exports start below this row: the figure and its captions, without the controls.
  figure_top_ = ImGui::GetCursorScreenPos().y;
  if (!state->error.empty()) {
    ImGui::TextWrapped("%s", state->error.c_str());
    return;
  }
  if (!finished) {
    // How long the class waits, from the pace so far (a bare percentage left newcomers guessing).
    const std::string left = time_left_text(ImGui::GetTime() - runner_started_at_, progress);
    if (!left.empty()) caption("%s", left.c_str());
  }
  if (reference) {
    caption("every chain run headless for %llu steps, against %s",
            static_cast<unsigned long long>(scenario_->steps),
            scenario_->analysis.reference.c_str());
    if (state->reports)
      plot_reference(*state->reports);
    else
      caption("the plot appears when the runs are done; the live chains run meanwhile");
  } else if (sweep) {
    caption("sweep of %s over %zu values", scenario_->sweep->param.c_str(),
            scenario_->sweep->values.size());
    if (state->sweep)
      plot_sweep(*state->sweep);
    else
      caption("the plot appears when the sweep is done; the live chains run meanwhile");
  } else {
    const bool passes = scenario_->ensemble->data_passes > 0;
    caption("%d chains per sampler; particles on the target view", scenario_->ensemble->chains);
    // Once done: the ensemble's R̂ and ESS under the plot.
    // The plot keeps at least eight rows' height; a shorter panel gets the one-line form.
    const std::optional<EnsembleResult>& result = state->ensemble;
    const float table = result ? ensemble_convergence_height(*result) : 0.0f;
    const bool compact =
        result && ImGui::GetContentRegionAvail().y - table < 8.0f * ImGui::GetFrameHeight();
    const float below = !result ? 0.0f : compact ? ImGui::GetFrameHeightWithSpacing() : table;
    plot_ensemble(state->clouds, passes ? "data passes" : "steps", below);
    if (result) show_ensemble_convergence(*result, compact);
  }
}

bool ScenarioPanel::experiment_figure_ready() const {
  if (!has_experiment() || !runner_) return false;
  const std::shared_ptr<const ExperimentSnapshot> state = runner_->snapshot();
  if (!state->error.empty()) return false;
  if (scenario_->sweep) return state->sweep.has_value();
  if (!scenario_->ensemble) return state->reports.has_value();
  return std::any_of(state->clouds.begin(), state->clouds.end(),
                     [](const auto& series) { return !series.checkpoints.empty(); });
}

void ScenarioPanel::draw_experiment_figure() {
  if (!experiment_figure_ready()) return;
  const std::shared_ptr<const ExperimentSnapshot> state = runner_->snapshot();
  if (scenario_->sweep) {
    plot_sweep(*state->sweep);
  } else if (!scenario_->ensemble) {
    for (const ChainReport& report : *state->reports)
      if (report.label == scenario_->analysis.reference)
        reference_plot(
            *state->reports, report,
            [this](const std::string& label) { return label_colour(label); }, reference_plot_ == 0);
  } else {
    plot_ensemble(state->clouds, scenario_->ensemble->data_passes > 0 ? "data passes" : "steps");
  }
}

float ScenarioPanel::experiment_widgets_height(float window_top) const {
  if (!figure_top_) return 0.0f;
  return *figure_top_ - window_top - ImGui::GetFrameHeight();
}

bool ScenarioPanel::experiment_result_pending() const {
  if (!has_experiment() || !runner_ || runner_->kind() == ExperimentRunner::Kind::Ensemble)
    return false;
  const std::shared_ptr<const ExperimentSnapshot> state = runner_->snapshot();
  return !state->sweep && !state->reports;
}

std::vector<OverlayCloud> ScenarioPanel::overlay_clouds() const {
  std::vector<OverlayCloud> clouds;
  if (!runner_ || runner_->kind() != ExperimentRunner::Kind::Ensemble) return clouds;
  const std::shared_ptr<const ExperimentSnapshot> state = runner_->snapshot();
  for (const auto& series : state->clouds) {
    if (series.positions.empty()) continue;
    OverlayCloud cloud;
    // One legend entry for every cloud (each keeps its own colour); clicking it hides them all.
    cloud.label = "ensemble particles";
    cloud.colour = label_colour(series.label);
    const int dim = scenario_ ? static_cast<int>(series.checkpoints.empty()
                                                     ? 0
                                                     : series.checkpoints.back().mean.size())
                              : 0;
    if (dim <= 0) continue;
    cloud.dim = dim;
    const std::size_t count = series.positions.size() / std::size_t(dim);
    const std::size_t stride = std::max<std::size_t>(1, count / kMaxDrawnParticles);
    for (std::size_t k = 0; k < count; k += stride)
      for (int c = 0; c < dim; ++c)
        cloud.positions.push_back(series.positions[k * std::size_t(dim) + std::size_t(c)]);
    clouds.push_back(std::move(cloud));
  }
  return clouds;
}

}  // namespace sgl
