#include "app/gui/export/view_svg_export.hpp"

#include <optional>

#include "app/gui/export/figure_render.hpp"
#include "app/gui/plot/svg_painter.hpp"

namespace sgl {
namespace {

class SvgCanvas final : public FigureCanvas {
 public:
  SvgCanvas(float width, float height, std::string title)
      : width_(width), height_(height), title_(std::move(title)) {}

  plot::Painter& begin_pass(float top) override {
    painter_.emplace(plot::Point{0.0f, top}, plot::Point{width_, height_});
    painter_->set_title(title_);
    return *painter_;
  }
  plot::Point drawn_min() const override { return painter_->drawn_min(); }
  plot::Point drawn_max() const override { return painter_->drawn_max(); }
  plot::Painter& text_painter(ImFont* font, bool bold, float pixels) override {
    painter_->set_font(font, bold);
    painter_->set_font_size(pixels);
    return *painter_;
  }
  std::string document() const { return painter_ ? painter_->document() : std::string(); }

 private:
  float width_, height_;
  std::string title_;
  std::optional<plot::SvgPainter> painter_;
};

}  // namespace

std::string render_view_svg(const char* window_name, ViewDrawFunction draw,
                            const ViewContext& context, const SvgExportOptions& options) {
  FigureOptions figure;
  figure.width = options.width;
  figure.height = options.height;
  figure.fonts = options.fonts;
  figure.font_scale = options.font_scale;
  figure.title = options.slide_title;
  figure.caption = options.slide_caption;
  figure.title_font = options.title_font;
  SvgCanvas canvas(options.width, options.height, options.title);
  draw_figure(window_name, draw, context, figure, canvas, [] {});
  return canvas.document();
}

}  // namespace sgl
