// Painter back end that writes SVG: the export path of every plot (one plot description, two back
// ends). Text is measured with the same ImGui font as on screen, so the layout (margins, tick
// thinning, legend wrapping) is the one the live view computes, and is written as real <text>
// in DejaVu Sans; clip rectangles become <clipPath>s. No textures: image() draws nothing, and
// views draw contour lines instead of GPU heatmaps when exporting.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/gui/plot/painter.hpp"

struct ImFont;

namespace sgl::plot {

class SvgPainter final : public Painter {
 public:
  // A canvas of `size` pixels whose top-left corner is `origin` in painter coordinates (the
  // export window's content); `font` at `font_size` px measures text (null: ImGui's current).
  SvgPainter(Point origin, Point size, ImFont* font = nullptr, float font_size = 0.0f);

  // Text from now on is measured with `font` and written in bold or not (a slide's title).
  void set_font(ImFont* font, bool bold) {
    if (font != nullptr) font_ = font;
    bold_ = bold;
  }
  // The <title> of the document (escaped).
  void set_title(std::string title) { title_ = std::move(title); }
  // The complete document.
  std::string document() const;
  // Union of everything drawn so far (empty: max < min), for fitting the canvas to the content.
  Point drawn_min() const { return drawn_min_; }
  Point drawn_max() const { return drawn_max_; }

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
  bool draws_pixels() const override { return true; }
  // An <image> with the pixels as an embedded PNG.
  void pixels(Point min, Point max, int width, int height,
              const std::vector<Colour>& colours) override;

 private:
  void grow(Point min, Point max);
  void put_points(const Point* points, int count);
  void put_fill(Colour colour);
  void put_stroke(Colour colour, float thickness);

  Point origin_, size_;
  ImFont* font_;
  float font_size_;
  float document_font_size_;  // the document's font-size; a text of another size sets its own
  bool bold_ = false;
  std::string title_;
  std::string body_;
  int clip_count_ = 0;
  std::vector<std::pair<Point, Point>> clips_;  // open clip rectangles, intersected
  Point drawn_min_{1e30f, 1e30f}, drawn_max_{-1e30f, -1e30f};
};

// Text made safe for XML character data and attribute values: & < > " ' escaped, control
// characters (invalid in XML 1.0) dropped; UTF-8 passes through.
std::string xml_escaped(std::string_view text);

}  // namespace sgl::plot
