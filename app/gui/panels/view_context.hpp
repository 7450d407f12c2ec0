// What every view panel receives each frame: the engine's newest snapshot (read-only, no locks),
// the view settings several panels share, and the resources the drawing panel lends it. A
// panel's own settings stay in the panel (panel.hpp). Views never talk to the engine; the
// control panel sends commands.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/gl/colour_map.hpp"
#include "core/run/engine_snapshot.hpp"

namespace sgl {

class DensityGrid;
class GradientNoiseInspector;
struct SlowMotionFrame;

namespace gl {
class ScalarFieldTexture;
}

// The settings that several panels read for a real reason, so one choice shows everywhere.
// Everything else a view can set belongs to its panel (app/gui/panels/*_panel.hpp), which owns
// it, saves it with the session and restores it.
struct SharedViewSettings {
  // The coordinate the one-coordinate views study together: phase space, histogram,
  // autocorrelation and trace draw it, and the metrics table's ESS/IAT columns and the R̂ table
  // report it; a combo in any of them changes it for all.
  int coordinate = 0;
  // The fading trajectory's length (draws), set in the target view's display popup: phase space
  // draws the same stretch of each chain's path, so the two pictures tell one story.
  // Short trails by default: with four chains, 300-draw trails covered the density.
  int trail_length = 120;
  // Phase space, trace and energy: fit the axes to stopped (diverged) chains' values too (the
  // "include stopped chains" checkbox any of them shows once a chain stopped): one choice for
  // the three, so a runaway chain is left out of, or shown on, all of them alike.
  bool fit_stopped_chains = false;
  // The heatmaps' colour map (target density, phase-space energy, predictive classes): View →
  // Density colours or the target view's popup; one map, so the colours read alike everywhere.
  ColourMap colour_map = kDefaultColourMap;
};

// An ensemble's particles drawn over the target view (ScenarioPanel → target view).
struct OverlayCloud {
  std::string label;
  std::vector<double> positions;  // K × dim, row-major
  int dim = 0;
  std::uint32_t colour = 0;
};

struct ViewContext {
  std::shared_ptr<const EngineSnapshot> snapshot;
  SharedViewSettings* settings = nullptr;
  // RGBA colour of each chain, by chain id (0xAABBGGRR as ImGui's IM_COL32).
  std::map<int, std::uint32_t> chain_colours;
  // Resources a panel owns and lends to its view for one draw (Panel::lend_resources): the GL
  // textures of the target view's heatmap and the phase-space energy levels, the target view's
  // heatmap values computed off the UI thread (null: at once, headless), and the Gradient noise
  // panel's measurement. Exports swap or clear them (an SVG has no textures; a GIF's slides
  // render into textures of their own), which is why they travel here and not inside the view.
  gl::ScalarFieldTexture* density_texture = nullptr;
  gl::ScalarFieldTexture* energy_texture = nullptr;
  DensityGrid* density_grid = nullptr;
  GradientNoiseInspector* gradient_noise = nullptr;
  float font_size = 20.0f;  // pixels; plots scale their margins and markers with it
  std::vector<OverlayCloud> ensemble_clouds;  // drawn on the target view when non-empty
  // Leapfrog slow motion: the path being played back (null when the mode is off).
  const SlowMotionFrame* slow_motion = nullptr;
};

// A view: draws one panel's plots from the context into the current window (live, SVG, figures).
// A function object, as a panel's view carries that panel's settings (Panel::export_view).
using ViewDrawFunction = std::function<void(ViewContext&)>;

}  // namespace sgl
