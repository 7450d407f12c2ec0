#include "app/gui/panels/target_panel.hpp"

#include "app/gui/panels/settings_json.hpp"
#include "app/gui/panels/target_view_parts.hpp"
#include "app/gui/panels/views.hpp"

namespace sgl {
namespace {

// The largest coordinate index and annealing step the session file may name (the views clamp
// both to the target's dimension and the chain's K).
constexpr int kLargestIndex = 1 << 20;

}  // namespace

TargetPanel::TargetPanel(const PanelEntry& entry) : ViewPanel(entry, show_target_view) {}

void TargetPanel::lend_resources(ViewContext& context) {
  context.density_texture = &density_texture_;
  context.density_grid = &density_grid_;
}

ViewDrawFunction TargetPanel::run_figure() const {
  TargetSettings still;
  still.show_momentum = false;
  return drawing(still);
}

bool TargetPanel::changes_with_time(const EngineSnapshot& snapshot) const {
  return settings().show_annealing && settings().animate_annealing &&
         views::largest_annealing_steps(snapshot) > 0;
}

// Equal aspect is not saved: the view returns it to the target's default whenever the target
// changes, opening a session included (target_view.cpp, equal_aspect_default).
nlohmann::ordered_json TargetPanel::save_settings() const {
  const TargetSettings defaults;
  const TargetSettings& now = settings();
  nlohmann::ordered_json saved = nlohmann::ordered_json::object();
  settings_json::write(saved, "pair_x", now.pair_x, defaults.pair_x);
  settings_json::write(saved, "pair_y", now.pair_y, defaults.pair_y);
  settings_json::write(saved, "show_cloud", now.show_cloud, defaults.show_cloud);
  settings_json::write(saved, "show_momentum", now.show_momentum, defaults.show_momentum);
  settings_json::write(saved, "show_annealing", now.show_annealing, defaults.show_annealing);
  settings_json::write(saved, "annealing_step", now.annealing_step, defaults.annealing_step);
  settings_json::write(saved, "animate_annealing", now.animate_annealing,
                       defaults.animate_annealing);
  settings_json::write(saved, "show_marginals", now.show_marginals, defaults.show_marginals);
  return saved;
}

void TargetPanel::restore_settings(const nlohmann::ordered_json& saved) {
  TargetSettings& now = settings();
  settings_json::read(saved, "pair_x", now.pair_x, 0, kLargestIndex);
  settings_json::read(saved, "pair_y", now.pair_y, 0, kLargestIndex);
  settings_json::read(saved, "show_cloud", now.show_cloud);
  settings_json::read(saved, "show_momentum", now.show_momentum);
  settings_json::read(saved, "show_annealing", now.show_annealing);
  settings_json::read(saved, "annealing_step", now.annealing_step, 0, kLargestIndex);
  settings_json::read(saved, "animate_annealing", now.animate_annealing);
  settings_json::read(saved, "show_marginals", now.show_marginals);
}

}  // namespace sgl
