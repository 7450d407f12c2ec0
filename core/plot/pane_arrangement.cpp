#include "core/plot/pane_arrangement.hpp"

#include <algorithm>

namespace sgl {

PaneArrangement arrange_panes(PaneSize available, PaneSize first, PaneSize second, float spacing) {
  if (first.width + spacing + second.width <= available.width &&
      std::max(first.height, second.height) <= available.height)
    return PaneArrangement::SideBySide;
  if (first.height + spacing + second.height <= available.height &&
      std::max(first.width, second.width) <= available.width)
    return PaneArrangement::Stacked;
  return PaneArrangement::Tabs;
}

}  // namespace sgl
