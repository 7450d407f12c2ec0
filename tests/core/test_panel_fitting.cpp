// Fitting panels without sideways scrolling: the metrics table's column choice (least important
// columns go first, the order is kept) and the Experiment panel's table-and-plot arrangement.
#include <catch2/catch.hpp>

#include "core/plot/column_fit.hpp"
#include "core/plot/pane_arrangement.hpp"

using namespace sgl;

TEST_CASE("column fit: drops the lowest-ranked columns until the rest fit", "[column_fit]") {
  const std::vector<ColumnNeed> columns{
      {100.0f, kAlwaysKept}, {50.0f, 10}, {60.0f, 30}, {40.0f, 20}, {70.0f, 30}};
  // Everything fits: 320 px.
  CHECK(fit_columns(columns, 320.0f) == std::vector<std::size_t>{0, 1, 2, 3, 4});
  // 319 px: the rank-10 column goes first.
  CHECK(fit_columns(columns, 319.0f) == std::vector<std::size_t>{0, 2, 3, 4});
  // Then rank 20, then the rightmost of the two rank-30 columns.
  CHECK(fit_columns(columns, 230.0f) == std::vector<std::size_t>{0, 2, 4});
  CHECK(fit_columns(columns, 229.0f) == std::vector<std::size_t>{0, 2});
  // The always-kept column stays even when it alone is too wide.
  CHECK(fit_columns(columns, 10.0f) == std::vector<std::size_t>{0});
  CHECK(fit_columns({}, 100.0f).empty());
}

TEST_CASE("pane arrangement: side by side, else stacked, else tabs", "[column_fit]") {
  const PaneSize table{200.0f, 150.0f}, plot{250.0f, 160.0f};
  CHECK(arrange_panes({460.0f, 160.0f}, table, plot, 10.0f) == PaneArrangement::SideBySide);
  // One pixel too narrow for both: stacked if tall enough, else tabs.
  CHECK(arrange_panes({459.0f, 320.0f}, table, plot, 10.0f) == PaneArrangement::Stacked);
  CHECK(arrange_panes({459.0f, 319.0f}, table, plot, 10.0f) == PaneArrangement::Tabs);
  // Side by side also needs the taller pane's height.
  CHECK(arrange_panes({900.0f, 159.0f}, table, plot, 10.0f) == PaneArrangement::Tabs);
  // Stacked needs the wider pane's width.
  CHECK(arrange_panes({249.0f, 1000.0f}, table, plot, 10.0f) == PaneArrangement::Tabs);
}
