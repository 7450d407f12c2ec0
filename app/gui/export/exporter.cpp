#include "app/gui/export/exporter.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "app/cli/live_draws_export.hpp"
#include "app/gui/export/slide_text.hpp"
#include "app/gui/export/view_png_export.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "app/gui/shell/ui_font.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/io/new_file.hpp"
#include "core/run/live_engine.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// A figure shown full-slide: a little larger text than the window's 20 px.
constexpr float kSlideFontFactor = 23.0f / 20.0f;
// The slide PNG: the SVG's slide (SvgExportOptions' 1280×720) at 1.5× its pixels, 1920×1080.
constexpr float kSlideWidth = 1280.0f, kSlideHeight = 720.0f;
constexpr float kSlidePixelScale = 1.5f;
constexpr float kSlideGrowthAllowance = 8.0f;

std::string export_png(const std::string& folder, const std::string& stem, const RgbImage& image) {
  if (image.width <= 0 || image.height <= 0)
    throw UserError("nothing to export: the panel is not on screen");
  return write_new_file(folder, stem, "png", [&](const std::string& temp_path) {
    std::string error;
    if (!write_png(temp_path, image, error)) throw UserError(error);
  });
}

// The panel's content area (below its title bar), in screen units; empty when not on screen.
bool content_area(const ExportSources& sources, float& top, float& width, float& height) {
  const float above = ImGui::GetFrameHeight() + std::max(sources.widgets_above_figure, 0.0f);
  top = sources.panel_y + above;
  width = sources.panel_width;
  height = sources.panel_height - above;
  return width > 0.0f && height > 0.0f;
}

std::string export_view_png(const std::string& folder, const ExportRequest& request,
                            const ExportSources& sources) {
  float top = 0.0f, width = 0.0f, height = 0.0f;
  if (!content_area(sources, top, width, height))
    throw UserError("nothing to export: the panel is not on screen");
  const std::string stem = export_stem(request.panel);
  if (request.kind == ExportKind::ViewPngSlide) {
    // The SVG's 1280×720 slide, rasterised at 1.5× (1920×1080): a full-slide figure.
    if (sources.draw == nullptr || sources.context == nullptr)
      throw UserError(request.panel + " has no plots to export as a slide (use PNG)");
    return export_png(folder, stem + "_slide",
                      render_slide_png(request.panel, sources.draw, *sources.context,
                                       sources.headline, kSlidePixelScale, stem + "_slide"));
  }
  if (sources.draw != nullptr && sources.context != nullptr) {
    // A plot panel: drawn again offscreen, as a figure with a key and no widgets, at the
    // panel's shape but at least slide size (a 282×285 side tile made a thumbnail whose key
    // crowded the data), with the SVG's slide text size.
    FigureOptions options;
    const FigureSize size = figure_size_for_panel(width, height);
    options.width = size.width;
    options.height = size.height;
    options.fonts = ImGui::GetIO().Fonts;
    options.font_scale = ImGui::GetIO().FontGlobalScale * (size.enlarged ? kSlideFontFactor : 1.0f);
    options.textures = true;
    return export_png(folder, stem,
                      render_view_png(request.panel.c_str(), sources.draw, *sources.context,
                                      options, sources.framebuffer_scale));
  }
  // A table or the controls: the panel's pixels on screen, without its title bar.
  const float scale = sources.framebuffer_scale;
  return export_png(
      folder, stem,
      crop(sources.frame(), static_cast<int>(std::lround(sources.panel_x * scale)),
           static_cast<int>(std::lround(top * scale)), static_cast<int>(std::lround(width * scale)),
           static_cast<int>(std::lround(height * scale))));
}

std::string export_view_svg(const std::string& folder, const ExportRequest& request,
                            const ExportSources& sources) {
  if (sources.draw == nullptr || sources.context == nullptr)
    throw UserError(request.panel + " has no plots to export as SVG (use PNG)");
  SvgExportOptions options;
  options.fonts = ImGui::GetIO().Fonts;
  options.font_scale = ImGui::GetIO().FontGlobalScale * kSlideFontFactor;
  if (request.kind == ExportKind::ViewSvgPanelSize) {
    // The panel's content area (below its title bar), at the screen's text size.
    float top = 0.0f;
    if (!content_area(sources, top, options.width, options.height))
      throw UserError("nothing to export: the panel is not on screen");
    options.font_scale = ImGui::GetIO().FontGlobalScale;
  }
  const auto& snapshot = sources.context->snapshot;
  options.title = request.panel +
                  (snapshot && snapshot->target ? " — " + snapshot->target->id() : std::string());
  if (request.kind == ExportKind::ViewSvg) {
    // The slide carries its title and caption, as the slide PNG does.
    options.slide_title = slide_title(sources.headline, request.panel);
    if (snapshot) options.slide_caption = slide_caption(*snapshot);
    options.title_font = headline_font();
  }
  const std::string svg =
      render_view_svg(request.panel.c_str(), sources.draw, *sources.context, options);
  const bool panel_size = request.kind == ExportKind::ViewSvgPanelSize;
  return write_new_file(folder, export_stem(request.panel) + (panel_size ? "_panel" : ""), "svg",
                        svg);
}

std::string readable(const std::string& text) {
  // The caption's non-breaking spaces (U+00A0, two bytes) as plain ones: one line of the status
  // file that a test can match.
  std::string out;
  for (std::size_t k = 0; k < text.size(); ++k) {
    if (text.compare(k, 2, "\u00A0") == 0) {
      out += ' ';
      ++k;
    } else {
      out += text[k];
    }
  }
  return out;
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) {
    if (!text.empty()) text += ' ';
    text += line;
  }
  return readable(text);
}

void record_rect(const std::string& name, plot::Point min, plot::Point max) {
  if (max.y < min.y) return;
  ui_probe::record_rect(name, {min.x, min.y, max.x - min.x, max.y - min.y});
}

}  // namespace

RgbImage render_slide_png(const std::string& panel, ViewDrawFunction draw,
                          const ViewContext& context, const std::string& headline,
                          float pixel_scale, const std::string& name, bool antialiased) {
  // The figure may grow a few pixels to keep its top text off the edge (render_view_png): it
  // is drawn a little shorter, then its last rows are the background up to the slide's height.
  FigureOptions options;
  options.width = kSlideWidth;
  options.height = kSlideHeight - kSlideGrowthAllowance;
  options.fonts = ImGui::GetIO().Fonts;
  options.font_scale = ImGui::GetIO().FontGlobalScale * kSlideFontFactor;
  options.textures = true;
  options.title = slide_title(headline, panel);
  if (context.snapshot) options.caption = slide_caption(*context.snapshot);
  options.title_font = headline_font();
  options.antialiased = antialiased;
  FigureLayout layout;
  RgbImage image = render_view_png(panel.c_str(), draw, context, options, pixel_scale, &layout);
  const int slide_height = static_cast<int>(std::lround(kSlideHeight * pixel_scale));
  if (image.width > 0 && image.height > 0 && image.height != slide_height) {
    // Padding repeats the bottom-left pixel (the figure's background); growth beyond the
    // allowance loses bottom rows of the margin only.
    const std::vector<unsigned char> background(image.pixels.end() - 3 * image.width,
                                                image.pixels.end() - 3 * image.width + 3);
    image.pixels.resize(std::size_t(3) * image.width * slide_height);
    for (int row = image.height; row < slide_height; ++row)
      for (int x = 0; x < image.width; ++x)
        std::copy(background.begin(), background.end(),
                  image.pixels.begin() + 3 * (std::size_t(row) * image.width + x));
    image.height = slide_height;
  }
  const std::string prefix = "export/" + name + "/";
  ui_probe::record_text(prefix + "title", joined(layout.title_lines));
  ui_probe::record_text(prefix + "caption", joined(layout.caption_lines));
  ui_probe::record_text(prefix + "title_px", std::to_string(std::lround(layout.title_size)));
  ui_probe::record_text(prefix + "title_lines", std::to_string(layout.title_lines.size()));
  ui_probe::record_text(prefix + "size",
                        std::to_string(image.width) + "x" + std::to_string(image.height));
  record_rect(prefix + "title", layout.title_min, layout.title_max);
  record_rect(prefix + "caption", layout.caption_min, layout.caption_max);
  record_rect(prefix + "view", layout.view_min, layout.view_max);
  return image;
}

FigureSize figure_size_for_panel(float width, float height) {
  if (!(width > 0.0f) || !(height > 0.0f)) return {width, height, false};
  // The panel's shape, kept between 4:5 and 2:1 so a tall strip or a wide ribbon still makes
  // a figure; then scaled up until it is at least kMinFigureWidth × kMinFigureHeight.
  const float aspect = std::clamp(width / height, 0.8f, 2.0f);
  float w = std::max(width, aspect * height);
  float h = w / aspect;
  const float scale = std::max({1.0f, kMinFigureWidth / w, kMinFigureHeight / h});
  if (scale == 1.0f && w == width && h == height) return {width, height, false};
  w = std::round(w * scale);
  h = std::round(h * scale);
  return {w, h, true};
}

std::string export_stem(const std::string& panel) {
  if (const PanelInfo* info = find_panel_by_title(panel)) return info->stem;
  std::string stem;
  for (const char c : panel) {
    if (c == ' ') {
      stem += '_';
    } else if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      stem += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    }
  }
  return stem.empty() ? "view" : stem;
}

std::string perform_export(const ExportRequest& request, const std::string& folder,
                           const ExportSources& sources) {
  switch (request.kind) {
    case ExportKind::ViewPng:
    case ExportKind::ViewPngSlide:
      return export_view_png(folder, request, sources);
    case ExportKind::ViewSvg:
    case ExportKind::ViewSvgPanelSize:
      return export_view_svg(folder, request, sources);
    case ExportKind::WindowPng:
      return export_png(folder, "window", sources.frame());
    case ExportKind::DrawsCsv:
      // The shell runs this one on a background job (see AppShell::after_render); here for
      // completeness, synchronously.
      if (sources.engine == nullptr || sources.context == nullptr)
        throw UserError("no target yet: nothing to export");
      return export_live_draws_csv(*sources.engine, sources.context->snapshot, folder);
  }
  throw UserError("unknown export");
}

}  // namespace sgl
