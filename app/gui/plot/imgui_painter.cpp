#include "app/gui/plot/imgui_painter.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdint>

namespace sgl::plot {
namespace {

ImVec2 to_imvec(Point point) {
  return ImVec2(point.x, point.y);
}

// ImDrawList takes ImVec2 arrays; Point has the same layout (two floats), which lets polylines
// pass through without a copy.
static_assert(sizeof(Point) == sizeof(ImVec2) && alignof(Point) == alignof(ImVec2));
const ImVec2* as_imvec_array(const Point* points) {
  return reinterpret_cast<const ImVec2*>(points);
}

}  // namespace

ImGuiPainter::ImGuiPainter(ImDrawList* draw_list, ImFont* font, float font_size)
    : draw_list_(draw_list),
      font_(font != nullptr ? font : ImGui::GetFont()),
      font_size_(font_size > 0.0f ? font_size : ImGui::GetFontSize()) {}

void ImGuiPainter::polyline(const Point* points, int count, Colour colour, float thickness,
                            bool closed) {
  if (count < 2 || alpha_of(colour) == 0) return;
  // A point repeated (two histogram bars of one height share their corner; bars cut at the
  // plot's top share theirs) gives ImGui's joint a zero normal, and the averaged normal there a
  // double width: a blob on the line. Repeats are dropped first.
  const auto same = [](Point a, Point b) { return a.x == b.x && a.y == b.y; };
  bool repeats = false;
  for (int i = 1; i < count && !repeats; ++i) repeats = same(points[i - 1], points[i]);
  if (repeats) {
    unique_points_.assign(points, points + 1);
    for (int i = 1; i < count; ++i)
      if (!same(points[i], unique_points_.back())) unique_points_.push_back(points[i]);
    if (unique_points_.size() < 2) return;
    points = unique_points_.data();
    count = static_cast<int>(unique_points_.size());
  }
  if (closed) {
    draw_list_->AddPolyline(as_imvec_array(points), count, colour, ImDrawFlags_Closed, thickness);
    return;
  }
  // Where the line turns back on itself (a trace's spike), ImGui's joint averages two opposite
  // normals to nearly nothing and the line vanishes there: a jagged trace drew as broken dashes.
  // The line is cut at such turns; each piece ends there with its own square end.
  int start = 0;
  for (int i = 1; i + 1 < count; ++i) {
    const float ax = points[i].x - points[i - 1].x, ay = points[i].y - points[i - 1].y;
    const float bx = points[i + 1].x - points[i].x, by = points[i + 1].y - points[i].y;
    const float dot = ax * bx + ay * by;
    // A turn sharper than 120°: cos < −½ (dot² > ¼ |a|²|b|² with dot < 0).
    if (dot < 0.0f && 4.0f * dot * dot > (ax * ax + ay * ay) * (bx * bx + by * by)) {
      draw_list_->AddPolyline(as_imvec_array(points + start), i - start + 1, colour,
                              ImDrawFlags_None, thickness);
      start = i;
    }
  }
  draw_list_->AddPolyline(as_imvec_array(points + start), count - start, colour, ImDrawFlags_None,
                          thickness);
}

void ImGuiPainter::pixels(Point min, Point max, int width, int height,
                          const std::vector<Colour>& colours) {
  if (width < 1 || height < 1 || colours.size() < std::size_t(width) * std::size_t(height)) return;
  // Vertices at the cells' centres, and on the edges, where the outer cells' colours reach.
  const auto positions = [](float lo, float hi, int cells) {
    std::vector<float> at(static_cast<std::size_t>(cells) + 2);
    const float size = (hi - lo) / static_cast<float>(cells);
    at.front() = lo;
    for (int i = 1; i <= cells; ++i)
      at[std::size_t(i)] = lo + (static_cast<float>(i) - 0.5f) * size;
    at.back() = hi;
    return at;
  };
  const std::vector<float> xs = positions(min.x, max.x, width),
                           ys = positions(min.y, max.y, height);
  const auto colour = [&](int i, int j) {
    const int column = std::clamp(i - 1, 0, width - 1), row = std::clamp(j - 1, 0, height - 1);
    return colours[std::size_t(row) * std::size_t(width) + std::size_t(column)];
  };
  for (int j = 0; j <= height; ++j)
    for (int i = 0; i <= width; ++i)
      draw_list_->AddRectFilledMultiColor(ImVec2(xs[std::size_t(i)], ys[std::size_t(j)]),
                                          ImVec2(xs[std::size_t(i) + 1], ys[std::size_t(j) + 1]),
                                          colour(i, j), colour(i + 1, j), colour(i + 1, j + 1),
                                          colour(i, j + 1));
}

void ImGuiPainter::segments(const Point* points, int count, Colour colour, float thickness) {
  if (alpha_of(colour) == 0) return;
  for (int k = 0; k + 1 < count; k += 2) {
    draw_list_->AddLine(to_imvec(points[k]), to_imvec(points[k + 1]), colour, thickness);
  }
}

void ImGuiPainter::fill_rect(Point min, Point max, Colour colour) {
  if (alpha_of(colour) == 0) return;
  draw_list_->AddRectFilled(to_imvec(min), to_imvec(max), colour);
}

void ImGuiPainter::stroke_rect(Point min, Point max, Colour colour, float thickness) {
  if (alpha_of(colour) == 0) return;
  draw_list_->AddRect(to_imvec(min), to_imvec(max), colour, 0.0f, ImDrawFlags_None, thickness);
}

void ImGuiPainter::fill_circle(Point centre, float radius, Colour colour) {
  if (alpha_of(colour) == 0) return;
  draw_list_->AddCircleFilled(to_imvec(centre), radius, colour);
}

void ImGuiPainter::stroke_circle(Point centre, float radius, Colour colour, float thickness) {
  if (alpha_of(colour) == 0) return;
  draw_list_->AddCircle(to_imvec(centre), radius, colour, 0, thickness);
}

void ImGuiPainter::fill_convex(const Point* points, int count, Colour colour) {
  if (count < 3 || alpha_of(colour) == 0) return;
  draw_list_->AddConvexPolyFilled(as_imvec_array(points), count, colour);
}

void ImGuiPainter::text(Point anchor, Colour colour, std::string_view text, HAlign h_align,
                        VAlign v_align) {
  if (text.empty()) return;
  const Point size = text_size(text);
  Point top_left = anchor;
  if (h_align == HAlign::Center) top_left.x -= 0.5f * size.x;
  if (h_align == HAlign::Right) top_left.x -= size.x;
  if (v_align == VAlign::Middle) top_left.y -= 0.5f * size.y;
  if (v_align == VAlign::Bottom) top_left.y -= size.y;
  // Whole pixels keep the glyphs crisp (the font atlas is not sampled at sub-pixel offsets).
  top_left.x = static_cast<float>(static_cast<int>(top_left.x + 0.5f));
  top_left.y = static_cast<float>(static_cast<int>(top_left.y + 0.5f));
  draw_list_->AddText(font_, font_size_, to_imvec(top_left), colour, text.data(),
                      text.data() + text.size());
}

Point ImGuiPainter::text_size(std::string_view text) const {
  const ImVec2 size =
      font_->CalcTextSizeA(font_size_, 1e9f, 0.0f, text.data(), text.data() + text.size());
  return {size.x, size.y};
}

void ImGuiPainter::push_clip(Point min, Point max) {
  draw_list_->PushClipRect(to_imvec(min), to_imvec(max), true);
}

void ImGuiPainter::pop_clip() {
  draw_list_->PopClipRect();
}

void ImGuiPainter::image(std::uint64_t texture_id, Point min, Point max, Point uv_min,
                         Point uv_max) {
  if (texture_id == 0) return;
  draw_list_->AddImage(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(texture_id)),
                       to_imvec(min), to_imvec(max), to_imvec(uv_min), to_imvec(uv_max));
}

}  // namespace sgl::plot
