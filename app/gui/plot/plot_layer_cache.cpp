#include "app/gui/plot/plot_layer_cache.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "app/gui/gl/draw_list_hash.hpp"
#include "app/gui/gl/draw_list_texture.hpp"

namespace sgl::plot {
namespace {

// A layer unseen for this many frames (its panel closed) gives its texture back.
constexpr int kForgetAfterFrames = 120;
// New data is rasterised in at most this share of the frames (over the last second), one plot
// per frame: the plot whose new data has waited longest. With software GL a plot of six long
// traces costs several milliseconds to rasterise, so plots take turns (each refreshing less
// often than kDataRefreshHz) and most frames rasterise nothing, which keeps them smooth for
// interaction; with a GPU the frames are short and each plot refreshes at kDataRefreshHz.
constexpr double kRasterFrameShare = 0.4;
// No plot waits longer than this for new data, whatever the share.
constexpr double kLongestWaitSeconds = 0.4;

struct Layer {
  gl::DrawListTexture texture;
  bool valid = false;
  std::uint64_t hash = 0;
  double rendered_at = -1e9;
  bool pending = false;  // the picture changed but the new one is not rasterised yet
  bool granted = false;  // may rasterise new data in this frame
  ImVec2 origin;
  int width = 0, height = 0;
  int last_frame = 0;
};

struct LayerCache {
  bool enabled = true;
  std::unordered_map<ImGuiID, std::unique_ptr<Layer>> layers;
  std::unique_ptr<ImDrawList> scratch;  // the open plot's list (plots never nest)
  Layer* open = nullptr;
  int collected_frame = -1;
  LayerCounts counts;
  std::deque<std::pair<double, bool>> recent_frames;  // (when, rasterised new data), last second
  bool rastered_this_frame = false;
};

// At the first plot of a frame: the plot whose new data waits longest (at least
// 1/kDataRefreshHz) gets this frame's turn, if the frame may have one; a plot waiting
// kLongestWaitSeconds goes regardless.
void grant_turns(LayerCache& state, double now) {
  std::vector<Layer*> waiting;
  for (auto& [id, layer] : state.layers) {
    layer->granted = false;
    if (layer->pending && now - layer->rendered_at >= 1.0 / kDataRefreshHz - 1e-3)
      waiting.push_back(layer.get());
  }
  std::sort(waiting.begin(), waiting.end(),
            [](const Layer* a, const Layer* b) { return a->rendered_at < b->rendered_at; });
  while (!state.recent_frames.empty() && now - state.recent_frames.front().first > 1.0)
    state.recent_frames.pop_front();
  const auto rastered = std::count_if(state.recent_frames.begin(), state.recent_frames.end(),
                                      [](const auto& frame) { return frame.second; });
  const bool frame_allowed =
      double(rastered) <
      kRasterFrameShare * double(std::max<std::size_t>(state.recent_frames.size(), 1));
  bool turn_free = frame_allowed;
  for (Layer* layer : waiting) {
    const bool overdue = now - layer->rendered_at >= kLongestWaitSeconds;
    if (!overdue && !turn_free) continue;
    layer->granted = true;
    turn_free = false;
  }
}

// Never destroyed: its textures must be released while a GL context exists
// (ReleaseLayerTextures), not at static destruction after the window is gone.
LayerCache& cache() {
  static auto* instance = new LayerCache;
  return *instance;
}

// Once per frame, at its first plot.
void start_frame(LayerCache& state, int frame) {
  if (state.collected_frame == frame) return;
  state.collected_frame = frame;
  const double now = ImGui::GetTime();
  state.recent_frames.emplace_back(now, state.rastered_this_frame);  // the frame before
  state.rastered_this_frame = false;
  grant_turns(state, now);
  for (auto it = state.layers.begin(); it != state.layers.end();) {
    if (frame - it->second->last_frame > kForgetAfterFrames)
      it = state.layers.erase(it);
    else
      ++it;
  }
}

}  // namespace

void SetLayerCaching(bool enabled) {
  cache().enabled = enabled;
}

bool LayerCachingEnabled() {
  return cache().enabled;
}

LayerCounts TakeLayerCounts() {
  const LayerCounts counts = cache().counts;
  cache().counts = {};
  return counts;
}

void ReleaseLayerTextures() {
  LayerCache& state = cache();
  state.layers.clear();
  state.open = nullptr;
  state.scratch.reset();
}

namespace detail {

ImDrawList* begin_layer(ImGuiID id, ImVec2 min, ImVec2 max) {
  LayerCache& state = cache();
  const int frame = ImGui::GetFrameCount();
  start_frame(state, frame);
  std::unique_ptr<Layer>& slot = state.layers[id];
  if (!slot) slot = std::make_unique<Layer>();
  Layer& layer = *slot;
  layer.last_frame = frame;
  // Whole framebuffer pixels, so texels land one to one on the pixels they replace.
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const float left = std::floor(min.x * scale.x), top = std::floor(min.y * scale.y);
  const float right = std::ceil(max.x * scale.x), bottom = std::ceil(max.y * scale.y);
  const ImVec2 origin(left / scale.x, top / scale.y);
  const int width = static_cast<int>(right - left), height = static_cast<int>(bottom - top);
  if (width != layer.width || height != layer.height || origin.x != layer.origin.x ||
      origin.y != layer.origin.y)
    layer.valid = false;  // moved or resized: the old picture cannot stand in
  layer.origin = origin;
  layer.width = width;
  layer.height = height;

  if (!state.scratch) state.scratch = std::make_unique<ImDrawList>(ImGui::GetDrawListSharedData());
  ImDrawList& list = *state.scratch;
  list._ResetForNewFrame();
  // Large meshes (> 65 536 vertices) go in several commands with VtxOffset, as in ImGui's own
  // window lists, instead of wrapping the 16-bit indices.
  list.Flags |= ImDrawListFlags_AllowVtxOffset;
  list.PushTextureID(ImGui::GetIO().Fonts->TexID);
  list.PushClipRect(origin,
                    ImVec2(origin.x + float(width) / scale.x, origin.y + float(height) / scale.y));
  state.open = &layer;
  return &list;
}

void end_layer(ImDrawList* window_list, bool interacting) {
  LayerCache& state = cache();
  Layer* layer = state.open;
  state.open = nullptr;
  if (layer == nullptr || !state.scratch) return;
  ImDrawList& list = *state.scratch;
  list._PopUnusedDrawCmd();
  const std::uint64_t hash = gl::draw_list_hash(list);
  const bool changed = !layer->valid || hash != layer->hash;
  // What the user does is shown at once; new data waits for its plot's turn (grant_turns).
  if (changed && (!layer->valid || interacting || layer->granted)) {
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    const ImVec4 background = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
    if (layer->texture.render(list, layer->origin, layer->width, layer->height, scale,
                              background) == 0) {
      std::fprintf(stderr, "error: %s; plots are drawn uncached from now on\n",
                   layer->texture.error().c_str());
      state.enabled = false;
      return;
    }
    layer->valid = true;
    layer->hash = hash;
    layer->rendered_at = ImGui::GetTime();
    layer->pending = false;
    state.rastered_this_frame |= layer->granted;
    ++state.counts.rendered;
  } else {
    layer->pending = changed;
    ++state.counts.reused;
  }
  const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
  const ImVec2 end(layer->origin.x + float(layer->width) / scale.x,
                   layer->origin.y + float(layer->height) / scale.y);
  window_list->AddImage(reinterpret_cast<ImTextureID>(std::uintptr_t(layer->texture.texture())),
                        layer->origin, end, ImVec2(0, 1), ImVec2(1, 0));
}

}  // namespace detail
}  // namespace sgl::plot
