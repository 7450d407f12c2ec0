#include "app/gui/panels/phase_space_panel.hpp"

#include "app/gui/panels/views.hpp"

namespace sgl {

PhaseSpacePanel::PhaseSpacePanel(const PanelEntry& entry)
    : PlainViewPanel(entry, show_phase_space_or_training_view) {}

ViewDrawFunction PhaseSpacePanel::run_figure() const {
  return show_phase_space_view;
}

}  // namespace sgl
