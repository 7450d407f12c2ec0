// The Controls as a panel: its window shows the control panel (every chain's sliders, the
// sampler and target choices, slow motion), which the shell keeps because menus, shortcuts and
// the health banner drive it too; this object only hands it the window.
#pragma once

#include "app/gui/panels/control_panel.hpp"
#include "app/gui/panels/panel.hpp"

namespace sgl {

class ControlsPanel : public Panel {
 public:
  ControlsPanel(const PanelEntry& entry, ControlPanel& controls)
      : Panel(entry), controls_(controls) {}
  // May assign or edit chain colours in context.chain_colours (the shell passes them on).
  void draw(ViewContext& context) override { controls_.show(context); }
  ViewDrawFunction export_view() const override { return {}; }
  ContextMenu context_menu() const override { return ContextMenu::ExportOnly; }
  bool shows_hidden_chains() const override { return true; }
  bool changes_with_time(const EngineSnapshot&) const override {
    return controls_.changes_with_time();
  }

 private:
  ControlPanel& controls_;
};

}  // namespace sgl
