// Carrying out one export of File → Export: a panel as PNG (a plot panel drawn again offscreen at
// its size as a clean figure with a key, view_png_export.hpp; a table or the controls cropped
// from the frame just rendered, below the title bar), a panel as SVG (its plots
// drawn again by the same view code into the SVG back end, at slide size), the whole window as
// PNG, or every chain's stored draws as CSV in the format of `sgmcmc-lab run`. Every file goes
// through write_new_file (temporary file, then a numbered name: nothing is ever overwritten).
#pragma once

#include <functional>
#include <string>

#include "app/gui/export/export_menu.hpp"
#include "app/gui/export/figure_render.hpp"
#include "app/gui/export/screenshot.hpp"
#include "app/gui/export/view_svg_export.hpp"

namespace sgl {

class LiveEngine;

struct ExportSources {
  // The panel: where it was drawn (screen coordinates; size 0: not on screen) and its view
  // (null: no plots, no SVG, its PNG is cropped from the frame).
  float panel_x = 0.0f, panel_y = 0.0f, panel_width = 0.0f, panel_height = 0.0f;
  // Screen units of controls at the top of the panel's content (the Experiment panel's progress
  // bar and Run again button) left out of its PNG: a slide shows the figure, not the widgets.
  float widgets_above_figure = 0.0f;
  ViewDrawFunction draw = nullptr;
  const ViewContext* context = nullptr;
  LiveEngine* engine = nullptr;
  // The frame just rendered (read lazily, once for all PNG requests of the frame) and the
  // framebuffer pixels per screen unit (high-DPI).
  std::function<const RgbImage&()> frame;
  float framebuffer_scale = 1.0f;
  // The window's headline (what the lecture shows): a slide's title, with the panel's name.
  std::string headline;
};

// File name stem of a panel ("Histogram vs truth" → "histogram"), as `run --out` names figures.
std::string export_stem(const std::string& panel);

// A plot panel's PNG figure size: the panel's shape (kept between 4:5 and 2:1) scaled up to at
// least kMinFigureWidth × kMinFigureHeight px; `enlarged` when it differs from the panel's.
constexpr float kMinFigureWidth = 1000.0f;
constexpr float kMinFigureHeight = 700.0f;
struct FigureSize {
  float width = 0.0f, height = 0.0f;
  bool enlarged = false;
};
FigureSize figure_size_for_panel(float width, float height);

// A plot panel as a 16:9 slide: the 1280×720 figure of the slide SVG, with the headline and the
// panel's name as its title and the settings as its caption (slide_text.hpp), rasterised at
// `pixel_scale` (1.5: the 1920×1080 slide PNG; 1: a one-panel GIF's frame), exactly that size.
// Records the title and caption it drew as probe texts "export/<name>/title" and
// "export/<name>/caption", and where the parts went (image pixels) as rects "export/<name>/title",
// ".../caption" and ".../view", for the window tests. Throws UserError like render_view_png.
RgbImage render_slide_png(const std::string& panel, ViewDrawFunction draw,
                          const ViewContext& context, const std::string& headline,
                          float pixel_scale, const std::string& name, bool antialiased = true);

// Returns the path written; throws UserError (unwritable folder, nothing to export).
std::string perform_export(const ExportRequest& request, const std::string& folder,
                           const ExportSources& sources);

}  // namespace sgl
