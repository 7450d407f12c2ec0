// A view drawn into SVG by its own drawing code (figure_render.hpp: a headless ImGui context, the
// plot module drawing into an SvgPainter instead of a draw list, a key naming each chain). Used
// by File → Export and by `sgmcmc-lab run --out`.
#pragma once

#include <string>

#include "app/gui/panels/view_context.hpp"

struct ImFont;
struct ImFontAtlas;

namespace sgl {

struct SvgExportOptions {
  float width = 1280.0f;  // the slide size of the figure, in px (also its viewBox)
  float height = 720.0f;
  ImFontAtlas* fonts = nullptr;  // built atlas whose first font is the UI font
  float font_scale = 1.0f;       // io.FontGlobalScale (see add_ui_font)
  std::string title;             // the SVG <title>
  // A slide's title line and caption, drawn in bands of their own (FigureOptions); empty: none.
  std::string slide_title;
  std::string slide_caption;
  ImFont* title_font = nullptr;  // bold
};

// Renders `draw` (a view of views.hpp) over `context`'s snapshot and settings (copied: the export
// changes nothing; textures are not used, so 2-D densities and energy levels come out as
// contour lines) and returns the SVG document. The plots fill the figure; ImGui widgets (combos,
// checkboxes) are left out, captions and read-outs kept. Must not be called between another
// context's NewFrame and Render.
std::string render_view_svg(const char* window_name, ViewDrawFunction draw,
                            const ViewContext& context, const SvgExportOptions& options);

}  // namespace sgl
