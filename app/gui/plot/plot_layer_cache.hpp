// Cached plot pictures: each plot on screen is drawn into its own ImDrawList, rasterised into a
// texture (gl::DrawListTexture) only when that picture changed, and shown as one textured quad.
//
// Why: under software GL a plot of six live chains costs tens of milliseconds to rasterise (long
// thin anti-aliased triangles), while its picture changes only when new draws arrive. So:
// - an unchanged picture (same geometry hash, same textures) is never rasterised again: a paused
//   window costs almost nothing;
// - a picture changed by new data is re-rasterised at most kDataRefreshHz times a second, and
//   plots take turns, so the data rate cannot slow the interaction rate;
// - a picture changed by the user (pan, zoom, legend click, resize) is re-rasterised at once.
// The hover ring and tooltip are drawn live over the quad, so hovering costs no re-rasterising.
#pragma once

#include <imgui.h>

namespace sgl::plot {

// The most often a plot re-rasterises for new data (interaction is never limited).
inline constexpr double kDataRefreshHz = 30.0;

// On by default; off draws every plot straight into its window, every frame (for comparison in
// `gui --bench-frames`, and the fallback if offscreen rendering fails).
void SetLayerCaching(bool enabled);
bool LayerCachingEnabled();

// Plots re-rasterised and plots shown from cache since the last call (for the benchmark).
struct LayerCounts {
  int rendered = 0;
  int reused = 0;
};
LayerCounts TakeLayerCounts();

// Frees the cached textures; call while the GL context is still current (before it goes).
void ReleaseLayerTextures();

namespace detail {

// Starts plot `id`'s picture over [min, max] (logical pixels); returns the list to draw into.
ImDrawList* begin_layer(ImGuiID id, ImVec2 min, ImVec2 max);
// Ends it: re-rasterises when needed (see above) and adds the quad to `window_list`.
void end_layer(ImDrawList* window_list, bool interacting);

}  // namespace detail
}  // namespace sgl::plot
