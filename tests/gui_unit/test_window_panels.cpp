// Every window of the panel catalog is a Panel object in the shell's one list, the Controls,
// Notes and Experiment included (they hand their windows to the services that own their state).
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "app/gui/panels/control_panel.hpp"
#include "app/gui/panels/scenario_panel.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "core/run/live_engine.hpp"

using namespace sgl;

TEST_CASE("the window's panels are one object per catalog entry, in catalog order", "[panels]") {
  LiveSetup setup;
  setup.target = {"gauss2d", {}, "", "y"};
  setup.chains = {{"hmc", {}, true}};
  setup.running = false;
  LiveEngine engine(setup);
  ControlPanel controls(engine);
  ScenarioPanel scenario(std::nullopt);
  const std::vector<std::unique_ptr<Panel>> panels = make_window_panels({controls, scenario});
  REQUIRE(panels.size() == panel_catalog().size());
  for (std::size_t k = 0; k < panels.size(); ++k) {
    const PanelEntry& entry = panel_catalog()[k];
    INFO(entry.stem);
    REQUIRE(panels[k] != nullptr);
    CHECK(panels[k]->id() == entry.id);
    CHECK(std::string(panels[k]->title()) == entry.title);
    // Plot views redraw offscreen for their exports; the owner-drawn windows are cut out (the
    // Experiment too, until its runs have a result: none has started here).
    CHECK(bool(panels[k]->export_view()) == entry.plot_view);
    CHECK(panels[k]->save_settings() == nlohmann::ordered_json::object());
    switch (entry.id) {
      case PanelId::Controls:
        CHECK(panels[k]->shows_hidden_chains());
        CHECK(panels[k]->context_menu() == Panel::ContextMenu::ExportOnly);
        break;
      case PanelId::Notes:
        CHECK(panels[k]->context_menu() == Panel::ContextMenu::None);
        break;
      case PanelId::Experiment:
        CHECK(panels[k]->context_menu() == Panel::ContextMenu::ExportOnly);
        CHECK(panels[k]->widgets_above_figure(0.0f) == 0.0f);  // nothing drawn yet
        break;
      default:
        CHECK(!panels[k]->shows_hidden_chains());
        CHECK(panels[k]->context_menu() == Panel::ContextMenu::ExportAndRecord);
    }
  }
}
