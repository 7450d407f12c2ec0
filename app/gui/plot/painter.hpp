// The drawing primitives every plot goes through, in pixel coordinates (origin top-left, y down).
// Two back ends implement it: ImGuiPainter (the window's ImDrawList, live) and, for export, an
// SVG writer. Plot code must never reach past this interface to ImGui's draw list, so that
// anything drawn on screen can also be written to a file.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/plot/pixel_grid.hpp"

namespace sgl::plot {

// RGBA packed as Dear ImGui's IM_COL32: 0xAABBGGRR.
using Colour = std::uint32_t;

constexpr Colour rgba(unsigned r, unsigned g, unsigned b, unsigned a = 255) {
  return (static_cast<Colour>(a) << 24) | (static_cast<Colour>(b) << 16) |
         (static_cast<Colour>(g) << 8) | static_cast<Colour>(r);
}
constexpr unsigned alpha_of(Colour colour) {
  return colour >> 24;
}
// The same colour with its alpha multiplied by `factor` (clamped to [0, 1]).
constexpr Colour with_alpha(Colour colour, float factor) {
  const float clamped = factor < 0.0f ? 0.0f : (factor > 1.0f ? 1.0f : factor);
  const auto alpha = static_cast<unsigned>(static_cast<float>(alpha_of(colour)) * clamped + 0.5f);
  return (colour & 0x00FFFFFFu) | (static_cast<Colour>(alpha) << 24);
}

// A point in pixels; the thinning functions of core/plot/pixel_grid.hpp take the same type.
using Point = PixelPoint;

enum class HAlign { Left, Center, Right };
enum class VAlign { Top, Middle, Bottom };

class Painter {
 public:
  virtual ~Painter() = default;

  // Joined line through `count` points; `closed` also joins the last point to the first.
  virtual void polyline(const Point* points, int count, Colour colour, float thickness,
                        bool closed = false) = 0;
  // Independent segments: points[2k] → points[2k + 1] for k < count / 2.
  virtual void segments(const Point* points, int count, Colour colour, float thickness) = 0;
  virtual void fill_rect(Point min, Point max, Colour colour) = 0;
  virtual void stroke_rect(Point min, Point max, Colour colour, float thickness) = 0;
  virtual void fill_circle(Point centre, float radius, Colour colour) = 0;
  virtual void stroke_circle(Point centre, float radius, Colour colour, float thickness) = 0;
  // Convex polygon, points in clockwise order on screen (needed for anti-aliased fills).
  virtual void fill_convex(const Point* points, int count, Colour colour) = 0;

  // Text in the current font; `anchor` is placed at the given side/centre of the text box.
  virtual void text(Point anchor, Colour colour, std::string_view text,
                    HAlign h_align = HAlign::Left, VAlign v_align = VAlign::Top) = 0;
  virtual Point text_size(std::string_view text) const = 0;
  virtual float font_size() const = 0;
  // Text from now on is `pixels` tall (a large read-out); returns the size it replaces.
  virtual float set_font_size(float pixels) = 0;

  // Nested clip rectangles; each push is intersected with the enclosing one.
  virtual void push_clip(Point min, Point max) = 0;
  virtual void pop_clip() = 0;

  // A GPU texture (GL texture id) stretched over [min, max]. Back ends without textures (SVG)
  // may draw nothing.
  virtual void image(std::uint64_t texture_id, Point min, Point max, Point uv_min,
                     Point uv_max) = 0;

  // Whether pixels() draws: a back end that can embed a picture (SVG) draws a density as one
  // smooth image instead of thousands of flat cells.
  virtual bool draws_pixels() const { return false; }
  // `width` × `height` colours (rows top to bottom) stretched over [min, max], smoothed by the
  // viewer; 0 (fully transparent) leaves the background.
  virtual void pixels(Point /*min*/, Point /*max*/, int /*width*/, int /*height*/,
                      const std::vector<Colour>& /*colours*/) {}
};

}  // namespace sgl::plot
