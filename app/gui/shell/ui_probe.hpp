// Where things are on screen, for tests that drive the window with real input (xdotool): panels
// and parameter sliders record their rectangles each frame, and the app writes them to the
// --status-file together with the run state. Costs a few map writes per frame.
#pragma once

#include <map>
#include <string>

namespace sgl::ui_probe {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
};

// Records the last ImGui item's rectangle under `name` (e.g. "chain1/step_size").
void record_last_item(const std::string& name);
// Records the current window's rectangle under `name` (e.g. "panel/Trace").
void record_current_window(const std::string& name);
// Records a rectangle given in screen pixels.
void record_rect(const std::string& name, const Rect& rect);
// "plot/<window title>/<k>" for the next plot drawn in the current window this frame (k = 0, 1,
// ...): where its data area went, for the layout tests.
std::string next_plot_name();
const std::map<std::string, Rect>& rects();
// The last item, a piece of text, as "textbox/<window title>/<k>", and the window's visible
// inner rectangle as "textclip/<window title>": a window test checks that every text box lies
// inside its window's (a label cut off at a panel's edge sticks out of it).
void record_text_box();
// Text a view drew (e.g. a metrics row's label), so tests can check what is on screen.
void record_text(const std::string& name, const std::string& text);
const std::map<std::string, std::string>& texts();
void clear();

}  // namespace sgl::ui_probe
