// The Notes as a panel: its window shows the preset's note (or the shown target's), which the
// scenario panel keeps with the rest of the opened preset (its experiment, its session file).
#pragma once

#include "app/gui/panels/panel.hpp"
#include "app/gui/panels/scenario_panel.hpp"

namespace sgl {

class NotesPanel : public Panel {
 public:
  NotesPanel(const PanelEntry& entry, ScenarioPanel& scenario)
      : Panel(entry), scenario_(scenario) {}
  // The note, and in its title bar "▲ more" while the note is cut (it then takes the larger
  // share of its column) or "▼ less" to give the Controls their room back.
  void draw(ViewContext& context) override;
  ViewDrawFunction export_view() const override { return {}; }
  ContextMenu context_menu() const override { return ContextMenu::None; }

 private:
  ScenarioPanel& scenario_;
};

}  // namespace sgl
