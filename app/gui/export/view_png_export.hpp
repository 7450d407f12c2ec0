// A view as a clean PNG figure (File → Export → PNG of a plot panel): drawn again offscreen by
// its own code (figure_render.hpp) through the ImGui painter, rasterised by ImGui's OpenGL back
// end into a framebuffer object (gl/draw_list_texture.hpp) and read back. Unlike a crop of the
// window it has no title bar, close button or widgets, and its first plot carries a key naming
// each chain in its colour, as the SVG export does; the GPU heatmaps are kept.
#pragma once

#include <string>

#include "app/gui/export/figure_render.hpp"
#include "app/gui/export/screenshot.hpp"

namespace sgl {

// The figure at options.width × options.height px times `framebuffer_scale` (high-DPI). Call on
// the GL thread, outside any frame (after the window's Render), with the window's ImGui context
// current. Throws UserError if the offscreen framebuffer cannot be made.
// `layout`, if given, receives where the figure's parts went, in the image's pixels.
RgbImage render_view_png(const char* window_name, ViewDrawFunction draw, const ViewContext& context,
                         const FigureOptions& options, float framebuffer_scale,
                         FigureLayout* layout = nullptr);

}  // namespace sgl
