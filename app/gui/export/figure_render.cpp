#include "app/gui/export/figure_render.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <memory>
#include <string_view>
#include <tuple>
#include <utility>

#include "app/gui/plot/plot.hpp"
#include "app/gui/shell/gui_style.hpp"
#include "app/gui/shell/ui_palette.hpp"
#include "app/scenario/text_fit.hpp"

namespace sgl {
namespace {

// A slide's title reads from the back row: 1.5× the figure's text (52 px on the 1920×1080 slide
// PNG), shrinking to 1.3× (45 px) before it wraps; the caption a little smaller than the plots',
// on up to three lines (at 0.7× on two, seven chains' settings were too small to read).
constexpr float kTitleScale = 1.5f, kMinTitleScale = 1.3f;
constexpr float kCaptionScale = 0.9f, kMinCaptionScale = 0.8f;
constexpr int kMaxBandLines = 2, kMaxCaptionLines = 3;

// The title and caption fitted to the figure's width, and the height of their bands.
struct Bands {
  FittedText title, caption;
  float margin = 0.0f, title_height = 0.0f, caption_height = 0.0f;
};

SizedMeasure measure_with(const ImFont* font) {
  return [font](std::string_view text, float pixels) {
    return font->CalcTextSizeA(pixels, FLT_MAX, 0.0f, text.data(), text.data() + text.size()).x;
  };
}

Bands fit_bands(const FigureOptions& options, const ImFont* text_font, const ImFont* title_font,
                float base) {
  Bands bands;
  bands.margin = 0.5f * base;
  const float room = options.width - 2.0f * bands.margin;
  bands.title = fit_text_lines(options.title, room, kTitleScale * base, kMinTitleScale * base,
                               kMaxBandLines, measure_with(title_font));
  bands.caption =
      fit_text_lines(options.caption, room, kCaptionScale * base, kMinCaptionScale * base,
                     kMaxCaptionLines, measure_with(text_font));
  const auto text_height = [](const FittedText& text) {
    return text.size * static_cast<float>(text.lines.size());
  };
  // A gap under the title and over the caption keeps them apart from the key and axis labels.
  if (!bands.title.lines.empty())
    bands.title_height = bands.margin + text_height(bands.title) + 0.5f * base;
  if (!bands.caption.lines.empty())
    bands.caption_height = 0.5f * base + text_height(bands.caption) + 0.5f * bands.margin;
  return bands;
}

// Draws `text`'s lines from `top` down at `left`; returns the box they take, `top` made 0.
std::pair<plot::Point, plot::Point> draw_lines(plot::Painter& painter, const FittedText& text,
                                               float left, float top, float figure_top,
                                               plot::Colour colour) {
  float width = 0.0f;
  float y = top;
  for (const std::string& line : text.lines) {
    painter.text({left, y}, colour, line, plot::HAlign::Left, plot::VAlign::Top);
    width = std::max(width, painter.text_size(line).x);
    y += text.size;
  }
  return {{left, top - figure_top}, {left + width, y - figure_top}};
}

// Switches to a fresh ImGui context sharing `fonts` and back (also when the view throws), and
// keeps the plots' live state and painter override as they were.
class HeadlessScope {
 public:
  explicit HeadlessScope(ImFontAtlas* fonts)
      : previous_(ImGui::GetCurrentContext()), saved_plots_(plot::SaveState()) {
    own_ = ImGui::CreateContext(fonts);
    ImGui::SetCurrentContext(own_);
  }
  ~HeadlessScope() {
    plot::SetPainterOverride(nullptr);
    plot::RestoreState(*saved_plots_);
    ImGui::DestroyContext(own_);
    ImGui::SetCurrentContext(previous_);
  }
  HeadlessScope(const HeadlessScope&) = delete;
  HeadlessScope& operator=(const HeadlessScope&) = delete;

 private:
  ImGuiContext* previous_;
  ImGuiContext* own_ = nullptr;
  std::shared_ptr<plot::SavedState> saved_plots_;
};

}  // namespace

void draw_figure(const char* window_name, ViewDrawFunction draw, const ViewContext& context,
                 const FigureOptions& options, FigureCanvas& canvas,
                 const std::function<void()>& after_last_pass, FigureLayout* layout) {
  HeadlessScope scope(options.fonts);
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.LogFilename = nullptr;
  io.FontGlobalScale = options.font_scale;
  io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);
  // Plots ease shrinking axes towards their data over time; a tiny step keeps the export's
  // passes from moving anything.
  io.DeltaTime = 1e-4f;
  apply_lecture_style();
  ImGui::GetStyle().WindowBorderSize = 0.0f;
  ImGui::GetStyle().WindowPadding = ImVec2(10.0f, 0.0f);
  ImGui::GetStyle().AntiAliasedLines = options.antialiased;
  ImGui::GetStyle().AntiAliasedLinesUseTex = options.antialiased;
  ImGui::GetStyle().AntiAliasedFill = options.antialiased;

  SharedViewSettings settings = *context.settings;
  ViewContext own_context = context;
  own_context.settings = &settings;
  if (!options.textures) {
    own_context.density_texture = nullptr;
    own_context.energy_texture = nullptr;
  }

  ImFont* text_font = io.Fonts->Fonts[0];
  ImFont* title_font = options.title_font != nullptr ? options.title_font : text_font;
  const Bands bands =
      fit_bands(options, text_font, title_font, text_font->FontSize * io.FontGlobalScale);
  const bool banded = bands.title_height > 0.0f || bands.caption_height > 0.0f;
  // The view is laid out between the bands, and clipped to its room there.
  const float view_height = options.height - bands.title_height - bands.caption_height;

  // Pass 1 lays the view out at this size and fits the axes of plots seen for the first time
  // (they fit to what the previous frame drew; layout also remembers e.g. legend rows). Pass 2
  // shows how far down the view's widgets (combos, checkboxes: not exported) push the first
  // exported element. Pass 3 makes the window that much taller, so the figure itself gets the
  // full width × height.
  constexpr int kPasses = 3;
  float skipped_top = 0.0f;
  for (int pass = 0; pass < kPasses; ++pass) {
    io.DisplaySize = ImVec2(options.width, view_height + skipped_top);
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(io.DisplaySize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoBackground;
    ImGui::Begin(window_name, nullptr, flags);
    own_context.font_size = ImGui::GetFontSize();
    plot::Painter& painter = canvas.begin_pass(skipped_top - bands.title_height);
    if (banded) painter.push_clip({0.0f, skipped_top}, {options.width, skipped_top + view_height});
    plot::SetPainterOverride(&painter);
    draw(own_context);
    plot::SetPainterOverride(nullptr);
    if (banded) painter.pop_clip();
    ImGui::End();
    ImGui::EndFrame();
    if (pass == kPasses - 2) {
      const float margin = 0.3f * ImGui::GetFontSize();
      if (canvas.drawn_max().y >= canvas.drawn_min().y)
        skipped_top = std::max(canvas.drawn_min().y - margin, 0.0f);
    }
  }
  const float figure_top = skipped_top - bands.title_height;
  FigureLayout drawn;
  drawn.view_min = {canvas.drawn_min().x, canvas.drawn_min().y - figure_top};
  drawn.view_max = {canvas.drawn_max().x, canvas.drawn_max().y - figure_top};
  if (!bands.title.lines.empty()) {
    plot::Painter& painter =
        canvas.text_painter(title_font, options.title_font != nullptr, bands.title.size);
    std::tie(drawn.title_min, drawn.title_max) = draw_lines(
        painter, bands.title, bands.margin, figure_top + bands.margin, figure_top, palette::kText);
  }
  if (!bands.caption.lines.empty()) {
    plot::Painter& painter = canvas.text_painter(text_font, false, bands.caption.size);
    const float top = figure_top + options.height - 0.5f * bands.margin -
                      bands.caption.size * static_cast<float>(bands.caption.lines.size());
    std::tie(drawn.caption_min, drawn.caption_max) =
        draw_lines(painter, bands.caption, bands.margin, top, figure_top, palette::kCaption);
  }
  drawn.title_lines = bands.title.lines;
  drawn.caption_lines = bands.caption.lines;
  drawn.title_size = bands.title.size;
  drawn.caption_size = bands.caption.size;
  after_last_pass();
  if (layout != nullptr) *layout = std::move(drawn);
}

}  // namespace sgl
