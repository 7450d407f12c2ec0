// A view drawn as a still figure by its own drawing code, for the exports (SVG, and PNG without
// window chrome): a private, headless ImGui context (no renderer; it shares the font atlas, so
// text metrics match the screen) hosts a window of the view's name, and the plot module draws
// into the canvas's painter (plot::SetPainterOverride) instead of the window's draw list, so
// ImGui widgets (combos, checkboxes) are left out while captions and read-outs are kept; the
// first plot draws a key naming each chain in its colour. The window name keys the plots'
// remembered state, so an export from the GUI shows the panel's current zoom and legend toggles;
// the live state is restored afterwards.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "app/gui/panels/view_context.hpp"
#include "app/gui/plot/painter.hpp"

struct ImFont;
struct ImFontAtlas;

namespace sgl {

struct FigureOptions {
  float width = 1280.0f;  // the figure's size in px
  float height = 720.0f;
  ImFontAtlas* fonts = nullptr;  // built atlas whose first font is the UI font
  float font_scale = 1.0f;       // io.FontGlobalScale (see add_ui_font)
  // Keep the GPU heatmaps (a PNG); without, views draw contour lines (SVG has no textures).
  bool textures = false;
  // Anti-aliased lines and fills. Off for GIF frames: the edge tones of a scrolling trace were
  // dithered between palette entries and cost most of a frame's bytes.
  bool antialiased = true;
  // A slide's words (slide_text.hpp), each in a band of its own that the view is laid out
  // around, so they never cover a plot, an axis label or the key: a title line at the top (in
  // `title_font`, bold; null: the UI font) and a caption at the bottom. Too long for one line,
  // they shrink a little, then wrap to two lines, then end with "…". Empty: no band.
  std::string title;
  std::string caption;
  ImFont* title_font = nullptr;
};

// Where a figure's parts went, in its own pixels (origin at its top-left corner); a part not
// drawn has max < min.
struct FigureLayout {
  plot::Point title_min{0, 0}, title_max{-1, -1};
  plot::Point caption_min{0, 0}, caption_max{-1, -1};
  plot::Point view_min{0, 0}, view_max{-1, -1};  // everything the view drew
  std::vector<std::string> title_lines, caption_lines;
  float title_size = 0.0f, caption_size = 0.0f;  // text sizes in px
};

// Where one pass of the figure is drawn.
class FigureCanvas {
 public:
  virtual ~FigureCanvas() = default;
  // A fresh painter for a pass whose figure is [0, width] × [top, top + height] in the export
  // window's coordinates (the view's widgets above `top` are left out). Called inside the window.
  virtual plot::Painter& begin_pass(float top) = 0;
  // The bounding box of what the pass drew (max.y < min.y: nothing).
  virtual plot::Point drawn_min() const = 0;
  virtual plot::Point drawn_max() const = 0;
  // The painter of the last pass, set to draw text in `font` (bold or not) at `pixels`: for a
  // slide's title and caption.
  virtual plot::Painter& text_painter(ImFont* font, bool bold, float pixels) = 0;
};

// Draws `draw` over `context` (copied: the export changes nothing) into `canvas` in three passes;
// `after_last_pass` runs while the headless context is still current. Must not be called between
// another context's NewFrame and Render. `layout`, if given, receives where the parts went.
void draw_figure(const char* window_name, ViewDrawFunction draw, const ViewContext& context,
                 const FigureOptions& options, FigureCanvas& canvas,
                 const std::function<void()>& after_last_pass, FigureLayout* layout = nullptr);

}  // namespace sgl
