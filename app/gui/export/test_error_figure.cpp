#include "app/gui/export/test_error_figure.hpp"

#include <imgui.h>

#include <map>
#include <vector>

#include "app/gui/export/view_svg_export.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/shell/ui_font.hpp"
#include "core/plot/chain_palette.hpp"

namespace sgl {
namespace {

constexpr float kSlideFontPixels = 23.0f;  // as the run figures (run_figures.cpp)

// The result being drawn: a view is a plain function of its context, and the render is
// synchronous, so the one figure in progress hands its data over here.
const TestErrorResult* g_drawn = nullptr;
const std::map<int, std::uint32_t>* g_colours = nullptr;

void draw_test_error(ViewContext&) {
  if (!plot::BeginPlot("Test error: solid = current draw, dashed = model average over the draws",
                       ImVec2(0, 0)))
    return;
  plot::SetupAxes("data passes", "test error", plot::AxisFlags_None,
                  plot::AxisFlags_FitIncludeZero);
  for (std::size_t s = 0; s < g_drawn->series.size(); ++s) {
    const TestErrorSeries& series = g_drawn->series[s];
    std::vector<double> passes, last, average;
    for (const TestErrorPoint& point : series.points) {
      passes.push_back(point.pass);
      last.push_back(point.error_last);
      average.push_back(point.error_average);
    }
    const plot::Colour colour = g_colours->at(static_cast<int>(s));
    const int count = static_cast<int>(passes.size());
    const std::string name =
        series.stop_reason.empty() ? series.label : series.label + " (stopped)";
    plot::Line(name.c_str(), passes.data(), last.data(), count, {.colour = colour});
    // The same legend entry: the pair is one sampler's (clicking it hides both).
    plot::Line(name.c_str(), passes.data(), average.data(), count,
               {.colour = colour, .dashed = true});
  }
  plot::EndPlot();
}

}  // namespace

std::string test_error_svg(const TestErrorResult& result, const std::string& title) {
  ImFontAtlas fonts;
  const float font_scale = add_ui_font(fonts, kSlideFontPixels);
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  fonts.GetTexDataAsAlpha8(&pixels, &width, &height);  // builds the atlas (glyph metrics)

  std::vector<ChainColourRequest> requests;
  for (std::size_t s = 0; s < result.series.size(); ++s)
    requests.push_back({static_cast<int>(s), result.series[s].sampler});
  std::map<int, std::uint32_t> colours;
  assign_chain_colours(requests, colours);

  SharedViewSettings settings;
  ViewContext context;
  context.snapshot = std::make_shared<const EngineSnapshot>();
  context.settings = &settings;
  SvgExportOptions options;
  options.fonts = &fonts;
  options.font_scale = font_scale;
  options.title = title;
  g_drawn = &result;
  g_colours = &colours;
  std::string svg = render_view_svg("Test error", draw_test_error, context, options);
  g_drawn = nullptr;
  g_colours = nullptr;
  return svg;
}

}  // namespace sgl
