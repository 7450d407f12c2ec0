#include "app/gui/export/exporter.hpp"

#include <imgui.h>

#include <cmath>
#include <map>
#include <optional>
#include <tuple>

#include "app/cli/live_draws_export.hpp"
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

std::string export_view_png(const std::string& folder, const ExportRequest& request,
                            const ExportSources& sources) {
  const RgbImage& frame = sources.frame();
  const float scale = sources.framebuffer_scale;
  const int x = static_cast<int>(std::lround(sources.panel_x * scale));
  const int y = static_cast<int>(std::lround(sources.panel_y * scale));
  const int width = static_cast<int>(std::lround(sources.panel_width * scale));
  const int height = static_cast<int>(std::lround(sources.panel_height * scale));
  return export_png(folder, export_stem(request.panel), crop(frame, x, y, width, height));
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
    const float title_bar = ImGui::GetFrameHeight();
    if (sources.panel_width <= 0.0f || sources.panel_height <= title_bar)
      throw UserError("nothing to export: the panel is not on screen");
    options.width = sources.panel_width;
    options.height = sources.panel_height - title_bar;
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
