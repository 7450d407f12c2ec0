// The Target panel: the density (2-D), the density curve (1-D) or a coefficient pair
// (regressions) with the chains' clouds, trails, positions and momentum arrows, and the DAIS
// annealing particles. It owns its display options, the heatmap's GL texture and the heatmap
// values computed off the UI thread.
#pragma once

#include <memory>
#include <optional>

#include "app/gui/gl/scalar_field_texture.hpp"
#include "app/gui/panels/density_grid.hpp"
#include "app/gui/panels/view_panel.hpp"

namespace sgl {

struct TargetSettings {
  int pair_x = 0;  // the coordinates shown where there is no density picture (regressions,
  int pair_y = 1;  // targets above two dimensions): any pair
  bool show_cloud = true;
  // No momentum arrows by default: with four chains an arrow per chain covered the density;
  // slow motion draws its chain's arrow anyway.
  bool show_momentum = false;
  // DAIS chains: show the particles at annealing step k (0 = base q₀, K = q_fwd) instead of the
  // chain's draws; k is clamped to each chain's K, and `animate_annealing` cycles it.
  bool show_annealing = true;
  int annealing_step = 1 << 20;
  bool animate_annealing = false;
  // One data unit as long on x as on y; unset: chosen from the target's shape.
  std::optional<bool> equal_aspect;
  // 2-D: each chain's marginal histograms along the top (x) and right (y) edges.
  bool show_marginals = true;
  // What the view remembers between frames, never saved: the target equal aspect was last
  // chosen for (a new target goes back to its default) and the on-screen plot's width/height.
  std::weak_ptr<const Target> aspect_target;
  double panel_aspect = 0.0;
};

class TargetPanel : public ViewPanel<TargetSettings> {
 public:
  explicit TargetPanel(const PanelEntry& entry);

  void lend_resources(ViewContext& context) override;
  // A still figure: no momentum arrows (the arrow at the last draw means little), and none for a
  // 1-D target, whose curve adds nothing to the histogram figure.
  ViewDrawFunction run_figure() const override;
  int run_figure_min_dim() const override { return 2; }
  nlohmann::ordered_json save_settings() const override;
  void restore_settings(const nlohmann::ordered_json& saved) override;
  // The annealing animation plays.
  bool changes_with_time(const EngineSnapshot& snapshot) const override;
  bool busy() const override { return density_grid_.busy(); }
  bool measuring() const override { return density_grid_.busy(); }
  void set_finish_hook(const std::function<void()>& hook) override {
    density_grid_.set_finish_hook(hook);
  }

 private:
  gl::ScalarFieldTexture density_texture_;
  DensityGrid density_grid_{true};  // last: its job is joined before the texture goes
};

}  // namespace sgl
