// Painter back end that appends to a Dear ImGui draw list (normally the current window's).
#pragma once

#include <vector>

#include "app/gui/plot/painter.hpp"

struct ImDrawList;
struct ImFont;

namespace sgl::plot {

class ImGuiPainter final : public Painter {
 public:
  // Draws with `font` (null: ImGui's current font at its current size).
  explicit ImGuiPainter(ImDrawList* draw_list, ImFont* font = nullptr, float font_size = 0.0f);

  void polyline(const Point* points, int count, Colour colour, float thickness,
                bool closed) override;
  void segments(const Point* points, int count, Colour colour, float thickness) override;
  void fill_rect(Point min, Point max, Colour colour) override;
  void stroke_rect(Point min, Point max, Colour colour, float thickness) override;
  void fill_circle(Point centre, float radius, Colour colour) override;
  void stroke_circle(Point centre, float radius, Colour colour, float thickness) override;
  void fill_convex(const Point* points, int count, Colour colour) override;
  void text(Point anchor, Colour colour, std::string_view text, HAlign h_align,
            VAlign v_align) override;
  Point text_size(std::string_view text) const override;
  float font_size() const override { return font_size_; }
  float set_font_size(float pixels) override {
    const float previous = font_size_;
    font_size_ = pixels;
    return previous;
  }
  void push_clip(Point min, Point max) override;
  void pop_clip() override;
  void image(std::uint64_t texture_id, Point min, Point max, Point uv_min, Point uv_max) override;

  // A colour grid drawn smooth: each colour at its cell's centre, blended linearly between
  // centres by the GPU (Gouraud-shaded quads): the two-moons map was blocky as flat cells.
  bool draws_pixels() const override { return true; }
  void pixels(Point min, Point max, int width, int height,
              const std::vector<Colour>& colours) override;

 private:
  ImDrawList* draw_list_;
  ImFont* font_;
  float font_size_;
  std::vector<Point> unique_points_;  // a polyline without its repeated points
};

}  // namespace sgl::plot
