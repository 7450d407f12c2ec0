#include "app/gui/export/view_png_export.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>

#include "app/gui/gl/draw_list_texture.hpp"
#include "app/gui/plot/imgui_painter.hpp"
#include "core/util/error.hpp"

namespace sgl {
namespace {

// Each pass draws into a fresh list of its own: nothing the view draws with ImGui itself (its
// widgets, into the window's list) reaches the figure.
class DrawListCanvas final : public FigureCanvas {
 public:
  DrawListCanvas(float width, float height) : width_(width), height_(height) {}

  plot::Painter& begin_pass(float top) override {
    top_ = top;
    list_ = std::make_unique<ImDrawList>(ImGui::GetDrawListSharedData());
    list_->_ResetForNewFrame();
    // Meshes past 65 536 vertices (a long HMC trail) need VtxOffset with 16-bit indices, which
    // the OpenGL back end honours; without this flag the indices wrapped and a large Target
    // figure drew font-atlas fragments and stray triangles.
    list_->Flags |= ImDrawListFlags_AllowVtxOffset;
    list_->PushTextureID(ImGui::GetIO().Fonts->TexID);
    list_->PushClipRect(ImVec2(0.0f, top), ImVec2(width_, top + height_));
    painter_.emplace(list_.get());
    return *painter_;
  }

  // Every command's vertices, cut to its clip rectangle (a line clipped at a plot's edge does
  // not count beyond it).
  plot::Point drawn_min() const override { return bounds().first; }
  plot::Point drawn_max() const override { return bounds().second; }

  plot::Painter& text_painter(ImFont* font, bool /*bold: the font is*/, float pixels) override {
    text_painter_.emplace(list_.get(), font, pixels);
    return *text_painter_;
  }

  ImDrawList& list() { return *list_; }
  float top() const { return top_; }

 private:
  std::pair<plot::Point, plot::Point> bounds() const {
    plot::Point min{1e30f, 1e30f}, max{-1e30f, -1e30f};
    if (!list_) return {min, max};
    for (const ImDrawCmd& command : list_->CmdBuffer) {
      for (unsigned int i = 0; i < command.ElemCount; ++i) {
        const ImDrawIdx index = list_->IdxBuffer[static_cast<int>(command.IdxOffset + i)];
        const ImVec2 pos = list_->VtxBuffer[static_cast<int>(command.VtxOffset + index)].pos;
        if (pos.x < command.ClipRect.x || pos.x > command.ClipRect.z ||
            pos.y < command.ClipRect.y || pos.y > command.ClipRect.w)
          continue;
        min = {std::min(min.x, pos.x), std::min(min.y, pos.y)};
        max = {std::max(max.x, pos.x), std::max(max.y, pos.y)};
      }
    }
    return {min, max};
  }

  float width_, height_;
  float top_ = 0.0f;
  std::unique_ptr<ImDrawList> list_;
  std::optional<plot::ImGuiPainter> painter_, text_painter_;
};

}  // namespace

RgbImage render_view_png(const char* window_name, ViewDrawFunction draw, const ViewContext& context,
                         const FigureOptions& options, float framebuffer_scale,
                         FigureLayout* layout) {
  ImGuiContext* window_context = ImGui::GetCurrentContext();
  DrawListCanvas canvas(options.width, options.height);
  gl::DrawListTexture texture;
  const int width = static_cast<int>(std::lround(options.width * framebuffer_scale));
  const int height = static_cast<int>(std::lround(options.height * framebuffer_scale));
  float grown_by = 0.0f;
  draw_figure(
      window_name, draw, context, options, canvas,
      [&] {
        ImDrawList& list = canvas.list();
        list._PopUnusedDrawCmd();
        // A glyph's quad starts below its line's top, so the pass that fitted the figure's top may
        // leave the first text nearer the edge than the margin: the figure grows by the difference.
        const float margin = 0.3f * ImGui::GetFontSize();
        const float ink_top = canvas.drawn_min().y;
        const float grow = ink_top < canvas.top() + margin ? canvas.top() + margin - ink_top : 0.0f;
        grown_by = grow;
        const int grown_height = height + static_cast<int>(std::ceil(grow * framebuffer_scale));
        const ImVec4 background = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
        // The window's context holds the OpenGL back end that rasterises the list.
        ImGuiContext* headless = ImGui::GetCurrentContext();
        ImGui::SetCurrentContext(window_context);
        texture.render(list, ImVec2(0.0f, canvas.top() - grow), width, grown_height,
                       ImVec2(framebuffer_scale, framebuffer_scale), background);
        ImGui::SetCurrentContext(headless);
      },
      layout);
  if (layout != nullptr) {
    // Into the image's pixels: the figure's top moved down by its growth, then scaled.
    for (plot::Point* point : {&layout->title_min, &layout->title_max, &layout->caption_min,
                               &layout->caption_max, &layout->view_min, &layout->view_max})
      *point = {point->x * framebuffer_scale, (point->y + grown_by) * framebuffer_scale};
    layout->title_size *= framebuffer_scale;
    layout->caption_size *= framebuffer_scale;
  }
  std::vector<unsigned char> pixels = texture.read_rgb();
  if (pixels.empty())
    throw UserError("cannot draw the figure offscreen: " +
                    (texture.error().empty() ? std::string("no pixels") : texture.error()));
  RgbImage image;
  image.width = texture.width();
  image.height = texture.height();
  image.pixels = std::move(pixels);
  return image;
}

}  // namespace sgl
