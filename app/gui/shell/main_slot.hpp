// Which panel takes the layout's main slot for now, in place of the lesson's own first panel:
// - during leapfrog slow motion, the view that plays it (the Target view for targets of two or
//   more dimensions, phase space for 1-D), so the path, H / ΔH and the MH decision are drawn
//   where the class is looking, in either layout;
// - in the lecture layout, while the lesson's main panel is an experiment with no result yet
//   (a sweep or comparison publishes only when its runs are done), the lesson's first live
//   view: the chains fill the main slot instead of a caption.
// When the reason ends the layout returns to the lesson's (panel_layout.hpp: main_stem).
#pragma once

#include <string>
#include <vector>

#include "app/gui/shell/panel_layout.hpp"

namespace sgl {

struct MainSlotState {
  LayoutMode mode = LayoutMode::Dashboard;
  std::vector<std::string> lesson_stems;  // the lecture layout's panels (empty: the default)
  int target_dim = 0;
  bool slow_motion = false;
  bool experiment_result_pending = false;
};

// The panel stem for the main slot, or "" for the lesson's own.
std::string main_slot_stem(const MainSlotState& state);

}  // namespace sgl
