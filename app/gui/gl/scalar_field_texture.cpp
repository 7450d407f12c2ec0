#include "app/gui/gl/scalar_field_texture.hpp"

#include "app/gui/gl/gl_api.hpp"

#include <algorithm>
#include <cstddef>
#include <cstring>

#include "app/gui/gl/saved_gl_state.hpp"
#include "app/gui/gl/shader_program.hpp"
#include "app/gui/gl/texture_generation.hpp"

namespace sgl::gl {

namespace {

constexpr int kMaxContours = 16;  // keep equal to kMaxContours in shaders/scalar_field.frag

bool same_style(const ScalarFieldStyle& a, const ScalarFieldStyle& b) {
  return a.value_lo == b.value_lo && a.value_hi == b.value_hi &&
         a.contour_levels == b.contour_levels && a.contour_alpha == b.contour_alpha &&
         a.invert == b.invert && a.colour_map == b.colour_map;
}

void set_texture_sampling(GLint filter) {
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
}

}  // namespace

struct ScalarFieldTexture::Impl {
  // CPU copy of the latest set_field(); uploaded lazily by render() on the GL thread.
  std::vector<float> values;
  int nx = 0;
  int ny = 0;
  std::uint64_t revision = 0;
  bool has_field = false;

  // GL objects, created on the first render() (the constructor may run before a context exists).
  ShaderProgram program;
  bool program_failed = false;  // do not retry (and re-report) a broken shader every frame
  GLuint vertex_array = 0;      // empty: the vertex shader makes the quad from gl_VertexID
  GLuint field_texture = 0;
  int field_texture_nx = 0;
  int field_texture_ny = 0;
  std::uint64_t uploaded_revision = 0;
  bool uploaded = false;

  GLuint framebuffer = 0;
  GLuint colour_texture = 0;
  int width = 0;
  int height = 0;

  // What the colour texture currently shows, to skip redundant renders.
  bool rendered = false;
  std::uint64_t rendered_revision = 0;
  ScalarFieldStyle rendered_style;

  ~Impl() {
    if (framebuffer != 0) glDeleteFramebuffers(1, &framebuffer);
    if (colour_texture != 0) glDeleteTextures(1, &colour_texture);
    if (field_texture != 0) glDeleteTextures(1, &field_texture);
    if (vertex_array != 0) glDeleteVertexArrays(1, &vertex_array);
  }

  bool ensure_program(std::string& error) {
    if (program.valid()) return true;
    if (program_failed) return false;
    if (!program.load_files("scalar_field.vert", "scalar_field.frag", error)) {
      program_failed = true;
      return false;
    }
    glGenVertexArrays(1, &vertex_array);
    return true;
  }

  void upload_field() {
    if (uploaded && uploaded_revision == revision) return;
    if (field_texture == 0) glGenTextures(1, &field_texture);
    glBindTexture(GL_TEXTURE_2D, field_texture);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
    glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
    if (field_texture_nx != nx || field_texture_ny != ny) {
      glTexImage2D(GL_TEXTURE_2D, 0, GL_R32F, nx, ny, 0, GL_RED, GL_FLOAT, values.data());
      set_texture_sampling(GL_LINEAR);
      field_texture_nx = nx;
      field_texture_ny = ny;
    } else {
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, nx, ny, GL_RED, GL_FLOAT, values.data());
    }
    uploaded = true;
    uploaded_revision = revision;
  }

  bool ensure_framebuffer(int new_width, int new_height, std::string& error) {
    if (framebuffer != 0 && width == new_width && height == new_height) return true;
    if (colour_texture == 0) glGenTextures(1, &colour_texture);
    glBindTexture(GL_TEXTURE_2D, colour_texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, new_width, new_height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 nullptr);
    // Linear, so ImGui::Image may show it at a slightly different size without aliasing.
    set_texture_sampling(GL_LINEAR);
    if (framebuffer == 0) glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour_texture, 0);
    const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
    rendered = false;
    if (status != GL_FRAMEBUFFER_COMPLETE) {
      error = "the heatmap framebuffer is incomplete (status 0x" + hex(status) + ")";
      width = height = 0;
      return false;
    }
    width = new_width;
    height = new_height;
    return true;
  }

  void draw(const ScalarFieldStyle& style) {
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glViewport(0, 0, width, height);
    glDisable(GL_BLEND);  // every pixel is written opaque; nothing to blend with
    glDisable(GL_SCISSOR_TEST);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_STENCIL_TEST);

    glUseProgram(program.id());
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, field_texture);
    glUniform1i(program.uniform_location("u_field"), 0);
    glUniform2f(program.uniform_location("u_grid_size"), static_cast<float>(nx),
                static_cast<float>(ny));
    glUniform1f(program.uniform_location("u_value_lo"), static_cast<float>(style.value_lo));
    glUniform1f(program.uniform_location("u_value_hi"), static_cast<float>(style.value_hi));
    glUniform1i(program.uniform_location("u_invert"), style.invert ? 1 : 0);
    glUniform1i(program.uniform_location("u_viridis"),
                style.colour_map == ColourMap::Viridis ? 1 : 0);
    const int contour_count = std::min(static_cast<int>(style.contour_levels.size()), kMaxContours);
    glUniform1i(program.uniform_location("u_contour_count"), contour_count);
    if (contour_count > 0) {
      glUniform1fv(program.uniform_location("u_contour_levels"), contour_count,
                   style.contour_levels.data());
    }
    glUniform1f(program.uniform_location("u_contour_alpha"),
                std::clamp(style.contour_alpha, 0.0f, 1.0f));

    glBindVertexArray(vertex_array);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }

  static std::string hex(GLenum value) {
    static const char* const kDigits = "0123456789abcdef";
    std::string text;
    for (int shift = 12; shift >= 0; shift -= 4) text += kDigits[(value >> shift) & 0xfu];
    return text;
  }
};

ScalarFieldTexture::ScalarFieldTexture() : impl_(new Impl) {}

ScalarFieldTexture::~ScalarFieldTexture() {
  delete impl_;
}

void ScalarFieldTexture::set_field(const std::vector<float>& values, int nx, int ny,
                                   std::uint64_t revision) {
  if (impl_->has_field && impl_->revision == revision && impl_->nx == nx && impl_->ny == ny) {
    return;
  }
  // Two points per axis at least: the shader maps the image edges to the first and last point.
  if (nx < 2 || ny < 2 || values.size() != static_cast<std::size_t>(nx) * ny) {
    error_ = "set_field: need nx, ny >= 2 and nx * ny values (got " + std::to_string(nx) + " x " +
             std::to_string(ny) + ", " + std::to_string(values.size()) + " values)";
    return;
  }
  impl_->values = values;
  impl_->nx = nx;
  impl_->ny = ny;
  impl_->revision = revision;
  impl_->has_field = true;
  impl_->rendered = false;
}

unsigned int ScalarFieldTexture::render(int width, int height, const ScalarFieldStyle& style) {
  Impl& impl = *impl_;
  if (!impl.has_field) {
    error_ = "no field has been set";
    return 0;
  }
  GLint max_size = 0;
  glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max_size);
  if (width <= 0 || height <= 0 || width > max_size || height > max_size) {
    error_ = "cannot render a " + std::to_string(width) + " x " + std::to_string(height) +
             " heatmap (GL allows up to " + std::to_string(max_size) + ")";
    return 0;
  }
  const bool up_to_date = impl.rendered && impl.width == width && impl.height == height &&
                          impl.rendered_revision == impl.revision &&
                          same_style(impl.rendered_style, style);
  if (up_to_date) return impl.colour_texture;

  const SavedGlState saved;
  if (!impl.ensure_program(error_)) return 0;
  if (!impl.ensure_framebuffer(width, height, error_)) return 0;
  impl.upload_field();
  impl.draw(style);

  impl.rendered = true;
  impl.rendered_revision = impl.revision;
  impl.rendered_style = style;
  bump_texture_generation(impl.colour_texture);  // same id, new picture
  error_.clear();
  return impl.colour_texture;
}

std::vector<std::uint8_t> ScalarFieldTexture::read_pixels(int& width, int& height) const {
  const Impl& impl = *impl_;
  if (!impl.rendered) {
    width = height = 0;
    return {};
  }
  width = impl.width;
  height = impl.height;
  const auto row_bytes = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> pixels(row_bytes * static_cast<std::size_t>(height));
  {
    const SavedGlState saved;
    glBindFramebuffer(GL_READ_FRAMEBUFFER, impl.framebuffer);
    glReadBuffer(GL_COLOR_ATTACHMENT0);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glPixelStorei(GL_PACK_ROW_LENGTH, 0);
    glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  }
  // GL's row 0 is the bottom of the image (the field's j = 0); PNG rows go top to bottom.
  std::vector<std::uint8_t> row(row_bytes);
  for (int top = 0, bottom = height - 1; top < bottom; ++top, --bottom) {
    std::uint8_t* top_row = pixels.data() + static_cast<std::size_t>(top) * row_bytes;
    std::uint8_t* bottom_row = pixels.data() + static_cast<std::size_t>(bottom) * row_bytes;
    std::memcpy(row.data(), top_row, row_bytes);
    std::memcpy(top_row, bottom_row, row_bytes);
    std::memcpy(bottom_row, row.data(), row_bytes);
  }
  return pixels;
}

}  // namespace sgl::gl
