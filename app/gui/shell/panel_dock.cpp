#include "app/gui/shell/panel_dock.hpp"

#include <algorithm>

#include "app/gui/shell/panel_table.hpp"

namespace sgl {
namespace {

// The dashboard's first two rows end here (share of the plot area's height).
constexpr float kTwoRows = 0.68f;

bool in_first_two_rows(const std::string& title) {
  if (title == kExperimentTitle) return true;  // joins the first row
  const PanelInfo* panel = find_panel_by_title(title);
  return panel != nullptr && panel->plot_view && panel->dashboard.h > 0.0f &&
         panel->dashboard.y + panel->dashboard.h <= kTwoRows + 1e-3f;
}

}  // namespace

LayoutRequest with_docked_panel(LayoutRequest request, const std::string& stem) {
  if (request.mode != LayoutMode::Lecture) return request;
  std::vector<std::string>& stems = request.lecture_stems;
  if (stems.empty()) stems = {"histogram", "target"};  // panel_layout's default lesson
  // It takes the main slot; the lesson's main panel heads the side column, so the lesson stays on
  // screen (the newcomer lost the histogram), and the column keeps as many panels as before.
  const std::size_t slots = std::max<std::size_t>(stems.size(), 2);
  std::erase(stems, stem);
  stems.insert(stems.begin(), stem);
  if (stems.size() > slots) stems.resize(slots);
  return request;
}

std::vector<PanelPlacement> dock_on_dashboard(std::vector<PanelPlacement> placements,
                                              const std::string& title) {
  float x0 = 1e30f, y0 = 1e30f, x1 = -1e30f, y1 = -1e30f;
  for (const PanelPlacement& placement : placements) {
    if (!in_first_two_rows(placement.title)) continue;
    x0 = std::min(x0, placement.rect.x);
    y0 = std::min(y0, placement.rect.y);
    x1 = std::max(x1, placement.rect.x + placement.rect.w);
    y1 = std::max(y1, placement.rect.y + placement.rect.h);
  }
  if (x1 <= x0 || y1 <= y0) return placements;
  std::erase_if(placements, [&](const PanelPlacement& placement) {
    return placement.title == title || in_first_two_rows(placement.title);
  });
  placements.push_back({title, {x0, y0, x1 - x0, y1 - y0}});
  return placements;
}

bool update_dock(bool open, bool placed_by_layout, bool& docked) {
  // Opened while the layout had no place for it: docked until closed.
  const bool want = open && (docked || !placed_by_layout);
  if (want == docked) return false;
  docked = want;
  return true;
}

std::vector<PanelPlacement> compute_layout_with_dock(const LayoutRequest& request, bool docked) {
  const PanelInfo* panel = find_panel_by_stem(kDockingPanelStem);
  if (!docked || panel == nullptr) return compute_layout(request);
  if (request.mode == LayoutMode::Lecture)
    return compute_layout(with_docked_panel(request, kDockingPanelStem));
  return dock_on_dashboard(compute_layout(request), panel->title);
}

}  // namespace sgl
