// The shell's Run menu (run, step, reset, slow motion on a chain) and the keyboard help window.
#include <imgui.h>

#include <string>
#include <utility>

#include "app/gui/shell/app_shell.hpp"
#include "app/gui/shell/ui_probe.hpp"

namespace sgl {

void AppShell::show_run_menu() {
  const bool run_open = ImGui::BeginMenu("Run");
  if (!run_open) ui_probe::record_last_item("menu/run");  // for tests/gui/slow_motion_key_test.sh
  if (run_open) {
    if (ImGui::MenuItem(snapshot_->running ? "Pause" : "Run", "Space"))
      control_panel_.toggle_running(*snapshot_);
    if (ImGui::MenuItem("Step once", "N")) control_panel_.step_once();
    if (ImGui::MenuItem("Reset all chains", "R")) control_panel_.reset_all();
    ImGui::Separator();
    // Slow motion from the menu as well as from each chain's card, which can lie below the
    // Controls' fold at 1280x720.
    const SlowMotion& slow = control_panel_.slow_motion();
    const bool slow_open = ImGui::BeginMenu("Slow motion");
    ui_probe::record_last_item("run/slow_motion");
    if (slow_open) {
      bool any = false;
      for (const ChainSnapshot& chain : snapshot_->chains) {
        if (!chain.observes_trajectories) continue;
        any = true;
        const bool playing = slow.active() && slow.chain_id() == chain.id;
        const bool clicked = ImGui::MenuItem(chain.label.c_str(), nullptr, playing);
        ui_probe::record_last_item("run/slow_motion/" + std::to_string(chain.id));
        if (clicked) control_panel_.toggle_slow_motion(*snapshot_, chain.id);
      }
      if (!any) ImGui::TextDisabled("no chain traces a leapfrog path");
      ImGui::Separator();
      ImGui::TextDisabled("S: the open chain; Esc: leave");
      ImGui::EndMenu();
    }
    ImGui::EndMenu();
  }
}

void AppShell::show_keyboard_help() {
  ImGui::Begin("Keyboard shortcuts", &show_help_, ImGuiWindowFlags_AlwaysAutoResize);
  // Two columns: spaces could not line the keys up in the proportional UI font.
  static constexpr std::pair<const char*, const char*> kShortcuts[] = {
      {"Space", "run / pause"},
      {"N", "step once (hold to repeat)"},
      {"R", "reset all chains"},
      {"S", "slow motion on the open chain (again, or Esc: leave)"},
      {"L", "lecture / dashboard layout"},
      {"F", "focus: one panel fills the window (Esc returns)"},
      {"Ctrl+=", "zoom in"},
      {"Ctrl+-", "zoom out"},
      {"Ctrl+0", "actual size"},
      {"Ctrl+Z", "undo the last parameter change"},
      {"Ctrl+Q", "quit"},
      {"F1", "this help"}};
  if (ImGui::BeginTable("##shortcuts", 2, ImGuiTableFlags_SizingFixedFit)) {
    for (const auto& [key, action] : kShortcuts) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(key);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(action);
    }
    ImGui::EndTable();
  }
  ImGui::Separator();
  ImGui::TextUnformatted(
      "Click a chain in the strip above the plots to hide or show it everywhere.\n"
      "Plots: drag to pan, wheel to zoom, double-click to fit.\nSliders: Ctrl+click to type a "
      "value.\nRight-click a panel (or File → Export) to export it as PNG or SVG.");
  ImGui::End();
}

}  // namespace sgl
