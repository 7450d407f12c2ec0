#include "app/gui/panels/gradient_noise_panel.hpp"

#include "app/gui/panels/views.hpp"

namespace sgl {

GradientNoisePanel::GradientNoisePanel(const PanelEntry& entry)
    : PlainViewPanel(entry, show_gradient_noise_view) {}

}  // namespace sgl
