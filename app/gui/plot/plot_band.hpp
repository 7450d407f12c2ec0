// A plot item beside those of plot.hpp: a shaded band between two curves (plot_band.cpp).
#pragma once

#include "app/gui/plot/plot.hpp"

namespace sgl::plot {

// The region between lo[i] and hi[i] over increasing xs[i], filled with colour × fill_alpha
// (inside an open plot; takes part in auto-fitting unless style.fit is false).
void Band(const char* label, const double* xs, const double* lo, const double* hi, int count,
          const ItemStyle& style = {});

}  // namespace sgl::plot
