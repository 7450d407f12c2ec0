// A plot's mouse input: pan by dragging, zoom with the wheel (Ctrl: y only, Shift: x only),
// double-click to follow the data again, click a legend key to hide or show its series.
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>

#include "app/gui/plot/plot_internal.hpp"

namespace sgl::plot::detail {
namespace {

constexpr float kZoomPerWheelNotch = 0.85f;

bool point_in(Point p, Point min, Point max) {
  return p.x >= min.x && p.x < max.x && p.y >= min.y && p.y < max.y;
}

void zoom_axis(AxisMemory& axis, double anchor, double factor) {
  const Range zoomed{anchor - (anchor - axis.range.lo) * factor,
                     anchor + (axis.range.hi - anchor) * factor};
  const double scale = std::max(std::abs(zoomed.lo), std::abs(zoomed.hi));
  if (!(zoomed.hi - zoomed.lo > 1e-9 * scale) ||
      !(std::isfinite(zoomed.lo) && std::isfinite(zoomed.hi)))
    return;
  axis.range = zoomed;
  axis.following = false;
}

}  // namespace

void handle_input(FrameState& state) {
  const ImRect area(ImVec2(state.area_min.x, state.area_min.y),
                    ImVec2(state.area_max.x, state.area_max.y));
  bool hovered = false;
  bool held = false;
  // The public and private ImGui flag enums are distinct types: combine them as ints.
  const int button_flags = static_cast<int>(ImGuiButtonFlags_MouseButtonLeft) |
                           static_cast<int>(ImGuiButtonFlags_PressedOnClick);
  ImGui::ButtonBehavior(area, state.id, &hovered, &held, button_flags);
  ImGui::SetItemUsingMouseWheel();  // the wheel zooms the plot instead of scrolling the window

  const ImGuiIO& io = ImGui::GetIO();
  state.mouse = {io.MousePos.x, io.MousePos.y};
  state.hovered = hovered;
  PlotMemory& memory = *state.memory;
  const bool equal = (state.flags & PlotFlags_EqualAspect) != 0;

  if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
    memory.pan_started_on_legend = false;
    for (const LegendHit& hit : memory.legend_hits) {
      if (point_in(state.mouse, hit.min, hit.max)) {
        memory.pan_started_on_legend = true;
        if (!memory.hidden_keys.erase(hit.key)) memory.hidden_keys.insert(hit.key);
        break;
      }
    }
  }

  const Transform t = transform(state);
  if (held && !memory.pan_started_on_legend && (io.MouseDelta.x != 0 || io.MouseDelta.y != 0)) {
    const bool move_x = !state.x.locked() && (io.MouseDelta.x != 0 || equal);
    const bool move_y = !state.y.locked() && (io.MouseDelta.y != 0 || equal);
    if (move_x) {
      const double shift = io.MouseDelta.x / t.x_scale;
      memory.x.range = {memory.x.range.lo - shift, memory.x.range.hi - shift};
      memory.x.following = false;
    }
    if (move_y) {
      const double shift = io.MouseDelta.y / t.y_scale;
      memory.y.range = {memory.y.range.lo + shift, memory.y.range.hi + shift};
      memory.y.following = false;
    }
  }

  if (hovered && io.MouseWheel != 0.0f) {
    const double factor = std::pow(kZoomPerWheelNotch, io.MouseWheel);
    const bool zoom_x = equal || !io.KeyCtrl;
    const bool zoom_y = equal || !io.KeyShift;
    if (zoom_x && !state.x.locked()) zoom_axis(memory.x, t.x_of(state.mouse.x), factor);
    if (zoom_y && !state.y.locked()) zoom_axis(memory.y, t.y_of(state.mouse.y), factor);
  }

  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) &&
      !memory.pan_started_on_legend) {
    memory.x.following = !state.x.locked();
    memory.y.following = !state.y.locked();
    if (memory.x.has_home) memory.x.range = memory.x.home;
    if (memory.y.has_home) memory.y.range = memory.y.home;
  }
  // Hovering while dragging would show a readout that follows the drag; skip it then.
  state.hovered = hovered && !held;
  // What the user does to this plot is redrawn at once (cached layers wait for nothing then).
  state.interacting =
      held ||
      (hovered && (io.MouseWheel != 0.0f || io.MouseClicked[0] || io.MouseDoubleClicked[0]));
}

}  // namespace sgl::plot::detail
