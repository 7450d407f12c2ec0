// How two panes (a result table and a plot, or two plots) share a panel: side by side when the
// width allows both their minimum sizes, stacked when the height does, and only otherwise one at
// a time under tabs. Pure arithmetic, so it is tested without a window.
#pragma once

namespace sgl {

struct PaneSize {
  float width = 0.0f;
  float height = 0.0f;
};

enum class PaneArrangement { SideBySide, Stacked, Tabs };

// `available`: the panel's free area; `first`, `second`: each pane's minimum size; `spacing`:
// the gap between them. Side by side is preferred (plots keep their height).
PaneArrangement arrange_panes(PaneSize available, PaneSize first, PaneSize second, float spacing);

}  // namespace sgl
