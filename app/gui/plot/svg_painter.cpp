#include "app/gui/plot/svg_painter.hpp"

#include <imgui.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

// PNG encoding for embedded images (the system's stb, compiled into this file only).
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STB_IMAGE_WRITE_STATIC
#include <stb/stb_image_write.h>

namespace sgl::plot {
namespace {

// ImGui sizes a font by its line height (ascent − descent), SVG and CSS by its em square. For
// DejaVu Sans: units per em 2048, ascent 1901, descent 483, so an em is 2048 / 2384 of a line.
constexpr double kEmPerLineHeight = 2048.0 / 2384.0;

// Coordinates with two decimals (a hundredth of a pixel), trailing zeros dropped: compact and
// exact enough for any zoom a slide gets.
void put_number(std::string& out, double value) {
  if (!std::isfinite(value)) value = 0.0;
  char buffer[32];
  const auto result =
      std::to_chars(buffer, buffer + sizeof(buffer), value, std::chars_format::fixed, 2);
  char* end = result.ptr;
  while (end > buffer && end[-1] == '0') --end;
  if (end > buffer && end[-1] == '.') --end;
  if (end - buffer == 2 && buffer[0] == '-' && buffer[1] == '0') {  // "-0"
    out += '0';
    return;
  }
  out.append(buffer, end);
}

void put_attribute(std::string& out, const char* name, double value) {
  out += ' ';
  out += name;
  out += "=\"";
  put_number(out, value);
  out += '"';
}

std::string hex_colour(Colour colour) {
  char buffer[8];
  std::snprintf(buffer, sizeof(buffer), "#%02x%02x%02x", colour & 0xFFu, (colour >> 8) & 0xFFu,
                (colour >> 16) & 0xFFu);
  return buffer;
}

}  // namespace

std::string xml_escaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        out += "&apos;";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n') break;
        out += c;
    }
  }
  return out;
}

SvgPainter::SvgPainter(Point origin, Point size, ImFont* font, float font_size)
    : origin_(origin),
      size_(size),
      font_(font != nullptr ? font : ImGui::GetFont()),
      font_size_(font_size > 0.0f ? font_size : ImGui::GetFontSize()),
      document_font_size_(font_size_) {}

void SvgPainter::grow(Point min, Point max) {
  // Only what shows counts: a line running far off a plot's clip rectangle does not.
  if (!clips_.empty()) {
    min = {std::max(min.x, clips_.back().first.x), std::max(min.y, clips_.back().first.y)};
    max = {std::min(max.x, clips_.back().second.x), std::min(max.y, clips_.back().second.y)};
    if (min.x > max.x || min.y > max.y) return;
  }
  drawn_min_ = {std::min(drawn_min_.x, min.x), std::min(drawn_min_.y, min.y)};
  drawn_max_ = {std::max(drawn_max_.x, max.x), std::max(drawn_max_.y, max.y)};
}

void SvgPainter::put_points(const Point* points, int count) {
  body_ += " points=\"";
  for (int k = 0; k < count; ++k) {
    if (k > 0) body_ += ' ';
    put_number(body_, points[k].x);
    body_ += ',';
    put_number(body_, points[k].y);
    grow(points[k], points[k]);
  }
  body_ += '"';
}

void SvgPainter::put_fill(Colour colour) {
  body_ += " fill=\"" + hex_colour(colour) + '"';
  if (alpha_of(colour) < 255) put_attribute(body_, "fill-opacity", alpha_of(colour) / 255.0);
}

void SvgPainter::put_stroke(Colour colour, float thickness) {
  body_ += " fill=\"none\" stroke=\"" + hex_colour(colour) + '"';
  if (alpha_of(colour) < 255) put_attribute(body_, "stroke-opacity", alpha_of(colour) / 255.0);
  put_attribute(body_, "stroke-width", thickness);
}

void SvgPainter::polyline(const Point* points, int count, Colour colour, float thickness,
                          bool closed) {
  if (count < 2 || alpha_of(colour) == 0) return;
  body_ += closed ? "<polygon" : "<polyline";
  put_points(points, count);
  put_stroke(colour, thickness);
  body_ += " stroke-linejoin=\"round\"/>\n";
}

void SvgPainter::segments(const Point* points, int count, Colour colour, float thickness) {
  if (count < 2 || alpha_of(colour) == 0) return;
  // One path for all of them: a decimated trace has a segment per pixel column.
  body_ += "<path d=\"";
  for (int k = 0; k + 1 < count; k += 2) {
    body_ += 'M';
    put_number(body_, points[k].x);
    body_ += ',';
    put_number(body_, points[k].y);
    body_ += 'L';
    put_number(body_, points[k + 1].x);
    body_ += ',';
    put_number(body_, points[k + 1].y);
    grow(points[k], points[k]);
    grow(points[k + 1], points[k + 1]);
  }
  body_ += '"';
  put_stroke(colour, thickness);
  body_ += "/>\n";
}

void SvgPainter::fill_rect(Point min, Point max, Colour colour) {
  if (alpha_of(colour) == 0) return;
  body_ += "<rect";
  put_attribute(body_, "x", std::min(min.x, max.x));
  put_attribute(body_, "y", std::min(min.y, max.y));
  put_attribute(body_, "width", std::abs(max.x - min.x));
  put_attribute(body_, "height", std::abs(max.y - min.y));
  put_fill(colour);
  body_ += "/>\n";
  grow(min, max);
}

void SvgPainter::stroke_rect(Point min, Point max, Colour colour, float thickness) {
  if (alpha_of(colour) == 0) return;
  // ImGui strokes rectangles inside their bounds by half a pixel; the outline is what matters.
  body_ += "<rect";
  put_attribute(body_, "x", std::min(min.x, max.x) + 0.5);
  put_attribute(body_, "y", std::min(min.y, max.y) + 0.5);
  put_attribute(body_, "width", std::max(std::abs(max.x - min.x) - 1.0, 0.0));
  put_attribute(body_, "height", std::max(std::abs(max.y - min.y) - 1.0, 0.0));
  put_stroke(colour, thickness);
  body_ += "/>\n";
  grow(min, max);
}

void SvgPainter::fill_circle(Point centre, float radius, Colour colour) {
  if (alpha_of(colour) == 0) return;
  body_ += "<circle";
  put_attribute(body_, "cx", centre.x);
  put_attribute(body_, "cy", centre.y);
  put_attribute(body_, "r", radius);
  put_fill(colour);
  body_ += "/>\n";
  grow({centre.x - radius, centre.y - radius}, {centre.x + radius, centre.y + radius});
}

void SvgPainter::stroke_circle(Point centre, float radius, Colour colour, float thickness) {
  if (alpha_of(colour) == 0) return;
  body_ += "<circle";
  put_attribute(body_, "cx", centre.x);
  put_attribute(body_, "cy", centre.y);
  put_attribute(body_, "r", radius);
  put_stroke(colour, thickness);
  body_ += "/>\n";
  grow({centre.x - radius, centre.y - radius}, {centre.x + radius, centre.y + radius});
}

void SvgPainter::fill_convex(const Point* points, int count, Colour colour) {
  if (count < 3 || alpha_of(colour) == 0) return;
  body_ += "<polygon";
  put_points(points, count);
  put_fill(colour);
  body_ += "/>\n";
}

void SvgPainter::text(Point anchor, Colour colour, std::string_view text, HAlign h_align,
                      VAlign v_align) {
  if (text.empty() || alpha_of(colour) == 0) return;
  const Point size = text_size(text);
  float top = anchor.y;
  if (v_align == VAlign::Middle) top -= 0.5f * size.y;
  if (v_align == VAlign::Bottom) top -= size.y;
  // SVG places text by its baseline; ImGui by the top of the line box.
  const float baseline = top + font_->Ascent * font_size_ / font_->FontSize;
  body_ += "<text";
  put_attribute(body_, "x", anchor.x);
  put_attribute(body_, "y", baseline);
  if (h_align == HAlign::Center) body_ += " text-anchor=\"middle\"";
  if (h_align == HAlign::Right) body_ += " text-anchor=\"end\"";
  put_fill(colour);
  if (font_size_ != document_font_size_)
    put_attribute(body_, "font-size", font_size_ * kEmPerLineHeight);
  if (bold_) body_ += " font-weight=\"bold\"";
  body_ += '>';
  body_ += xml_escaped(text);
  body_ += "</text>\n";
  float left = anchor.x;
  if (h_align == HAlign::Center) left -= 0.5f * size.x;
  if (h_align == HAlign::Right) left -= size.x;
  grow({left, top}, {left + size.x, top + size.y});
}

Point SvgPainter::text_size(std::string_view text) const {
  const ImVec2 size =
      font_->CalcTextSizeA(font_size_, 1e9f, 0.0f, text.data(), text.data() + text.size());
  return {size.x, size.y};
}

void SvgPainter::push_clip(Point min, Point max) {
  const std::string id = "clip" + std::to_string(++clip_count_);
  body_ += "<clipPath id=\"" + id + "\"><rect";
  put_attribute(body_, "x", min.x);
  put_attribute(body_, "y", min.y);
  put_attribute(body_, "width", std::max(max.x - min.x, 0.0f));
  put_attribute(body_, "height", std::max(max.y - min.y, 0.0f));
  // Nested groups intersect their clips, as the painter interface asks.
  body_ += "/></clipPath>\n<g clip-path=\"url(#" + id + ")\">\n";
  if (!clips_.empty()) {
    min = {std::max(min.x, clips_.back().first.x), std::max(min.y, clips_.back().first.y)};
    max = {std::min(max.x, clips_.back().second.x), std::min(max.y, clips_.back().second.y)};
  }
  clips_.emplace_back(min, max);
}

void SvgPainter::pop_clip() {
  if (clips_.empty()) return;
  body_ += "</g>\n";
  clips_.pop_back();
}

void SvgPainter::image(std::uint64_t, Point, Point, Point, Point) {}

void SvgPainter::pixels(Point min, Point max, int width, int height,
                        const std::vector<Colour>& colours) {
  if (width < 1 || height < 1 ||
      colours.size() < static_cast<std::size_t>(width) * static_cast<std::size_t>(height))
    return;
  std::vector<unsigned char> rgba(colours.size() * 4);
  for (std::size_t i = 0; i < colours.size(); ++i)  // IM_COL32 order: 0xAABBGGRR
    for (int c = 0; c < 4; ++c)
      rgba[i * 4 + static_cast<std::size_t>(c)] =
          static_cast<unsigned char>((colours[i] >> (8 * c)) & 0xFF);
  int length = 0;
  unsigned char* png = stbi_write_png_to_mem(rgba.data(), width * 4, width, height, 4, &length);
  if (png == nullptr) return;
  body_ += "<image";
  put_attribute(body_, "x", std::min(min.x, max.x));
  put_attribute(body_, "y", std::min(min.y, max.y));
  put_attribute(body_, "width", std::abs(max.x - min.x));
  put_attribute(body_, "height", std::abs(max.y - min.y));
  body_ += " preserveAspectRatio=\"none\" href=\"data:image/png;base64,";
  static constexpr char kDigits[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  for (int i = 0; i < length; i += 3) {
    const unsigned bytes = (unsigned{png[i]} << 16) |
                           (i + 1 < length ? unsigned{png[i + 1]} << 8 : 0u) |
                           (i + 2 < length ? unsigned{png[i + 2]} : 0u);
    body_ += kDigits[(bytes >> 18) & 63];
    body_ += kDigits[(bytes >> 12) & 63];
    body_ += i + 1 < length ? kDigits[(bytes >> 6) & 63] : '=';
    body_ += i + 2 < length ? kDigits[bytes & 63] : '=';
  }
  STBIW_FREE(png);
  body_ += "\"/>\n";
  grow(min, max);
}

std::string SvgPainter::document() const {
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"";
  put_attribute(out, "width", size_.x);
  put_attribute(out, "height", size_.y);
  out += " viewBox=\"";
  put_number(out, origin_.x);
  out += ' ';
  put_number(out, origin_.y);
  out += ' ';
  put_number(out, size_.x);
  out += ' ';
  put_number(out, size_.y);
  // xml:space keeps runs of spaces in labels ("TV 0.03  KL 0.01") as the screen shows them.
  out += "\" xml:space=\"preserve\" font-family=\"DejaVu Sans, Verdana, sans-serif\"";
  put_attribute(out, "font-size", document_font_size_ * kEmPerLineHeight);
  out += ">\n";
  if (!title_.empty()) out += "<title>" + xml_escaped(title_) + "</title>\n";
  out += "<rect";
  put_attribute(out, "x", origin_.x);
  put_attribute(out, "y", origin_.y);
  put_attribute(out, "width", size_.x);
  put_attribute(out, "height", size_.y);
  out += " fill=\"#ffffff\"/>\n";
  out += body_;
  for (std::size_t k = 0; k < clips_.size(); ++k) out += "</g>\n";
  out += "</svg>\n";
  return out;
}

}  // namespace sgl::plot
