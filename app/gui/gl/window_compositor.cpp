#include "app/gui/gl/window_compositor.hpp"

#include <backends/imgui_impl_opengl3.h>
#include "app/gui/gl/gl_api.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "app/gui/gl/draw_list_hash.hpp"

namespace sgl::gl {
namespace {

const ImVec4 kEmpty(0, 0, 0, 0);

bool is_empty(const ImVec4& r) {
  return r.z <= r.x || r.w <= r.y;
}

ImVec4 unite(const ImVec4& a, const ImVec4& b) {
  if (is_empty(a)) return b;
  if (is_empty(b)) return a;
  return {std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.z, b.z), std::max(a.w, b.w)};
}

ImVec4 intersect(const ImVec4& a, const ImVec4& b) {
  const ImVec4 r(std::max(a.x, b.x), std::max(a.y, b.y), std::min(a.z, b.z), std::min(a.w, b.w));
  return is_empty(r) ? kEmpty : r;
}

// Everything a list draws lies inside its vertices' bounding box (a pixel wider for the
// rasteriser's rounding) and inside its commands' clip rectangles. Top-level windows draw their
// frames under a clip rectangle as large as the screen, so the vertices give the useful bound.
ImVec4 list_bounds(const ImDrawList& list, const ImVec4& display) {
  ImVec4 clips = kEmpty;
  for (const ImDrawCmd& command : list.CmdBuffer)
    if (command.ElemCount > 0 || command.UserCallback != nullptr)
      clips = unite(clips, command.ClipRect);
  if (list.VtxBuffer.Size == 0) return kEmpty;
  ImVec4 vertices(list.VtxBuffer[0].pos.x, list.VtxBuffer[0].pos.y, list.VtxBuffer[0].pos.x,
                  list.VtxBuffer[0].pos.y);
  for (const ImDrawVert& vertex : list.VtxBuffer) {
    vertices.x = std::min(vertices.x, vertex.pos.x);
    vertices.y = std::min(vertices.y, vertex.pos.y);
    vertices.z = std::max(vertices.z, vertex.pos.x);
    vertices.w = std::max(vertices.w, vertex.pos.y);
  }
  vertices = ImVec4(vertices.x - 1, vertices.y - 1, vertices.z + 1, vertices.w + 1);
  return intersect(intersect(vertices, clips), display);
}

// Adds `rect` to the damaged rectangles, merging it with any it overlaps (so no pixel is drawn
// twice), and merging the closest pair while there are more than kMostPasses.
void add_damage(std::vector<ImVec4>& damage, ImVec4 rect) {
  constexpr std::size_t kMostPasses = 4;
  if (is_empty(rect)) return;
  for (bool merged = true; merged;) {
    merged = false;
    for (std::size_t k = 0; k < damage.size(); ++k) {
      if (is_empty(intersect(damage[k], rect))) continue;
      rect = unite(rect, damage[k]);
      damage.erase(damage.begin() + std::ptrdiff_t(k));
      merged = true;
      break;
    }
  }
  damage.push_back(rect);
  while (damage.size() > kMostPasses) {
    std::size_t best_a = 0, best_b = 1;
    double best_area = 1e300;
    for (std::size_t a = 0; a < damage.size(); ++a)
      for (std::size_t b = a + 1; b < damage.size(); ++b) {
        const ImVec4 u = unite(damage[a], damage[b]);
        const double area = double(u.z - u.x) * double(u.w - u.y);
        if (area < best_area) best_area = area, best_a = a, best_b = b;
      }
    const ImVec4 u = unite(damage[best_a], damage[best_b]);
    damage.erase(damage.begin() + std::ptrdiff_t(best_b));
    damage.erase(damage.begin() + std::ptrdiff_t(best_a));
    add_damage(damage, u);
  }
}

bool same_bounds(const ImVec4& a, const ImVec4& b) {
  return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
}

}  // namespace

WindowCompositor::~WindowCompositor() {
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (texture_ != 0) glDeleteTextures(1, &texture_);
}

bool WindowCompositor::ensure_framebuffer(int width, int height) {
  if (framebuffer_ != 0 && width == width_ && height == height_) return true;
  if (texture_ == 0) glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  if (framebuffer_ == 0) glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
  const bool complete = glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE;
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  width_ = complete ? width : 0;
  height_ = complete ? height : 0;
  valid_ = false;
  return complete;
}

bool WindowCompositor::render(ImDrawData& data, int width, int height, ImVec4 clear_colour,
                              bool everything) {
  const ImVec4 display(data.DisplayPos.x, data.DisplayPos.y, data.DisplayPos.x + data.DisplaySize.x,
                       data.DisplayPos.y + data.DisplaySize.y);
  std::vector<ListState> lists;
  lists.reserve(std::size_t(data.CmdListsCount));
  for (int k = 0; k < data.CmdListsCount; ++k) {
    const ImDrawList& list = *data.CmdLists[k];
    lists.push_back({list._OwnerName != nullptr ? list._OwnerName : "", draw_list_hash(list),
                     list_bounds(list, display)});
  }

  if (width <= 0 || height <= 0) return false;
  if (width != width_ || height != height_) valid_ = false;
  const bool offscreen = !back_buffer_persists_ && ensure_framebuffer(width, height);
  if (back_buffer_persists_) width_ = width, height_ = height;
  std::vector<ImVec4> damage;
  if (everything || !valid_ || (!offscreen && !back_buffer_persists_)) {
    damage.push_back(display);
  } else {
    // A list that changed, moved in the drawing order, appeared or went: its old and new bounds.
    for (std::size_t k = 0; k < lists.size(); ++k) {
      const bool same = k < drawn_.size() && drawn_[k].owner == lists[k].owner &&
                        drawn_[k].hash == lists[k].hash &&
                        same_bounds(drawn_[k].bounds, lists[k].bounds);
      if (same) continue;
      add_damage(damage, lists[k].bounds);
      if (k < drawn_.size()) add_damage(damage, drawn_[k].bounds);
    }
    for (std::size_t k = lists.size(); k < drawn_.size(); ++k) add_damage(damage, drawn_[k].bounds);
  }
  drawn_ = std::move(lists);
  if (damage.empty()) return false;

  // Each damaged rectangle is drawn in its own pass, every command cut to it.
  std::vector<ImVec4> clips;
  for (int k = 0; k < data.CmdListsCount; ++k)
    for (const ImDrawCmd& command : data.CmdLists[k]->CmdBuffer) clips.push_back(command.ClipRect);
  glBindFramebuffer(GL_FRAMEBUFFER, offscreen ? framebuffer_ : 0);
  glViewport(0, 0, width, height);
  glClearColor(clear_colour.x, clear_colour.y, clear_colour.z, 1.0f);
  damaged_fraction_ = 0.0;
  damaged_.clear();
  for (ImVec4 rect : damage) {
    // Whole framebuffer pixels (GL's y axis points up).
    const ImVec2 scale = data.FramebufferScale;
    const int x0 = std::max(0, int(std::floor((rect.x - display.x) * scale.x)));
    const int y0 = std::max(0, int(std::floor((rect.y - display.y) * scale.y)));
    const int x1 = std::min(width, int(std::ceil((rect.z - display.x) * scale.x)));
    const int y1 = std::min(height, int(std::ceil((rect.w - display.y) * scale.y)));
    if (x1 <= x0 || y1 <= y0) continue;
    rect = ImVec4(display.x + float(x0) / scale.x, display.y + float(y0) / scale.y,
                  display.x + float(x1) / scale.x, display.y + float(y1) / scale.y);
    damaged_fraction_ += double(x1 - x0) * double(y1 - y0) / (double(width) * double(height));
    damaged_.push_back({x0, y0, x1, y1});
    std::size_t index = 0;
    for (int k = 0; k < data.CmdListsCount; ++k)
      for (ImDrawCmd& command : data.CmdLists[k]->CmdBuffer) {
        const ImVec4 clip = clips[index++];
        if (command.UserCallback == nullptr) command.ClipRect = intersect(clip, rect);
      }
    glEnable(GL_SCISSOR_TEST);
    glScissor(x0, height - y1, x1 - x0, y1 - y0);
    glClear(GL_COLOR_BUFFER_BIT);
    glDisable(GL_SCISSOR_TEST);
    ImGui_ImplOpenGL3_RenderDrawData(&data);
  }
  if (offscreen) {
    glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer_);
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
    glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }
  valid_ = offscreen || back_buffer_persists_;
  return true;
}

}  // namespace sgl::gl
