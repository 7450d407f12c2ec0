// Colours of plot furniture (background, grid, labels, legend) and of the neutral items views draw
// (truth curves, zero lines, divergence markers). Light: white plot areas with near-black text
// read best on a projector in a lit room, and match exported figures.
#pragma once

#include "app/gui/plot/painter.hpp"

namespace sgl::plot {

struct PlotTheme {
  Colour area_background = rgba(255, 255, 255);
  Colour grid = rgba(0, 0, 0, 30);
  Colour frame = rgba(0, 0, 0, 120);
  Colour tick_label = rgba(45, 45, 50);
  Colour axis_label = rgba(10, 10, 12);
  Colour legend_background = rgba(255, 255, 255, 230);
  Colour hidden_label = rgba(110, 110, 110);  // greyed, yet 4.5:1 on white
  Colour foreground = rgba(15, 15, 20);       // truth curves, reference ellipses
  Colour zero_line = rgba(0, 0, 0, 120);
  Colour hover_ring = rgba(0, 0, 0);
  Colour marker_outline = rgba(255, 255, 255);  // around current-position markers
  Colour divergence = rgba(220, 30, 30, 220);
  Colour note = rgba(170, 90, 0);
};

inline const PlotTheme& theme() {
  static const PlotTheme light;
  return light;
}

}  // namespace sgl::plot
