#include "app/gui/panels/slow_motion_overlay.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include "app/gui/panels/slow_motion_frame.hpp"
#include "app/gui/panels/view_helpers.hpp"
#include "app/gui/plot/plot.hpp"
#include "app/gui/shell/ui_probe.hpp"

namespace sgl::views {
namespace {

constexpr plot::Colour kHalo = plot::rgba(0, 0, 0, 170);
constexpr plot::Colour kAcceptColour = plot::rgba(40, 200, 90);
constexpr plot::Colour kRejectColour = plot::rgba(235, 60, 50);

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

constexpr plot::Colour kBoxBackground = plot::rgba(20, 20, 28, 225);
// The read-out and the decision are what the class reads from the back row: larger than labels.
constexpr float kReadoutScale = 1.5f;
constexpr float kDecisionScale = 1.8f;

// The decision's words: "accepted, p = 0.83", "rejected, p = 0.12", "divergent: rejected"; ""
// for samplers without an MH test.
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

// What the window shows goes to the status file (tests read the decision from the pixels in
// these rectangles); an export draws the view again elsewhere and records nothing. The main
// panel draws first, so where two views show the playback the main one is recorded.
bool records_to_probe(const char* name) {
  if (plot::GetPainterOverride() != nullptr) return false;
  return ui_probe::rects().count(name) == 0;
}

// A second view playing the same path on screen (a small side tile while the main panel plays
// it) shows the path only: the big read-out and decision covered most of a small plot, and the
// main panel already shows them. Exports draw them always.
bool shown_elsewhere_on_screen(const char* name) {
  return plot::GetPainterOverride() == nullptr && !records_to_probe(name);
}

void probe_rect(const char* name, plot::PixelRect rect) {
  ui_probe::record_rect(name,
                        {rect.min.x, rect.min.y, rect.max.x - rect.min.x, rect.max.y - rect.min.y});
}

// Top-left of the plot: where in the path we are (small) and the running energy (large).
void readout(const SlowMotionFrame& frame) {
  const TrajectoryPoint& start = frame.point(0);
  const TrajectoryPoint& now = frame.current();
  const bool free_steps = !frame.trajectory->metropolis;
  const char* energy = frame.trajectory->estimated_energy ? "Ĥ" : "H";
  char where[96], energies[96];
  std::snprintf(where, sizeof where, "%s %zu of %zu (iteration %llu)",
                free_steps ? "step" : "leapfrog", frame.shown, frame.path.size() - 1,
                static_cast<unsigned long long>(now.iteration));
  std::snprintf(energies, sizeof energies, "%s = %.4g   Δ%s = %+.3g", energy, now.hamiltonian,
                energy, now.hamiltonian - start.hamiltonian);
  if (shown_elsewhere_on_screen("slowmo/readout")) return;
  const plot::Point area = plot::GetPlotAreaMin();
  const float gap = ImGui::GetFontSize() * 0.3f;
  const bool record = records_to_probe("slowmo/readout");
  const plot::PixelRect box =
      plot::TextBox({area.x + gap, area.y + gap}, {{where, 0, 1.0f}, {energies, 0, kReadoutScale}},
                    kBoxBackground);
  if (record) probe_rect("slowmo/readout", box);
}

// The decision next to the end point (screen position `end`), green or red.
void decision_label(const SlowMotionFrame& frame, plot::Point end) {
  if (!frame.decision_shown) return;
  const std::string text = decision_text(frame);
  if (text.empty() || shown_elsewhere_on_screen("slowmo/decision")) return;
  const float offset = ImGui::GetFontSize() * 0.6f;
  const bool record = records_to_probe("slowmo/decision");
  const plot::PixelRect box = plot::TextBox(
      {end.x + offset, end.y + offset},
      {{text, rejected(frame) ? kRejectColour : kAcceptColour, kDecisionScale}}, kBoxBackground);
  if (!record) return;
  probe_rect("slowmo/decision", box);
  const TrajectoryDecision* decision = frame.trajectory->decision_of(frame.current().iteration);
  char probe[64];
  std::snprintf(probe, sizeof probe, "%s p=%.2f%s", decision->accepted ? "accepted" : "rejected",
                decision->accept_prob, decision->divergent ? " divergent" : "");
  ui_probe::record_text("slowmo/decision", probe);
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
