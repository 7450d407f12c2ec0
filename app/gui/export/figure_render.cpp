#include "app/gui/export/figure_render.hpp"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <memory>

#include "app/gui/plot/plot.hpp"
#include "app/gui/shell/gui_style.hpp"

namespace sgl {
namespace {

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
                 const std::function<void()>& after_last_pass) {
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

  ViewSettings settings = *context.settings;
  ViewContext own_context = context;
  own_context.settings = &settings;
  if (!options.textures) {
    own_context.density_texture = nullptr;
    own_context.energy_texture = nullptr;
  }

  // Pass 1 lays the view out at this size and fits the axes of plots seen for the first time
  // (they fit to what the previous frame drew; layout also remembers e.g. legend rows). Pass 2
  // shows how far down the view's widgets (combos, checkboxes: not exported) push the first
  // exported element. Pass 3 makes the window that much taller, so the figure itself gets the
  // full width × height.
  constexpr int kPasses = 3;
  float skipped_top = 0.0f;
  for (int pass = 0; pass < kPasses; ++pass) {
    io.DisplaySize = ImVec2(options.width, options.height + skipped_top);
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
    ImGui::SetNextWindowSize(io.DisplaySize);
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoInputs |
                                   ImGuiWindowFlags_NoBackground;
    ImGui::Begin(window_name, nullptr, flags);
    own_context.font_size = ImGui::GetFontSize();
    plot::SetPainterOverride(&canvas.begin_pass(skipped_top));
    draw(own_context);
    plot::SetPainterOverride(nullptr);
    ImGui::End();
    ImGui::EndFrame();
    if (pass == kPasses - 2) {
      const float margin = 0.3f * ImGui::GetFontSize();
      if (canvas.drawn_max().y >= canvas.drawn_min().y)
        skipped_top = std::max(canvas.drawn_min().y - margin, 0.0f);
    }
  }
  after_last_pass();
}

}  // namespace sgl
