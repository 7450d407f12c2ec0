// The Phase space panel: (θ_i, r_i) trajectories of the selected coordinate over level sets of H
// (1-D targets); while a chain trains (DAIS), tabs with the training progress first. It reads
// only shared settings, and owns the GL texture of the energy levels.
#pragma once

#include "app/gui/gl/scalar_field_texture.hpp"
#include "app/gui/panels/view_panel.hpp"

namespace sgl {

class PhaseSpacePanel : public PlainViewPanel {
 public:
  explicit PhaseSpacePanel(const PanelEntry& entry);
  void lend_resources(ViewContext& context) override { context.energy_texture = &energy_texture_; }
  // A finished run's figure shows phase space, not DAIS training.
  ViewDrawFunction run_figure() const override;

 private:
  gl::ScalarFieldTexture energy_texture_;
};

}  // namespace sgl
