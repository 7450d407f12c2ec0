// The panels as plug-ins, without a window: every catalog entry that is a plot view makes its own
// panel object, and a panel's settings survive the session file (and a file without them, as the
// old versions wrote, restores the defaults).
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>

#include "app/gui/panels/panel_session_settings.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "app/scenario/assets.hpp"
#include "app/scenario/scenario.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

using json = nlohmann::ordered_json;

// A setting of each panel that has some, every value off its default.
const std::map<std::string, json>& changed_settings() {
  static const std::map<std::string, json> settings = {
      {"target",
       {{"pair_x", 2},
        {"pair_y", 3},
        {"show_cloud", false},
        {"show_momentum", true},
        {"show_annealing", false},
        {"annealing_step", 4},
        {"animate_annealing", true},
        {"show_marginals", false}}},
      {"histogram", {{"importance_weighted", true}}},
      {"autocorrelation", {{"max_lag", 250}}},
      {"energy", {{"show_change", true}}},
      {"trace", {{"window", "channel"}, {"channel", "sigma2"}}},
  };
  return settings;
}

}  // namespace

TEST_CASE("every plot view of the panel catalog makes a panel of its own id, title and stem",
          "[panels]") {
  for (const PanelEntry& entry : panel_catalog()) {
    INFO(entry.stem);
    const std::unique_ptr<Panel> panel = make_panel(entry.id);
    CHECK((panel != nullptr) == entry.plot_view);  // the owners draw Controls, Notes, Experiment
    if (!panel) continue;
    CHECK(panel->id() == entry.id);
    CHECK(std::string(panel->title()) == entry.title);
    CHECK(std::string(panel->stem()) == entry.stem);
    CHECK(panel->export_view());                      // exports can redraw it
    CHECK(panel->save_settings() == json::object());  // a new panel has its defaults
  }
  const std::vector<std::unique_ptr<Panel>> panels = make_view_panels();
  REQUIRE(panels.size() == view_panels().size());
  for (std::size_t k = 0; k < panels.size(); ++k) CHECK(panels[k]->id() == view_panels()[k].id);
}

TEST_CASE("a panel's settings round-trip through its JSON", "[panels]") {
  for (const std::unique_ptr<Panel>& panel : make_view_panels()) {
    const auto changed = changed_settings().find(panel->stem());
    if (changed == changed_settings().end()) continue;
    INFO(panel->stem());
    panel->restore_settings(changed->second);
    CHECK(panel->save_settings() == changed->second);
  }
}

TEST_CASE("a panel skips settings of the wrong type or unknown, and clamps numbers", "[panels]") {
  const std::unique_ptr<Panel> autocorrelation = make_panel(PanelId::Autocorrelation);
  autocorrelation->restore_settings({{"max_lag", "long"}, {"colour", 3}});
  CHECK(autocorrelation->save_settings() == json::object());
  autocorrelation->restore_settings({{"max_lag", 1000000000}});
  CHECK(autocorrelation->save_settings() == json{{"max_lag", 100000}});
}

TEST_CASE("the panels' and the shared settings survive a saved session file", "[panels]") {
  std::vector<std::unique_ptr<Panel>> panels = make_view_panels();
  SharedViewSettings shared;
  shared.coordinate = 1;
  shared.trail_length = 300;
  shared.fit_stopped_chains = true;
  shared.colour_map = ColourMap::Viridis;
  for (const std::unique_ptr<Panel>& panel : panels)
    if (const auto changed = changed_settings().find(panel->stem());
        changed != changed_settings().end())
      panel->restore_settings(changed->second);

  Scenario scenario = load_scenario("default");
  scenario.layout.settings = save_panel_settings(panels, shared);
  CHECK(scenario.layout.settings.size() == changed_settings().size() + 1);  // + "shared"
  const Scenario reopened = parse_scenario(scenario_to_json(scenario), "session.json");
  CHECK(reopened.layout.settings == scenario.layout.settings);

  std::vector<std::unique_ptr<Panel>> fresh = make_view_panels();
  SharedViewSettings fresh_shared;
  restore_panel_settings(reopened.layout.settings, fresh, fresh_shared);
  CHECK(fresh_shared.coordinate == 1);
  CHECK(fresh_shared.trail_length == 300);
  CHECK(fresh_shared.fit_stopped_chains);
  CHECK(fresh_shared.colour_map == ColourMap::Viridis);
  for (std::size_t k = 0; k < fresh.size(); ++k) {
    INFO(fresh[k]->stem());
    CHECK(fresh[k]->save_settings() == panels[k]->save_settings());
  }
}

TEST_CASE("a session without panel settings opens with the defaults and is written as before",
          "[panels]") {
  const Scenario scenario = load_scenario("default");
  REQUIRE(scenario.layout.settings.empty());
  std::vector<std::unique_ptr<Panel>> panels = make_view_panels();
  SharedViewSettings shared;
  restore_panel_settings(scenario.layout.settings, panels, shared);
  // Untouched panels add nothing: the file has no "settings", as files written before had none.
  CHECK(save_panel_settings(panels, shared).empty());
  CHECK(scenario_to_json(scenario).find("\"settings\"") == std::string::npos);
}

TEST_CASE("a session's panel settings must name a panel and be objects", "[panels]") {
  Scenario scenario = load_scenario("default");
  scenario.layout.settings["histogram"] = R"({"importance_weighted":true})";
  const json file = json::parse(scenario_to_json(scenario));
  CHECK_NOTHROW(parse_scenario(file.dump(), "s.json"));
  json misspelt = file;
  misspelt["layout"]["settings"]["histogramm"] = misspelt["layout"]["settings"]["histogram"];
  CHECK_THROWS_AS(parse_scenario(misspelt.dump(), "s.json"), UserError);
  json not_an_object = file;
  not_an_object["layout"]["settings"]["histogram"] = 3;
  CHECK_THROWS_AS(parse_scenario(not_an_object.dump(), "s.json"), UserError);
}

}  // namespace sgl
