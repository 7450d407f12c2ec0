#include "app/gui/panels/slow_motion_overlay.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/panels/slow_motion_frame.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/plot/plot.hpp"

namespace sgl::views {
namespace {

constexpr plot::Colour kHalo = plot::rgba(0, 0, 0, 170);
constexpr ImU32 kAcceptColour = IM_COL32(40, 200, 90, 255);
constexpr ImU32 kRejectColour = IM_COL32(235, 60, 50, 255);

// The frame if slow motion has a path to draw whose points fit coordinates up to `highest`.
const SlowMotionFrame* drawable(const ViewContext& context, int highest) {
  const SlowMotionFrame* frame = context.slow_motion;
  if (frame == nullptr || !frame->playing()) return nullptr;
  if (int(frame->current().theta.size()) <= highest) return nullptr;  // a target just changed
  return frame;
}

const ChainSnapshot* chain_of(const ViewContext& context, int id) {
  for (const ChainSnapshot& chain : context.snapshot->chains)
    if (chain.id == id) return &chain;
  return nullptr;
}

// A text box with a dark background at screen position `at` (its top-left corner, kept inside
// the plot area); returns its height.
float text_box(ImVec2 at, const std::string& text, ImU32 colour) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 size = ImGui::CalcTextSize(text.c_str());
  const float pad = ImGui::GetFontSize() * 0.25f;
  const plot::Point area_max = plot::GetPlotAreaMax();
  at.x = std::min(at.x, area_max.x - size.x - 2.0f * pad);
  at.y = std::min(at.y, area_max.y - size.y - 2.0f * pad);
  draw->AddRectFilled(at, ImVec2(at.x + size.x + 2.0f * pad, at.y + size.y + 2.0f * pad),
                      IM_COL32(20, 20, 28, 215), pad);
  draw->AddText(ImVec2(at.x + pad, at.y + pad), colour, text.c_str());
  return size.y + 2.0f * pad;
}

std::string decision_text(const SlowMotionFrame& frame) {
  const TrajectoryPoint& end = frame.current();
  const TrajectoryDecision* decision = frame.trajectory->decision_of(end.iteration);
  if (decision == nullptr || !frame.trajectory->metropolis) return {};
  char text[64];
  if (decision->divergent) {
    std::snprintf(text, sizeof text, "divergent: rejected");
  } else {
    std::snprintf(text, sizeof text, "%s, p = %.2f", decision->accepted ? "accepted" : "rejected",
                  decision->accept_prob);
  }
  return text;
}

bool rejected(const SlowMotionFrame& frame) {
  const TrajectoryDecision* decision = frame.trajectory->decision_of(frame.current().iteration);
  return decision != nullptr && !decision->accepted;
}

// Top-left of the plot: where in the path we are and the running energy.
void readout(const SlowMotionFrame& frame) {
  const TrajectoryPoint& start = frame.point(0);
  const TrajectoryPoint& now = frame.current();
  const bool free_steps = !frame.trajectory->metropolis;
  const char* energy = frame.trajectory->estimated_energy ? "Ĥ" : "H";
  char line[160];
  std::snprintf(line, sizeof line, "%s %zu of %zu (iteration %llu)\n%s = %.4g   Δ%s = %+.3g",
                free_steps ? "step" : "leapfrog", frame.shown, frame.path.size() - 1,
                static_cast<unsigned long long>(now.iteration), energy, now.hamiltonian, energy,
                now.hamiltonian - start.hamiltonian);
  const plot::Point area = plot::GetPlotAreaMin();
  const float gap = ImGui::GetFontSize() * 0.3f;
  text_box(ImVec2(area.x + gap, area.y + gap), line, IM_COL32(255, 255, 255, 255));
}

// The decision next to the end point (screen position `end`).
void decision_label(const SlowMotionFrame& frame, plot::Point end) {
  if (!frame.decision_shown) return;
  const std::string text = decision_text(frame);
  if (text.empty()) return;
  const float offset = ImGui::GetFontSize() * 0.6f;
  text_box(ImVec2(end.x + offset, end.y + offset), text,
           rejected(frame) ? kRejectColour : kAcceptColour);
}

// The path so far through (xs, ys), its points, the current point; returns its screen position.
plot::Point draw_path(const ViewContext& context, const SlowMotionFrame& frame,
                      const std::vector<double>& xs, const std::vector<double>& ys) {
  const float font = ImGui::GetFontSize();
  const ChainSnapshot* chain = chain_of(context, frame.chain_id);
  const plot::Colour colour =
      chain != nullptr ? chain_colour(context, *chain) : plot::rgba(255, 160, 0);
  const int count = static_cast<int>(xs.size());
  const float width = std::max(2.5f, font / 7.0f);
  plot::Line("##slow halo", xs.data(), ys.data(), count,
             {.colour = kHalo, .thickness = width + 2.5f, .fit = false});
  // White over a dark halo: it stands out from the chain's own trail (in the chain's colour)
  // and from both ends of the density's colour map; the leapfrog points are in the chain colour.
  plot::Line("##slow path", xs.data(), ys.data(), count,
             {.colour = plot::rgba(255, 255, 255), .thickness = width, .fit = false});
  plot::Scatter("##slow points", xs.data(), ys.data(), count,
                {.colour = colour,
                 .marker_size = 0.2f * font,
                 .marker_outline = plot::rgba(255, 255, 255),
                 .fit = false});
  // The start: where a rejection leaves the chain.
  plot::Scatter("##slow start", xs.data(), ys.data(), 1,
                {.colour = plot::rgba(255, 255, 255),
                 .marker_size = 0.3f * font,
                 .marker_outline = kHalo,
                 .fit = false});
  const bool back_to_start = frame.decision_shown && rejected(frame);
  const double* current_x = back_to_start ? &xs.front() : &xs.back();
  const double* current_y = back_to_start ? &ys.front() : &ys.back();
  plot::Scatter("##slow now", current_x, current_y, 1,
                {.colour = colour,
                 .marker_size = 0.5f * font,
                 .marker_outline = plot::rgba(255, 255, 255),
                 .fit = false});
  return plot::PlotToPixels(xs.back(), ys.back());
}

}  // namespace

void plot_slow_motion_on_pair(const ViewContext& context, int x, int y, double arrow_span) {
  const SlowMotionFrame* frame = drawable(context, std::max(x, y));
  if (frame == nullptr) return;
  std::vector<double> xs, ys;
  for (std::size_t k = 0; k <= frame->shown; ++k) {
    xs.push_back(frame->point(k).theta[std::size_t(x)]);
    ys.push_back(frame->point(k).theta[std::size_t(y)]);
  }
  const plot::Point end = draw_path(context, *frame, xs, ys);
  if (!frame->decision_shown) {
    // The momentum at the current point, on the chains' arrow scale.
    const TrajectoryPoint& now = frame->current();
    const double scale = 0.1 * arrow_span;
    const double dx = now.momentum[std::size_t(x)] * scale;
    const double dy = now.momentum[std::size_t(y)] * scale;
    const float width = std::max(2.5f, ImGui::GetFontSize() / 7.0f);
    plot::Arrow("##slow arrow halo", xs.back(), ys.back(), dx, dy,
                {.colour = kHalo, .thickness = width + 2.5f});
    plot::Arrow("##slow arrow", xs.back(), ys.back(), dx, dy,
                {.colour = plot::rgba(255, 255, 255), .thickness = width});
  }
  readout(*frame);
  decision_label(*frame, end);
}

void plot_slow_motion_phase(const ViewContext& context, int coordinate) {
  const SlowMotionFrame* frame = drawable(context, coordinate);
  if (frame == nullptr) return;
  std::vector<double> thetas, momenta;
  for (std::size_t k = 0; k <= frame->shown; ++k) {
    thetas.push_back(frame->point(k).theta[std::size_t(coordinate)]);
    momenta.push_back(frame->point(k).momentum[std::size_t(coordinate)]);
  }
  const plot::Point end = draw_path(context, *frame, thetas, momenta);
  readout(*frame);
  decision_label(*frame, end);
}

}  // namespace sgl::views
