// What every view panel receives each frame: the engine's newest snapshot (read-only, no locks)
// and the UI's own settings. Views never talk to the engine; the control panel sends commands.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
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

// What the trace panel shows: the recent exact draws, the whole run (decimated), or a traced
// info channel over the whole run (ViewSettings::trace_channel, e.g. HMC-ECS's σ̂²).
enum class TraceWindow { Recent, WholeRun, Channel };

struct ViewSettings {
  int coordinate = 0;  // coordinate shown in phase space, histogram, autocorrelation, trace
  int pair_x = 0;      // coordinates shown in the target view (regressions: any pair)
  int pair_y = 1;
  // Short trails and no momentum arrows by default: with four chains, 300-draw trails and an
  // arrow per chain covered the density; slow motion draws its chain's path and arrow anyway.
  int trail_length = 120;  // fading trajectory length (draws)
  int max_lag = 100;       // autocorrelation plot
  bool show_cloud = true;
  bool show_momentum = false;
  TraceWindow trace_window = TraceWindow::Recent;
  std::string trace_channel;        // the channel id TraceWindow::Channel shows
  bool energy_show_change = false;  // a short energy panel shows ΔH instead of H
  // DAIS chains: show the particles at annealing step k (0 = base q₀, K = q_fwd) instead of the
  // chain's draws; k is clamped to each chain's K, and `animate_annealing` cycles it.
  bool show_annealing = true;
  int annealing_step = 1 << 20;
  bool animate_annealing = false;
  // Histogram: DAIS chains' draws weighted by their importance weights instead of q's draws.
  bool importance_weighted = false;
  // Trace and energy plots: fit y to stopped (diverged) chains' values too (right-click menu).
  bool fit_stopped_chains = false;
  // Target view (2-D): one data unit as long on x as on y; unset: chosen from the target's shape.
  std::optional<bool> equal_aspect;
  // The heatmaps' colour map (target density, phase-space energy): View → Density colours.
  ColourMap colour_map = kDefaultColourMap;
  // Target view (2-D): each chain's marginal histograms along the top (x) and right (y) edges.
  bool show_marginals = true;
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
  ViewSettings* settings = nullptr;
  // RGBA colour of each chain, by chain id (0xAABBGGRR as ImGui's IM_COL32).
  std::map<int, std::uint32_t> chain_colours;
  // GL textures for the target view heatmap and the phase-space energy levels, owned by the app.
  gl::ScalarFieldTexture* density_texture = nullptr;
  gl::ScalarFieldTexture* energy_texture = nullptr;
  // The target view's heatmap values, computed off the UI thread (null: at once, headless).
  DensityGrid* density_grid = nullptr;
  // The Gradient noise panel's measurement, made off the UI thread (null: the panel is not shown).
  GradientNoiseInspector* gradient_noise = nullptr;
  float font_size = 20.0f;  // pixels; plots scale their margins and markers with it
  std::vector<OverlayCloud> ensemble_clouds;  // drawn on the target view when non-empty
  // Leapfrog slow motion: the path being played back (null when the mode is off).
  const SlowMotionFrame* slow_motion = nullptr;
};

// A view: draws one panel's plots from the context into the current window (live, SVG, figures).
using ViewDrawFunction = void (*)(ViewContext&);

}  // namespace sgl
