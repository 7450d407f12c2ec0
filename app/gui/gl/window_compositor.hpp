// Draws ImGui's frame into a persistent offscreen copy of the window, redrawing only the region
// that changed since the last frame, and copies that to the window's back buffer.
//
// Why: under software GL the whole window costs tens of milliseconds to fill (every panel's
// background, text and plot quads), while from one frame to the next usually one plot or one
// table changed. Each draw list (one per ImGui window) is fingerprinted (draw_list_hash.hpp) with
// its bounds and its place in the drawing order; the damaged region is the union of the old and
// new bounds of every list that changed, appeared, disappeared or moved in the order. Only that
// region is cleared and drawn: every command's clip rectangle is cut to it, so ImGui's back end
// skips the rest. An unchanged frame draws nothing at all (render returns false).
//
// GL use: the GL thread, with the window's context current; destroy before the context.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

#include "app/gui/gl/partial_present.hpp"

namespace sgl::gl {

class WindowCompositor {
 public:
  WindowCompositor() = default;
  ~WindowCompositor();
  WindowCompositor(const WindowCompositor&) = delete;
  WindowCompositor& operator=(const WindowCompositor&) = delete;

  // Draws what changed of `data` (all of it when `everything`, e.g. before a screenshot) and
  // leaves the whole picture in the bound default framebuffer's back buffer. Returns false,
  // drawing nothing, when the frame equals the last one drawn.
  bool render(ImDrawData& data, int width, int height, ImVec4 clear_colour, bool everything);

  // The damaged region of the last drawn frame as a share of the window (for the benchmark).
  double last_damaged_fraction() const { return damaged_fraction_; }
  // The rectangles the last drawn frame redrew, in framebuffer pixels.
  const std::vector<PixelRect>& last_damage() const { return damaged_; }

  // True: the back buffer is never swapped (partial_present.hpp) and is itself the persistent
  // picture: damage is drawn straight into it, with no offscreen copy and no blit.
  void set_back_buffer_persists(bool persists) { back_buffer_persists_ = persists; }
  // The picture on screen is no longer known to match (a swap happened, or the window was
  // uncovered): the next frame is drawn whole.
  void invalidate() { valid_ = false; }

 private:
  struct ListState {
    std::string owner;
    std::uint64_t hash = 0;
    ImVec4 bounds;  // x0, y0, x1, y1 in logical pixels
  };
  bool ensure_framebuffer(int width, int height);

  std::vector<ListState> drawn_;  // the lists of the last drawn frame, in drawing order
  unsigned int framebuffer_ = 0, texture_ = 0;
  int width_ = 0, height_ = 0;
  bool valid_ = false;
  bool back_buffer_persists_ = false;
  double damaged_fraction_ = 1.0;
  std::vector<PixelRect> damaged_;
};

}  // namespace sgl::gl
