// The lesson on one screen (issue 24): the headline above the plots, the lecture layout's main
// slot for the target on screen, the Presets menu's groups and titles, and the heatmaps' default
// colour map.
#include <catch2/catch.hpp>

#include <algorithm>

#include "app/gui/panels/target_panel.hpp"
#include "app/gui/panels/view_context.hpp"
#include "app/scenario/assets.hpp"
#include "app/scenario/headline.hpp"
#include "app/scenario/main_slot.hpp"
#include "app/scenario/preset_menu.hpp"

using namespace sgl;

namespace {

std::vector<std::string> labels_of(const Scenario& scenario) {
  std::vector<std::string> labels;
  for (const ChainSpec& chain : scenario.chains) labels.push_back(chain.label);
  return labels;
}

}  // namespace

TEST_CASE("the headline is built from the target and the chains", "[headline]") {
  CHECK(join_labels({}) == "");
  CHECK(join_labels({"HMC"}) == "HMC");
  CHECK(join_labels({"HMC", "SGLD"}) == "HMC and SGLD");
  CHECK(built_headline({"chen-doublewell", {}, "", "y"}, {"HMC", "naive SGHMC", "SGHMC", "SGLD"},
                       true) == "Double well: HMC, naive SGHMC, SGHMC and SGLD against the truth");
  // No truth to compare with (a regression): no claim about it.
  CHECK(built_headline({"logistic", {}, "", "y"}, {"HMC", "SGLD"}, false) ==
        "Logistic regression: HMC and SGLD");
  CHECK(built_headline({"banana", {}, "", "y"}, {}, true) == "Banana: no chains");
  TargetSpec typed{"custom", {}, "", "y"};
  typed.potential = "x^4 - 2*x^2 + 0.5*y^2";
  CHECK(built_headline(typed, {"SGLD"}, true) ==
        "U = x^4 - 2*x^2 + 0.5*y^2: SGLD against the truth");
  typed.potential = std::string(60, 'x');
  CHECK(target_display_name(typed) == "U = " + std::string(40, 'x') + "…");
}

TEST_CASE("the headline is the preset's title until the target or the chains change",
          "[headline]") {
  const Scenario preset = load_scenario("default");
  const std::vector<std::string> labels = labels_of(preset);
  CHECK(session_headline(preset, preset.target, labels, true) == preset.title);
  CHECK(session_headline(std::nullopt, preset.target, labels, true) ==
        "Double well: HMC, naive SGHMC, SGHMC and SGLD against the truth");
  std::vector<std::string> more = labels;
  more.push_back("SGLD 2");
  CHECK(session_headline(preset, preset.target, more, true) ==
        "Double well: HMC, naive SGHMC, SGHMC, SGLD and SGLD 2 against the truth");
  const TargetSpec banana{"banana", {}, "", "y"};
  CHECK(session_headline(preset, banana, labels, true) ==
        "Banana: HMC, naive SGHMC, SGHMC and SGLD against the truth");
  // A typed target is the preset's only with the preset's expression.
  const Scenario typed = load_scenario("teach-your-own");
  TargetSpec edited = typed.target;
  CHECK(session_headline(typed, edited, labels_of(typed), true) == typed.title);
  edited.potential = "x^2 + y^2";
  CHECK(session_headline(typed, edited, labels_of(typed), true).starts_with("U = x^2 + y^2: "));
}

TEST_CASE("a 2-D target leads the lecture with the Target view, a 1-D one with the histogram",
          "[layout]") {
  const std::vector<std::string> lesson = {"histogram", "phase_space", "trace"};
  CHECK(lecture_stems_for_target(lesson, 1) == lesson);
  CHECK(lecture_stems_for_target(lesson, 2) ==
        std::vector<std::string>{"target", "phase_space", "trace"});
  // The default lecture (empty list: histogram, target) swaps its two panels.
  CHECK(lecture_stems_for_target({}, 1) == std::vector<std::string>{"histogram", "target"});
  CHECK(lecture_stems_for_target({}, 2) == std::vector<std::string>{"target", "histogram"});
  CHECK(lecture_stems_for_target({"histogram"}, 2) ==
        std::vector<std::string>{"target", "histogram"});
  // A lesson led by the Target view shows a 1-D target's density against the histogram.
  CHECK(lecture_stems_for_target({"target", "trace", "metrics"}, 1) ==
        std::vector<std::string>{"histogram", "trace", "metrics"});
  CHECK(lecture_stems_for_target({"target", "trace", "metrics"}, 2) ==
        std::vector<std::string>{"target", "trace", "metrics"});
  // An experiment or energy lesson keeps its main panel whatever the target.
  CHECK(lecture_stems_for_target({"experiment", "target"}, 1) ==
        std::vector<std::string>{"experiment", "target"});
  CHECK(lecture_stems_for_target({"energy", "trace"}, 2) ==
        std::vector<std::string>{"energy", "trace"});
}

TEST_CASE("the Presets menu groups the presets by paper, with titles and descriptions",
          "[presets]") {
  CHECK(preset_group("chen-fig1") == "Chen et al. 2014 — SGHMC");
  CHECK(preset_group("ewsg-fig1a").starts_with("EWSG"));
  CHECK(preset_group("hmcecs-logistic") == "Dang et al. 2019 — HMC-ECS");
  CHECK(preset_group("dais-anything").ends_with("DAIS"));
  CHECK(preset_group("teach-modes") == "Teaching");
  CHECK(preset_group("default") == "Teaching");
  CHECK(preset_group("my-session") == "More presets");
  CHECK(preset_group("nuts-vs-hmc").starts_with("Baselines"));
  CHECK(preset_group("cyclical-modes").starts_with("Baselines"));

  const std::vector<PresetEntry> entries = preset_menu_entries();
  REQUIRE(entries.size() == preset_names().size());
  CHECK(entries.front().name == "default");  // where a newcomer starts
  std::size_t last_rank = 0;
  const auto& order = preset_group_order();
  for (const PresetEntry& entry : entries) {
    INFO(entry.name);
    CHECK(entry.group == preset_group(entry.name));
    const auto rank = static_cast<std::size_t>(std::find(order.begin(), order.end(), entry.group) -
                                               order.begin());
    CHECK(rank >= last_rank);  // each group's presets together, groups in menu order
    last_rank = rank;
    CHECK(entry.title != entry.name);   // every shipped preset has a title ...
    CHECK(!entry.description.empty());  // ... and a one-line description
    CHECK(entry.description.find('\n') == std::string::npos);
  }
}

TEST_CASE("density heatmaps default to the light single-hue colour map", "[colours]") {
  const SharedViewSettings settings;
  CHECK(settings.colour_map == ColourMap::LightSlate);
  CHECK(std::string(colour_map_name(settings.colour_map)) == "light slate");
  CHECK(TargetSettings{}.show_marginals);
}
