// Where each panel goes, as pure arithmetic on the window's size (no ImGui calls): the dashboard
// tiles every panel; the lecture layout shows the few panels a lesson needs, the first one large.
// The chain legend strip runs along the top of the plot area in both.
#pragma once

#include <string>
#include <vector>

namespace sgl {

enum class LayoutMode { Dashboard, Lecture };

const char* layout_mode_name(LayoutMode mode);  // "dashboard" | "lecture"

struct LayoutRect {
  float x = 0, y = 0, w = 0, h = 0;
};

struct LayoutRequest {
  LayoutRect area;             // the window below the menu bar
  float font_size = 20.0f;     // pixels: column widths scale with it
  float legend_height = 0.0f;  // the chain legend strip's height
  bool has_note = false;
  // The Notes' "more" button: the note takes the larger share of the left column, the Controls
  // the smaller (a 1280×720 lecture left the note two or three lines).
  bool note_enlarged = false;
  bool has_experiment = false;
  LayoutMode mode = LayoutMode::Dashboard;
  // Lecture: the panels' stems (panel_table.hpp), main first; empty: histogram, target.
  std::vector<std::string> lecture_stems;
  // Focus mode (key F): this panel (by title) fills the area under the legend strip, alone.
  std::string focus_title;
  // For now the main slot's panel instead (main_slot.hpp: slow motion's view, or the live chains
  // while an experiment has no result); empty: the lesson's own. The dashboard's top row grows.
  std::string main_stem;
};

struct PanelPlacement {
  std::string title;  // the panel's window title (kChainsTitle for the legend strip)
  LayoutRect rect;
};

// Every panel the layout shows, with its rectangle; a panel left out is hidden by the layout.
std::vector<PanelPlacement> compute_layout(const LayoutRequest& request);

}  // namespace sgl
