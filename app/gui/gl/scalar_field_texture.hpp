// A scalar field on a regular grid (log-density of a 2-D target, or the Hamiltonian H(θ, r) of
// a 1-D target) rendered by GLSL 330 shaders (shaders/scalar_field.vert/.frag) into an FBO
// texture: a colour map (light slate or viridis, colour_map.hpp) with anti-aliased contour lines at
// given levels. The texture is shown with ImGui::Image / plot::Image and can be read back for PNG
// export.
//
// Rendering happens only when the field, the size or the style changes; the texture is cached.
//
// Geometry. The texture is stored GL-style, bottom row first: the field's y_0 (j = 0) is at the
// bottom of the picture, so ImGui must be given flipped v coordinates:
//   ImGui::Image(ImTextureID(intptr_t(id)), size, ImVec2(0, 1), ImVec2(1, 0));
// Then y grows upwards on screen like a plot's y axis. The grid values are point samples with the
// end points on the image edges (like linspace): place the image over the data rectangle
// [x_0, x_{nx-1}] × [y_0, y_{ny-1}], not half a cell larger. Between grid points the shader
// interpolates with a smooth cubic B-spline, so contours stay round even when a cell spans many
// pixels. Contour lines are light over dark colours and dark over bright ones (each line keeps one
// colour, since a contour has one value), blended with contour_alpha.
//
// GL use. All calls except set_field() need the GL context current. render() may be called while
// an ImGui frame is being built: it restores the framebuffer, viewport, program, vertex array,
// active texture (and unit 0's binding), pixel-store alignment and blend/scissor/depth/cull/
// stencil enables it touched. Destroy the object before the context. If the shader files cannot
// be found (see shader_program.hpp for where they are looked for) or compiled, render() returns 0
// and error() gives the paths tried or the GL info log.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/gui/gl/colour_map.hpp"

namespace sgl::gl {

struct ScalarFieldStyle {
  // Values are mapped to colour after clamping to [value_lo, value_hi]; higher = brighter.
  double value_lo = 0.0;
  double value_hi = 1.0;
  std::vector<float> contour_levels;  // drawn as thin anti-aliased lines (max 16)
  float contour_alpha = 0.55f;
  bool invert = false;  // true: low values bright (for energies, where low H is "inside")
  ColourMap colour_map = kDefaultColourMap;
};

class ScalarFieldTexture {
 public:
  ScalarFieldTexture();
  ~ScalarFieldTexture();
  ScalarFieldTexture(const ScalarFieldTexture&) = delete;
  ScalarFieldTexture& operator=(const ScalarFieldTexture&) = delete;

  // Sets the field: values[j * nx + i] at x_i (i along x), y_j (j along y, j = 0 at the
  // bottom). `revision` identifies the content: pass the same value to skip re-uploading.
  // Needs nx, ny >= 2 and nx * ny values; otherwise the previous field stays and error() says why.
  void set_field(const std::vector<float>& values, int nx, int ny, std::uint64_t revision);

  // Renders (if needed) at width × height pixels and returns the GL texture id (0 on failure;
  // error() then says why). The id never changes: a resize reallocates the same texture.
  // Contour levels beyond the 16th are ignored. Must be called on the GL thread.
  unsigned int render(int width, int height, const ScalarFieldStyle& style);

  // Reads the last rendered texture back as RGBA8, top row first (for PNG export); width and
  // height are set to its size (0 and an empty vector if nothing has been rendered yet).
  std::vector<std::uint8_t> read_pixels(int& width, int& height) const;

  const std::string& error() const { return error_; }

 private:
  struct Impl;
  Impl* impl_;
  std::string error_;
};

}  // namespace sgl::gl
