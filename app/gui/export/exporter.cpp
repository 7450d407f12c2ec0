#include "app/gui/export/exporter.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "app/cli/live_draws_export.hpp"
#include "app/gui/export/view_png_export.hpp"
#include "app/gui/shell/panel_table.hpp"
#include "core/io/new_file.hpp"
#include "core/run/live_engine.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// A figure shown full-slide: a little larger text than the window's 20 px.
constexpr float kSlideFontFactor = 23.0f / 20.0f;

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
  const float title_bar = ImGui::GetFrameHeight();
  top = sources.panel_y + title_bar;
  width = sources.panel_width;
  height = sources.panel_height - title_bar;
  return width > 0.0f && height > 0.0f;
}

std::string export_view_png(const std::string& folder, const ExportRequest& request,
                            const ExportSources& sources) {
  float top = 0.0f, width = 0.0f, height = 0.0f;
  if (!content_area(sources, top, width, height))
    throw UserError("nothing to export: the panel is not on screen");
  const std::string stem = export_stem(request.panel);
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
  const std::string svg =
      render_view_svg(request.panel.c_str(), sources.draw, *sources.context, options);
  const bool panel_size = request.kind == ExportKind::ViewSvgPanelSize;
  return write_new_file(folder, export_stem(request.panel) + (panel_size ? "_panel" : ""), "svg",
                        svg);
}

}  // namespace

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
