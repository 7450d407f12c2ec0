// An ImDrawList rendered offscreen into a texture, so that a costly picture (a plot layer with
// thousands of line segments) is rasterised once and then shown as one textured quad per frame
// until it changes. Software GL (llvmpipe) spends its time rasterising long thin anti-aliased
// triangles; compositing a cached texture costs a small fraction of that.
//
// The texture covers `width` × `height` framebuffer pixels whose top-left corner is the list's
// `origin` (in ImGui's logical coordinates); the list is drawn by ImGui's own OpenGL3 back end,
// so the pixels are the ones it would have drawn on screen, over an opaque `background` (alpha
// stays 1, so the texture composites exactly). Like the window's framebuffer it is
// stored bottom row first: show it with v flipped (uv (0,1)–(1,0)).
//
// GL use: call on the GL thread while a frame is being built (after ImGui's back end has created
// its objects, i.e. after the first NewFrame); the GL state it changes is restored. Destroy the
// object while the context is current.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <imgui.h>

namespace sgl::gl {

class DrawListTexture {
 public:
  DrawListTexture() = default;
  ~DrawListTexture();
  DrawListTexture(const DrawListTexture&) = delete;
  DrawListTexture& operator=(const DrawListTexture&) = delete;

  // Renders `list` and returns the texture id (0 on failure; error() says why). The id stays the
  // same across calls (a resize reallocates the same texture); each render bumps its generation.
  unsigned int render(ImDrawList& list, ImVec2 origin, int width, int height,
                      ImVec2 framebuffer_scale, ImVec4 background);

  unsigned int texture() const { return texture_; }
  // The last render's pixels as RGB, rows top to bottom (an export's figure); empty before one.
  std::vector<unsigned char> read_rgb() const;
  int width() const { return width_; }
  int height() const { return height_; }
  const std::string& error() const { return error_; }

 private:
  bool ensure_size(int width, int height);

  unsigned int framebuffer_ = 0;
  unsigned int texture_ = 0;
  int width_ = 0, height_ = 0;
  std::string error_;
};

}  // namespace sgl::gl
