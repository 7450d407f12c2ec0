#include "app/gui/shell/panel_layout.hpp"

#include <algorithm>

#include "app/gui/shell/panel_dock.hpp"
#include "app/gui/shell/panel_table.hpp"

namespace sgl {
namespace {

float column_width(float window_width, float fraction, float font, float min_chars,
                   float max_chars) {
  return std::clamp(window_width * fraction, font * min_chars, font * max_chars);
}

void place(std::vector<PanelPlacement>& out, const char* title, float x, float y, float w,
           float h) {
  if (w > 0.0f && h > 0.0f) out.push_back({title, {x, y, w, h}});
}

// Controls, and the note below them, in a column on the left; the legend strip and the views
// tiled on the right. A scenario's experiment plot joins the top row as a third picture.
std::vector<PanelPlacement> dashboard(const LayoutRequest& r) {
  std::vector<PanelPlacement> out;
  const LayoutRect& a = r.area;
  const float column = column_width(a.w, 0.2f, r.font_size, 15.0f, 24.0f);
  const float controls_h = r.has_note ? a.h * (r.note_enlarged ? 0.4f : 0.6f) : a.h;
  place(out, kControlsTitle, a.x, a.y, column, controls_h);
  if (r.has_note) place(out, kNotesTitle, a.x, a.y + controls_h, column, a.h - controls_h);
  const float plot_x = a.x + column, plot_w = a.w - column;
  place(out, kChainsTitle, plot_x, a.y, plot_w, r.legend_height);
  const float plot_y = a.y + r.legend_height, plot_h = a.h - r.legend_height;
  const PanelInfo* main = r.main_stem.empty() ? nullptr : find_panel_by_stem(r.main_stem);
  const bool grow_top_row =
      main != nullptr && main->dashboard.w > 0.0f && main->dashboard.y == 0.0f;
  // A lesson's panel that has no dashboard tile of its own (the Predictive view of the network
  // presets) takes the first tile's place: "every panel" must not lose the lesson's picture.
  // (Views only: the lesson may list the Notes, which have their own column; not the instrument
  // docked from the View menu, which stays off the dashboard.)
  const PanelInfo* lesson_only = nullptr;
  for (const std::string& stem : r.lecture_stems)
    for (const PanelInfo& view : view_panels())
      if (lesson_only == nullptr && view.stem == stem && view.dashboard.w <= 0.0f &&
          stem != kDockingPanelStem)
        lesson_only = &view;
  const PanelInfo* first_tile = &view_panels().front();
  for (const PanelInfo& listed : view_panels()) {
    const PanelInfo* panel =
        lesson_only != nullptr && &listed == first_tile ? lesson_only : &listed;
    TileFraction tile = listed.dashboard;
    // Slow motion's view takes the main slot: the top row (target, phase space) grows from 36%
    // to half the height; the two rows below share the rest (each plot keeps a readable height).
    if (grow_top_row)
      tile = tile.y == 0.0f ? TileFraction{tile.x, 0.0f, tile.w, 0.5f}
                            : TileFraction{tile.x, 0.5f + (tile.y - 0.36f) * (0.5f / 0.64f), tile.w,
                                           tile.h * (0.5f / 0.64f)};
    // With an experiment the two pictures of the top row give up a third of it.
    if (r.has_experiment && tile.y == 0.0f) {
      tile.x *= 2.0f / 3.0f;
      tile.w *= 2.0f / 3.0f;
    }
    place(out, panel->title, plot_x + tile.x * plot_w, plot_y + tile.y * plot_h, tile.w * plot_w,
          tile.h * plot_h);
  }
  if (r.has_experiment) {
    const TileFraction& top = view_panels().front().dashboard;
    place(out, kExperimentTitle, plot_x + plot_w * 2.0f / 3.0f, plot_y, plot_w / 3.0f,
          top.h * plot_h);
  }
  return out;
}

// Controls (and the note, unless the lesson lists it) in a left column; the main panel takes
// 70% of the rest at full height, the others share the remaining column. A wide main plot beats
// a tall one: time and θ axes read left to right, and the histogram needs its width.
std::vector<PanelPlacement> lecture(const LayoutRequest& r) {
  std::vector<PanelPlacement> out;
  const LayoutRect& a = r.area;
  std::vector<std::string> stems = r.lecture_stems;
  if (stems.empty()) stems = {"histogram", "target"};
  if (!r.main_stem.empty()) {  // it takes the main slot; the lesson's main joins the column
    // The column keeps its number of panels (the last gives way), so none is squeezed below
    // the size its plot needs.
    const std::size_t slots = std::max<std::size_t>(stems.size(), 2);
    std::erase(stems, r.main_stem);
    stems.insert(stems.begin(), r.main_stem);
    if (stems.size() > slots) stems.resize(slots);
  }
  std::erase_if(stems, [&](const std::string& stem) {
    const PanelInfo* panel = find_panel_by_stem(stem);
    return !panel || stem == "controls" || (stem == "notes" && !r.has_note) ||
           (stem == "experiment" && !r.has_experiment);
  });
  if (stems.empty()) stems = {"histogram"};
  const bool note_in_column =
      r.has_note && std::find(stems.begin(), stems.end(), "notes") == stems.end();
  const float column = column_width(a.w, 0.24f, r.font_size, 14.0f, 24.0f);
  // On a short screen (1280×720) the Controls get nearly three quarters: at 58% only the first
  // chain's first slider was in view, at 66% its last slider and actions still needed the wheel.
  const float controls_share = a.h < 40.0f * r.font_size ? 0.78f : 0.58f;
  const float controls_h =
      note_in_column ? a.h * (r.note_enlarged ? 1.0f - controls_share : controls_share) : a.h;
  place(out, kControlsTitle, a.x, a.y, column, controls_h);
  if (note_in_column) place(out, kNotesTitle, a.x, a.y + controls_h, column, a.h - controls_h);

  const float main_x = a.x + column, main_w = a.w - column;
  place(out, kChainsTitle, main_x, a.y, main_w, r.legend_height);
  const float top = a.y + r.legend_height, height = a.h - r.legend_height;
  auto title_of = [](const std::string& stem) { return find_panel_by_stem(stem)->title; };
  if (stems.size() == 1) {
    place(out, title_of(stems[0]), main_x, top, main_w, height);
    return out;
  }
  // 70%, or more where the side panels can spare it so that the main plot's data area stays
  // 600 px wide (plus ~4.5 fonts of axis furniture) after Ctrl+= at 1280x720.
  const float main_plot_w = 600.0f + 4.5f * r.font_size, side_min_w = 11.0f * r.font_size;
  const float first_w = std::max(main_w * 0.7f, std::min(main_plot_w, main_w - side_min_w));
  place(out, title_of(stems[0]), main_x, top, first_w, height);
  // Each side panel at least 14 fonts tall, or the column shows fewer (the first ones): after
  // Ctrl+= at 1280x720 two side panels were a 70 px phase space and a 50 px trace strip (at 12
  // fonts the trace's data area was still only 114 px tall after two zooms).
  std::size_t side = stems.size() - 1;
  while (side > 1 && height / static_cast<float>(side) < 14.0f * r.font_size) --side;
  stems.resize(side + 1);
  const float rest = static_cast<float>(stems.size() - 1);
  for (std::size_t i = 1; i < stems.size(); ++i)
    place(out, title_of(stems[i]), main_x + first_w, top + height * float(i - 1) / rest,
          main_w - first_w, height / rest);
  return out;
}

// Focus: the legend strip across the whole width, the focused panel under it, nothing else.
std::vector<PanelPlacement> focus(const LayoutRequest& r) {
  std::vector<PanelPlacement> out;
  const LayoutRect& a = r.area;
  place(out, kChainsTitle, a.x, a.y, a.w, r.legend_height);
  out.push_back({r.focus_title, {a.x, a.y + r.legend_height, a.w, a.h - r.legend_height}});
  return out;
}

}  // namespace

const char* layout_mode_name(LayoutMode mode) {
  return mode == LayoutMode::Lecture ? "lecture" : "dashboard";
}

std::vector<PanelPlacement> compute_layout(const LayoutRequest& request) {
  if (!request.focus_title.empty()) return focus(request);
  return request.mode == LayoutMode::Lecture ? lecture(request) : dashboard(request);
}

}  // namespace sgl
