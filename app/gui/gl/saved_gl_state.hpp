// Saves the GL state that offscreen rendering changes and puts it back on destruction. ImGui's
// OpenGL3 back end sets most of this itself each frame, but textures (scalar fields, cached plot
// layers) are rendered in the middle of building a frame, and other GL code shares the context.
#pragma once

#include "app/gui/gl/gl_api.hpp"

namespace sgl::gl {

class SavedGlState {
 public:
  SavedGlState() {
    glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, &draw_framebuffer_);
    glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &read_framebuffer_);
    glGetIntegerv(GL_VIEWPORT, viewport_);
    glGetIntegerv(GL_SCISSOR_BOX, scissor_box_);
    glGetFloatv(GL_COLOR_CLEAR_VALUE, clear_colour_);
    glGetBooleanv(GL_COLOR_WRITEMASK, colour_mask_);
    glGetIntegerv(GL_CURRENT_PROGRAM, &program_);
    glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &vertex_array_);
    glGetIntegerv(GL_ACTIVE_TEXTURE, &active_texture_);
    glActiveTexture(GL_TEXTURE0);
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &texture_unit0_binding_);
    glGetIntegerv(GL_UNPACK_ALIGNMENT, &unpack_alignment_);
    glGetIntegerv(GL_UNPACK_ROW_LENGTH, &unpack_row_length_);
    glGetIntegerv(GL_PACK_ALIGNMENT, &pack_alignment_);
    glGetIntegerv(GL_PACK_ROW_LENGTH, &pack_row_length_);
    blend_ = glIsEnabled(GL_BLEND);
    scissor_ = glIsEnabled(GL_SCISSOR_TEST);
    depth_test_ = glIsEnabled(GL_DEPTH_TEST);
    cull_face_ = glIsEnabled(GL_CULL_FACE);
    stencil_test_ = glIsEnabled(GL_STENCIL_TEST);
  }
  ~SavedGlState() {
    glBindFramebuffer(GL_DRAW_FRAMEBUFFER, static_cast<GLuint>(draw_framebuffer_));
    glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(read_framebuffer_));
    glViewport(viewport_[0], viewport_[1], viewport_[2], viewport_[3]);
    glScissor(scissor_box_[0], scissor_box_[1], scissor_box_[2], scissor_box_[3]);
    glClearColor(clear_colour_[0], clear_colour_[1], clear_colour_[2], clear_colour_[3]);
    glColorMask(colour_mask_[0], colour_mask_[1], colour_mask_[2], colour_mask_[3]);
    glUseProgram(static_cast<GLuint>(program_));
    glBindVertexArray(static_cast<GLuint>(vertex_array_));
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(texture_unit0_binding_));
    glActiveTexture(static_cast<GLenum>(active_texture_));
    glPixelStorei(GL_UNPACK_ALIGNMENT, unpack_alignment_);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, unpack_row_length_);
    glPixelStorei(GL_PACK_ALIGNMENT, pack_alignment_);
    glPixelStorei(GL_PACK_ROW_LENGTH, pack_row_length_);
    set_enabled(GL_BLEND, blend_);
    set_enabled(GL_SCISSOR_TEST, scissor_);
    set_enabled(GL_DEPTH_TEST, depth_test_);
    set_enabled(GL_CULL_FACE, cull_face_);
    set_enabled(GL_STENCIL_TEST, stencil_test_);
  }
  SavedGlState(const SavedGlState&) = delete;
  SavedGlState& operator=(const SavedGlState&) = delete;

 private:
  static void set_enabled(GLenum capability, GLboolean enabled) {
    if (enabled == GL_TRUE) {
      glEnable(capability);
    } else {
      glDisable(capability);
    }
  }

  GLint draw_framebuffer_ = 0;
  GLint read_framebuffer_ = 0;
  GLint viewport_[4] = {0, 0, 0, 0};
  GLint scissor_box_[4] = {0, 0, 0, 0};
  GLfloat clear_colour_[4] = {0, 0, 0, 0};
  GLboolean colour_mask_[4] = {GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE};
  GLint program_ = 0;
  GLint vertex_array_ = 0;
  GLint active_texture_ = GL_TEXTURE0;
  GLint texture_unit0_binding_ = 0;
  GLint unpack_alignment_ = 4;
  GLint unpack_row_length_ = 0;
  GLint pack_alignment_ = 4;
  GLint pack_row_length_ = 0;
  GLboolean blend_ = GL_FALSE;
  GLboolean scissor_ = GL_FALSE;
  GLboolean depth_test_ = GL_FALSE;
  GLboolean cull_face_ = GL_FALSE;
  GLboolean stencil_test_ = GL_FALSE;
};

}  // namespace sgl::gl
