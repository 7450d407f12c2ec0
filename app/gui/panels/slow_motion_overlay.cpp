#include "app/gui/panels/slow_motion_overlay.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>
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

const TrajectoryTree* tree_of(const SlowMotionFrame& frame) {
  return frame.trajectory->tree_of(frame.current().iteration);
}

const char* stop_name(TrajectoryObserver::TreeStop stop) {
  switch (stop) {
    case TrajectoryObserver::TreeStop::UTurn:
      return "u-turn";
    case TrajectoryObserver::TreeStop::Divergence:
      return "divergence";
    case TrajectoryObserver::TreeStop::MaxDepth:
      return "max-depth";
  }
  return "";
}

// A tree's outcome: why it stopped growing and which of its points became the next state.
std::string tree_decision_text(const TrajectoryTree& tree, const TrajectoryDecision& decision) {
  const int points = (1 << tree.depth) - 1;
  char text[96];
  if (tree.stop == TrajectoryObserver::TreeStop::Divergence)
    std::snprintf(text, sizeof text, "divergent: tree cut at depth %d", tree.depth + 1);
  else if (!decision.accepted)
    std::snprintf(text, sizeof text, "%s after %d steps: stayed",
                  tree.stop == TrajectoryObserver::TreeStop::UTurn ? "U-turn" : "max depth",
                  points);
  else
    std::snprintf(text, sizeof text, "%s after %d steps: drew step %+d",
                  tree.stop == TrajectoryObserver::TreeStop::UTurn ? "U-turn" : "max depth", points,
                  tree.chosen);
  return text;
}

// The decision's words: "accepted, p = 0.83", "rejected, p = 0.12", "divergent: rejected"
// (NUTS: "U-turn after 15 steps: drew step −4"); "" for samplers without an MH test.
std::string decision_text(const SlowMotionFrame& frame) {
  const TrajectoryPoint& end = frame.current();
  const TrajectoryDecision* decision = frame.trajectory->decision_of(end.iteration);
  if (decision == nullptr || !frame.trajectory->metropolis) return {};
  if (const TrajectoryTree* tree = tree_of(frame)) return tree_decision_text(*tree, *decision);
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
  return decision != nullptr && (!decision->accepted || decision->divergent);
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

// Top-left of the plot: where in the path we are (small) and the running energy (large), less
// `baseline` where the plot's contours are H − min U. Returns the box drawn (empty where another
// view shows it).
plot::PixelRect readout(const SlowMotionFrame& frame, std::optional<double> baseline = {}) {
  const TrajectoryPoint& start = frame.point(0);
  const TrajectoryPoint& now = frame.current();
  const bool free_steps = !frame.trajectory->metropolis;
  const char* energy = frame.trajectory->estimated_energy ? "Ĥ" : "H";
  char where[96], energies[96];
  std::snprintf(where, sizeof where, "%s %zu of %zu (iteration %llu)",
                free_steps ? "step" : "leapfrog", frame.shown, frame.path.size() - 1,
                static_cast<unsigned long long>(now.iteration));
  if (const TrajectoryTree* tree = tree_of(frame); tree != nullptr && frame.shown > 0) {
    // Doubling j adds 2^(j−1) points, so the k-th point computed belongs to doubling ⌊log₂k⌋ + 1.
    int doubling = 0;
    for (std::size_t k = frame.shown; k > 0; k >>= 1) ++doubling;
    std::snprintf(where, sizeof where, "doubling %d of %d, %s (leapfrog %zu of %zu)", doubling,
                  std::max(tree->depth, doubling), now.leapfrog < 0 ? "backward" : "forward",
                  frame.shown, frame.path.size() - 1);
  }
  if (baseline)
    std::snprintf(energies, sizeof energies, "%s − min U = %.4g   Δ%s = %+.3g", energy,
                  now.hamiltonian - *baseline, energy, now.hamiltonian - start.hamiltonian);
  else
    std::snprintf(energies, sizeof energies, "%s = %.4g   Δ%s = %+.3g", energy, now.hamiltonian,
                  energy, now.hamiltonian - start.hamiltonian);
  if (shown_elsewhere_on_screen("slowmo/readout")) return {};
  // Top-left of the area the chains are drawn in (on the Target view, below its marginal band).
  const plot::Point area = plot::GetPlotInnerArea().min;
  const float gap = ImGui::GetFontSize() * 0.3f;
  const bool record = records_to_probe("slowmo/readout");
  const plot::PixelRect box =
      plot::TextBox({area.x + gap, area.y + gap}, {{where, 0, 1.0f}, {energies, 0, kReadoutScale}},
                    kBoxBackground);
  if (record) probe_rect("slowmo/readout", box);
  return box;
}

// Where a box of `size` beside `end` hides the least: of eight places around the point (below
// right first), the one inside the plot that covers the fewest of the path's points and not the
// read-out. A fixed corner covered the path's last steps whenever the path ran that way (newcomer
// run 10), or the read-out near the top-left.
plot::Point least_covering_place(plot::Point end, plot::Point size,
                                 const std::vector<plot::Point>& path,
                                 const plot::PixelRect& readout_box) {
  const float offset = ImGui::GetFontSize() * 0.6f;
  const plot::PixelRect inner = plot::GetPlotInnerArea();
  const float left = end.x - offset - size.x, right = end.x + offset;
  const float above = end.y - offset - size.y, below = end.y + offset;
  const float mid_x = end.x - 0.5f * size.x, mid_y = end.y - 0.5f * size.y;
  const plot::Point places[] = {{right, below}, {left, below}, {right, above}, {left, above},
                                {right, mid_y}, {left, mid_y}, {mid_x, below}, {mid_x, above}};
  const auto overlaps = [](plot::Point at, plot::Point extent, const plot::PixelRect& r) {
    return at.x < r.max.x && at.x + extent.x > r.min.x && at.y < r.max.y &&
           at.y + extent.y > r.min.y;
  };
  plot::Point best = places[0];
  long best_cost = std::numeric_limits<long>::max();
  for (const plot::Point& at : places) {
    long cost = 0;
    const bool inside = at.x >= inner.min.x && at.y >= inner.min.y &&
                        at.x + size.x <= inner.max.x && at.y + size.y <= inner.max.y;
    if (!inside) cost += 1000000;
    if (overlaps(at, size, readout_box)) cost += 100000;
    for (const plot::Point& p : path)
      if (p.x >= at.x && p.x <= at.x + size.x && p.y >= at.y && p.y <= at.y + size.y) ++cost;
    if (cost < best_cost) {
      best_cost = cost;
      best = at;
    }
  }
  return best;
}

// The decision next to the end point (screen position `end`), green or red, where it hides the
// least of the path (screen points `path`) and of the read-out.
void decision_label(const SlowMotionFrame& frame, plot::Point end,
                    const std::vector<plot::Point>& path, const plot::PixelRect& readout_box) {
  if (!frame.decision_shown) return;
  const std::string text = decision_text(frame);
  if (text.empty() || shown_elsewhere_on_screen("slowmo/decision")) return;
  const bool record = records_to_probe("slowmo/decision");
  const std::vector<plot::TextLine> lines{
      {text, rejected(frame) ? kRejectColour : kAcceptColour, kDecisionScale}};
  const plot::Point at = least_covering_place(end, plot::TextBoxSize(lines), path, readout_box);
  const plot::PixelRect box = plot::TextBox(at, lines, kBoxBackground);
  if (!record) return;
  probe_rect("slowmo/decision", box);
  const TrajectoryDecision* decision = frame.trajectory->decision_of(frame.current().iteration);
  char probe[128];
  std::snprintf(probe, sizeof probe, "%s p=%.2f%s", decision->accepted ? "accepted" : "rejected",
                decision->accept_prob, decision->divergent ? " divergent" : "");
  std::string text_probe = probe;
  if (const TrajectoryTree* tree = tree_of(frame)) {
    std::snprintf(probe, sizeof probe, " tree depth=%d stop=%s chosen=%d", tree->depth,
                  stop_name(tree->stop), tree->chosen);
    text_probe += probe;
  }
  ui_probe::record_text("slowmo/decision", text_probe);
}

// The points played so far in plot coordinates, in the order the path runs through them: the
// order they were computed, or for a tree (NUTS) by leapfrog index, so that the line runs from
// the backward end to the forward end however the doublings alternated.
struct PathOnPlot {
  std::vector<double> xs, ys;
  std::size_t start = 0;       // the iteration's start (point 0)
  std::size_t current = 0;     // the point computed last
  std::size_t next_state = 0;  // where the chain is after the decision
};

template <class X, class Y>
PathOnPlot path_on_plot(const SlowMotionFrame& frame, X x_of, Y y_of) {
  std::vector<std::size_t> order(frame.shown + 1);
  for (std::size_t k = 0; k < order.size(); ++k) order[k] = k;
  const TrajectoryTree* tree = tree_of(frame);
  if (tree != nullptr)
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      return frame.point(a).leapfrog < frame.point(b).leapfrog;
    });
  PathOnPlot path;
  path.current = path.next_state = order.size() - 1;
  for (std::size_t i = 0; i < order.size(); ++i) {
    const TrajectoryPoint& point = frame.point(order[i]);
    path.xs.push_back(x_of(point));
    path.ys.push_back(y_of(point));
    if (order[i] == 0) path.start = i;
    if (order[i] == frame.shown) path.current = i;
  }
  path.next_state = path.current;
  if (frame.decision_shown && rejected(frame)) path.next_state = path.start;
  if (frame.decision_shown && tree != nullptr && !rejected(frame))
    for (std::size_t i = 0; i < order.size(); ++i)
      if (frame.point(order[i]).leapfrog == tree->chosen) path.next_state = i;
  return path;
}

// The path so far, its points, its start and where the chain is now; returns the screen position
// of the latter (the decision is drawn beside it).
plot::Point draw_path(const ViewContext& context, const SlowMotionFrame& frame,
                      const PathOnPlot& path) {
  const std::vector<double>& xs = path.xs;
  const std::vector<double>& ys = path.ys;
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
  plot::Scatter("##slow start", &xs[path.start], &ys[path.start], 1,
                {.colour = plot::rgba(255, 255, 255),
                 .marker_size = 0.3f * font,
                 .marker_outline = kHalo,
                 .fit = false});
  const std::size_t now = frame.decision_shown ? path.next_state : path.current;
  plot::Scatter("##slow now", &xs[now], &ys[now], 1,
                {.colour = colour,
                 .marker_size = 0.5f * font,
                 .marker_outline = plot::rgba(255, 255, 255),
                 .fit = false});
  return plot::PlotToPixels(xs[now], ys[now]);
}

// The path's points on screen, for placing the decision clear of them.
std::vector<plot::Point> path_pixels(const PathOnPlot& path) {
  std::vector<plot::Point> pixels;
  pixels.reserve(path.xs.size());
  for (std::size_t i = 0; i < path.xs.size(); ++i)
    pixels.push_back(plot::PlotToPixels(path.xs[i], path.ys[i]));
  return pixels;
}

// Where the point the path has reached lies outside the plotted range (a divergent trajectory
// flies off after two or three steps), an arrow at the frame's edge points the way it went and
// says so: without it the path simply vanished and the class saw nothing happen.
void mark_path_off_plot(double x, double y, const plot::PixelRect& readout_box) {
  // The arrow from 64% to 94% of the way from the centre to the edge of the area the chains are
  // drawn in, red over a dark halo.
  const float width = std::max(3.0f, ImGui::GetFontSize() / 5.0f);
  const auto arrow = views::arrow_to_point_off_plot(
      x, y, plot::GetPlotInnerLimits(), 0.64, 0.94,
      {.colour = kRejectColour, .thickness = width, .fit = false}, true);
  if (!arrow) return;
  const std::vector<plot::TextLine> lines{{"the path left the plot", kRejectColour, 1.0f}};
  const plot::Point size = plot::TextBoxSize(lines);
  const plot::Point tail = plot::PlotToPixels(arrow->tail_x, arrow->tail_y);
  // Beside the arrow's tail, towards the centre (TextBox keeps it inside the data area), and
  // below the read-out where it would cover it (an arrow out of the top edge).
  plot::Point at{arrow->right ? tail.x - size.x : tail.x, arrow->up ? tail.y : tail.y - size.y};
  const float gap = ImGui::GetFontSize() * 0.3f;
  const bool covers = at.x < readout_box.max.x && at.x + size.x > readout_box.min.x &&
                      at.y < readout_box.max.y && at.y + size.y > readout_box.min.y;
  if (covers) at.y = readout_box.max.y + gap;
  const plot::PixelRect box = plot::TextBox(at, lines, kBoxBackground);
  if (records_to_probe("slowmo/off_plot")) probe_rect("slowmo/off_plot", box);
}

}  // namespace

void plot_slow_motion_on_pair(const ViewContext& context, int x, int y, double arrow_span) {
  const SlowMotionFrame* frame = drawable(context, std::max(x, y));
  if (frame == nullptr) return;
  const PathOnPlot path = path_on_plot(
      *frame, [x](const TrajectoryPoint& p) { return p.theta[std::size_t(x)]; },
      [y](const TrajectoryPoint& p) { return p.theta[std::size_t(y)]; });
  const plot::Point end = draw_path(context, *frame, path);
  if (!frame->decision_shown) {
    // The momentum at the current point, on the chains' arrow scale.
    const TrajectoryPoint& now = frame->current();
    const double scale = 0.1 * arrow_span;
    const double dx = now.momentum[std::size_t(x)] * scale;
    const double dy = now.momentum[std::size_t(y)] * scale;
    // Dark on a white halo and thick: a white arrow was lost on the pale density (newcomers
    // reported no momentum arrow at all).
    const float width = std::max(3.0f, ImGui::GetFontSize() / 5.0f);
    const double px = path.xs[path.current], py = path.ys[path.current];
    plot::Arrow("##slow arrow halo", px, py, dx, dy,
                {.colour = plot::rgba(255, 255, 255), .thickness = width + 3.0f});
    plot::Arrow("##slow arrow", px, py, dx, dy,
                {.colour = plot::rgba(25, 25, 35), .thickness = width});
  }
  const plot::PixelRect readout_box = readout(*frame);
  if (!frame->decision_shown)
    mark_path_off_plot(path.xs[path.current], path.ys[path.current], readout_box);
  decision_label(*frame, end, path_pixels(path), readout_box);
}

void plot_slow_motion_phase(const ViewContext& context, int coordinate,
                            std::optional<double> contour_baseline) {
  const SlowMotionFrame* frame = drawable(context, coordinate);
  if (frame == nullptr) return;
  const PathOnPlot path = path_on_plot(
      *frame, [coordinate](const TrajectoryPoint& p) { return p.theta[std::size_t(coordinate)]; },
      [coordinate](const TrajectoryPoint& p) { return p.momentum[std::size_t(coordinate)]; });
  const plot::Point end = draw_path(context, *frame, path);
  const plot::PixelRect readout_box = readout(*frame, contour_baseline);
  if (!frame->decision_shown)
    mark_path_off_plot(path.xs[path.current], path.ys[path.current], readout_box);
  decision_label(*frame, end, path_pixels(path), readout_box);
}

}  // namespace sgl::views
