#include "app/gui/gl/draw_list_texture.hpp"

#include <backends/imgui_impl_opengl3.h>
#include "app/gui/gl/gl_api.hpp"
#include "app/gui/gl/read_pixels.hpp"

#include <cstddef>
#include <cstring>

#include "app/gui/gl/saved_gl_state.hpp"
#include "app/gui/gl/texture_generation.hpp"

namespace sgl::gl {

DrawListTexture::~DrawListTexture() {
  if (framebuffer_ != 0) glDeleteFramebuffers(1, &framebuffer_);
  if (texture_ != 0) glDeleteTextures(1, &texture_);
}

bool DrawListTexture::ensure_size(int width, int height) {
  if (framebuffer_ != 0 && width == width_ && height == height_) return true;
  if (texture_ == 0) glGenTextures(1, &texture_);
  glBindTexture(GL_TEXTURE_2D, texture_);
  // Texels map one to one onto pixels: nearest sampling keeps them exact.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
  if (framebuffer_ == 0) glGenFramebuffers(1, &framebuffer_);
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    error_ = "offscreen framebuffer incomplete";
    width_ = height_ = 0;
    return false;
  }
  width_ = width;
  height_ = height;
  return true;
}

unsigned int DrawListTexture::render(ImDrawList& list, ImVec2 origin, int width, int height,
                                     ImVec2 framebuffer_scale, ImVec4 background) {
  if (width <= 0 || height <= 0) return 0;
  const SavedGlState saved;
  if (!ensure_size(width, height)) return 0;
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  glDisable(GL_SCISSOR_TEST);
  glViewport(0, 0, width, height);
  glClearColor(background.x, background.y, background.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);

  ImDrawList* lists[] = {&list};
  ImDrawData data;
  data.Valid = true;
  data.CmdLists = lists;
  data.CmdListsCount = 1;
  data.TotalVtxCount = list.VtxBuffer.Size;
  data.TotalIdxCount = list.IdxBuffer.Size;
  data.DisplayPos = origin;
  data.DisplaySize =
      ImVec2(float(width) / framebuffer_scale.x, float(height) / framebuffer_scale.y);
  data.FramebufferScale = framebuffer_scale;
  // The back end blends alpha as ONE, ONE_MINUS_SRC_ALPHA: over the opaque clear it stays 1,
  // so the texture composites exactly.
  ImGui_ImplOpenGL3_RenderDrawData(&data);

  bump_texture_generation(texture_);
  return texture_;
}

std::vector<unsigned char> DrawListTexture::read_rgb() const {
  if (framebuffer_ == 0 || width_ <= 0 || height_ <= 0) return {};
  const SavedGlState saved;
  glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  return read_rgb_top_down(width_, height_);
}

}  // namespace sgl::gl
