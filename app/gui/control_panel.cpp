#include "control_panel.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "chain_colours.hpp"
#include "param_widgets.hpp"
#include "samplers/sampler_registry.hpp"
#include "targets/data_target.hpp"
#include "ui_probe.hpp"

namespace sgl {
namespace {

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

bool is_regression(const std::string& target_id) {
  return target_id == "linear" || target_id == "logistic";
}

}  // namespace

ControlPanel::ControlPanel(LiveEngine& engine) : engine_(engine) {}

void ControlPanel::toggle_running(const EngineSnapshot& snapshot) {
  engine_.set_running(!snapshot.running);
}
void ControlPanel::step_once() {
  engine_.step_once();
}
void ControlPanel::reset_all() {
  engine_.reset_all();
}

void ControlPanel::show(ViewContext& context) {
  const EngineSnapshot& snapshot = *context.snapshot;
  // Leave room for the labels to the right of the widgets.
  ImGui::PushItemWidth(-ImGui::GetFontSize() * 9.0f);
  show_error(snapshot);
  show_run_controls(snapshot);
  ImGui::Separator();
  show_target_controls(snapshot);
  ImGui::Separator();
  show_chain_list(context);
  ImGui::PopItemWidth();
}

void ControlPanel::show_error(const EngineSnapshot& snapshot) {
  if (snapshot.error_serial != last_error_serial_) {
    last_error_serial_ = snapshot.error_serial;
    visible_error_ = snapshot.last_error;
    error_shown_at_ = ImGui::GetTime();
    // A rejected change: show the engine's values again rather than the rejected ones.
    edited_params_.clear();
    edited_sampler_.clear();
    target_synced_ = false;
  }
  if (!visible_error_.empty() && ImGui::GetTime() - error_shown_at_ < 12.0) {
    ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(200, 30, 30, 255));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(("Rejected: " + visible_error_).c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    ImGui::Separator();
  }
}

void ControlPanel::show_run_controls(const EngineSnapshot& snapshot) {
  // Three buttons share the panel's width (never wider than 5 em each), so none is cut off.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float button_width = std::min(ImGui::GetFontSize() * 5.0f,
                                      (ImGui::GetContentRegionAvail().x - 2.0f * spacing) / 3.0f);
  if (ImGui::Button(snapshot.running ? "Pause" : "Run", ImVec2(button_width, 0)))
    toggle_running(snapshot);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Run / pause all chains (Space)");
  ImGui::SameLine();
  if (ImGui::Button("Step", ImVec2(button_width, 0))) step_once();
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Advance every enabled chain by one step (N)");
  ImGui::SameLine();
  if (ImGui::Button("Reset", ImVec2(button_width, 0))) reset_all();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Restart every chain from its start with its seed (R)");

  if (!speed_synced_) {
    max_speed_ = snapshot.steps_per_second <= 0.0;
    speed_ = max_speed_ ? 1000.0 : snapshot.steps_per_second;
    speed_synced_ = true;
  }
  if (ImGui::Checkbox("as fast as possible", &max_speed_))
    engine_.set_speed(max_speed_ ? 0.0 : speed_);
  if (!max_speed_) {
    const double lo = 1.0, hi = 1e6;
    if (ImGui::SliderScalar("steps/s per chain", ImGuiDataType_Double, &speed_, &lo, &hi, "%.0f",
                            ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp))
      engine_.set_speed(speed_);
  }

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
  const bool target_list_open = ImGui::BeginCombo("target", edited_target_.id.c_str());
  // For tests/gui/target_note_test.sh (while open, the last item is inside the list).
  if (!target_list_open) ui_probe::record_last_item("target/combo");
  if (target_list_open) {
    for (const auto& info : target_catalogue()) {
      const bool chosen = ImGui::Selectable(info.id.c_str(), info.id == edited_target_.id);
      ui_probe::record_last_item("target/option/" + info.id);
      if (chosen) {
        edited_target_ = TargetSpec{info.id, {}, "", "y"};
        csv_path_[0] = '\0';
        engine_.set_target(edited_target_);
        edited_params_.clear();
      }
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", info.description.c_str());
    }
    ImGui::EndCombo();
  }
  if (current) help_marker(current->description);
  if (!current) return;

  ParamWidgetLimits limits;
  if (ImGui::TreeNodeEx("target parameters", ImGuiTreeNodeFlags_None)) {
    if (edit_params(current->params, edited_target_.params, limits)) {
      engine_.set_target(edited_target_);
      edited_params_.clear();
    }
    if (is_regression(edited_target_.id)) {
      ImGui::InputText("CSV file", csv_path_, sizeof csv_path_);
      ImGui::InputText("response column", response_column_, sizeof response_column_);
      if (ImGui::Button("Load CSV")) {
        TargetSpec spec{edited_target_.id, {}, csv_path_, response_column_};
        if (edited_target_.params.count("prior_sd"))
          spec.params["prior_sd"] = edited_target_.params.at("prior_sd");
        if (edited_target_.params.count("noise_sd"))
          spec.params["noise_sd"] = edited_target_.params.at("noise_sd");
        engine_.set_target(spec);
        edited_params_.clear();
        target_synced_ = false;
      }
      ImGui::SameLine();
      if (ImGui::Button("Synthetic data")) {
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
  ImGui::Text("Chains (%zu)", snapshot.chains.size());
  for (const ChainSnapshot& chain : snapshot.chains) show_chain(context, chain, data_target);
  show_add_chain(snapshot);
}

void ControlPanel::show_chain(ViewContext& context, const ChainSnapshot& chain, bool data_target) {
  ImGui::PushID(chain.id);
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
  // "###" keeps the node's identity (open or closed) when the label is edited.
  const std::string title = chain.label + "###chain" + std::to_string(chain.id);
  const bool open = ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s: %s", chain.label.c_str(), chain.sampler_id.c_str());
  if (chain.stopped) {
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.8f, 0.1f, 0.1f, 1.0f), "STOPPED");
  }
  if (open) {
    if (chain.stopped) {
      ImGui::PushStyleColor(ImGuiCol_Text, IM_COL32(190, 20, 20, 255));
      ImGui::TextWrapped("%s", chain.stop_reason.c_str());
      ImGui::PopStyleColor();
      if (ImGui::Button("Reset chain")) engine_.reset_chain(chain.id);
    }
    show_label_editor(chain);
    // Sampler picker: switching keeps the seed and restarts this chain.
    std::string& sampler_id = edited_sampler_[chain.id];
    if (sampler_id.empty()) sampler_id = chain.sampler_id;
    if (ImGui::BeginCombo("sampler", chain.sampler_id.c_str())) {
      for (const auto& info : sampler_catalogue()) {
        if (ImGui::Selectable(info.id.c_str(), info.id == chain.sampler_id) &&
            info.id != chain.sampler_id) {
          engine_.set_chain_sampler(chain.id, info.id, {});
          edited_params_.erase(chain.id);
          sampler_id = info.id;
        }
        if (ImGui::IsItemHovered())
          ImGui::SetTooltip("%s\n%s\n%s", info.name.c_str(), info.summary.c_str(),
                            info.reference.c_str());
      }
      ImGui::EndCombo();
    }
    if (const SamplerInfo* info = find_sampler_info(chain.sampler_id)) {
      auto params_it = edited_params_.find(chain.id);
      if (params_it == edited_params_.end())
        params_it = edited_params_.emplace(chain.id, chain.params).first;
      ParamWidgetLimits limits;
      limits.data_target = data_target;
      limits.probe_prefix = "chain" + std::to_string(chain.id) + "/";
      if (data_target)
        if (const auto* data = context.snapshot->target->as_data_target())
          limits.max_batch_size = double(data->num_data());
      if (edit_params(info->params, params_it->second, limits))
        engine_.set_chain_params(chain.id, params_it->second);
    }
    if (chain.training && chain.training->completed < chain.training->iterations)
      show_training_progress(chain);
    if (ImGui::SmallButton("duplicate")) engine_.duplicate_chain(chain.id);
    ImGui::SameLine();
    if (ImGui::SmallButton("reset")) engine_.reset_chain(chain.id);
    ImGui::SameLine();
    if (ImGui::SmallButton("remove")) {
      engine_.remove_chain(chain.id);
      edited_params_.erase(chain.id);
      edited_sampler_.erase(chain.id);
    }
    ImGui::TreePop();
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
  ImGui::Spacing();
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 9.0f);
  if (ImGui::BeginCombo("##new sampler", add_sampler_id_.c_str())) {
    for (const auto& info : sampler_catalogue())
      if (ImGui::Selectable(info.id.c_str(), info.id == add_sampler_id_)) add_sampler_id_ = info.id;
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::Button("Add chain")) engine_.add_chain(LiveChainConfig{add_sampler_id_, {}, true});
}

}  // namespace sgl
