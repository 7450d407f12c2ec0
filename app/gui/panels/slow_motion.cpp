#include "app/gui/panels/slow_motion.hpp"
#include "app/gui/shell/ui_palette.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/gui/panels/param_widgets.hpp"
#include "app/gui/shell/ui_probe.hpp"
#include "core/samplers/sampler_capabilities.hpp"

namespace sgl {
namespace {

// The slider's top end: every point of a path at once (one iteration per frame or so).
constexpr double kFullSpeed = 1000.0;
// Samplers without an MH test make one step per iteration: a path of this many steps is shown
// (long enough to see SGHMC's friction and noise bend it, short enough to watch).
constexpr std::uint64_t kFreeSegmentSteps = 40;
// The decision also stays for this many frames: a slow frame rate (a GIF being recorded, a busy
// machine) must not turn the hold into a single frame that a recording or the class may miss.
constexpr int kMinHoldFrames = 10;

const ChainSnapshot* find_chain(const EngineSnapshot& snapshot, int id) {
  for (const ChainSnapshot& chain : snapshot.chains)
    if (chain.id == id) return &chain;
  return nullptr;
}

bool one_step_iterations(const ChainSnapshot& chain) {
  return one_step_per_iteration(chain.sampler_id, chain.full_params);
}

}  // namespace

void SlowMotion::enter(int chain_id, const EngineSnapshot& snapshot) {
  const ChainSnapshot* chain = find_chain(snapshot, chain_id);
  if (chain == nullptr || !chain->observes_trajectories) return;
  if (!active_) resume_running_ = snapshot.running;
  engine_.set_running(false);
  active_ = true;
  playing_ = true;
  next_wanted_ = false;
  frame_ = SlowMotionFrame{};
  frame_.chain_id = chain_id;
  end_reason_.clear();
  request_next(*chain, snapshot);
}

void SlowMotion::leave() {
  if (!active_) return;
  active_ = false;
  frame_ = SlowMotionFrame{};
  if (resume_running_) engine_.set_running(true);
}

void SlowMotion::end(const std::string& reason) {
  end_reason_ = "Slow motion ended: " + reason;
  leave();
}

std::string SlowMotion::take_end_reason() {
  std::string reason;
  reason.swap(end_reason_);
  return reason;
}

void SlowMotion::request_next(const ChainSnapshot& chain, const EngineSnapshot& snapshot) {
  last_serial_ = snapshot.trajectory_serial;
  error_serial_at_request_ = snapshot.error_serial;
  engine_.trace_chain(chain.id, one_step_iterations(chain) ? kFreeSegmentSteps : 1);
  frame_.trajectory = nullptr;
  frame_.path.clear();
  frame_.shown = 0;
  frame_.decision_shown = false;
  frame_.waiting = true;
}

void SlowMotion::take(const std::shared_ptr<const RecordedTrajectory>& trajectory) {
  last_serial_ = trajectory->serial;
  frame_.trajectory = trajectory;
  frame_.waiting = false;
  frame_.path.clear();
  // The start, then every point after a step (NUTS: backward ones too, with negative indices);
  // an SGHMC iteration's start repeats the previous end (or shows the momentum refresh), so only
  // the first one is kept.
  for (std::size_t k = 0; k < trajectory->points.size(); ++k)
    if (k == 0 || trajectory->points[k].leapfrog != 0) frame_.path.push_back(k);
  frame_.shown = 0;
  frame_.decision_shown = false;
  position_ = 0.0;
  // A 50-step HMC path took 12.5 s at a fixed 4 steps/s (newcomer: "slow"); paced to about
  // 4 s a path, never under 4 steps/s so a short SGHMC step can still be followed.
  if (!speed_chosen_) speed_ = std::clamp(double(frame_.path.size()) / 4.0, 4.0, 20.0);
  if (full_speed() && playing_) advance(double(frame_.path.size()));
}

bool SlowMotion::full_speed() const {
  return speed_ >= kFullSpeed;
}

double SlowMotion::hold_seconds() const {
  // Long enough for a class to read "rejected, p = 0.12" (2.5 s at 4 steps/s, at least 2 s: at
  // 1.5 s a newcomer's four screenshots over 8 s all missed it); no pause at full speed.
  return full_speed() ? 0.0 : std::clamp(10.0 / speed_, 2.0, 3.0);
}

void SlowMotion::advance(double points) {
  if (!frame_.playing() || frame_.decision_shown) return;
  const double last = double(frame_.path.size() - 1);
  position_ = std::min(position_ + points, last + 1.0);
  frame_.shown = static_cast<std::size_t>(std::min(position_, last));
  // The decision shows once the last point has been on screen for one step's time.
  if (position_ >= last + 1.0 || (full_speed() && position_ >= last)) {
    frame_.shown = frame_.path.size() - 1;
    frame_.decision_shown = true;
    hold_until_ = now_ + hold_seconds();
    held_frames_ = 0;
  }
}

void SlowMotion::step() {
  if (!active_) return;
  playing_ = false;
  if (!frame_.playing()) return;
  if (frame_.decision_shown) {
    next_wanted_ = true;  // the next update asks for the next iteration
    return;
  }
  position_ = std::floor(position_) + 1.0;
  advance(0.0);
}

void SlowMotion::update(const EngineSnapshot& snapshot, double now) {
  if (!active_) return;
  const double elapsed = last_update_ < 0.0 ? 0.0 : std::max(0.0, now - last_update_);
  last_update_ = now;
  now_ = now;
  const ChainSnapshot* chain = find_chain(snapshot, frame_.chain_id);
  if (chain == nullptr) return end("the chain was removed");
  if (!chain->observes_trajectories)
    return end(chain->label + " now runs " + chain->sampler_id + ", which has no leapfrog path");
  if (chain->stopped) return end(chain->label + " stopped (diverged); reset it to continue");
  const auto& trajectory = snapshot.trajectory;
  if (frame_.waiting) {
    if (snapshot.trajectory_serial > last_serial_) {
      // Recorded; but a reset queued right after the request may have dropped it already.
      if (trajectory && trajectory->chain_id == frame_.chain_id &&
          trajectory->serial == snapshot.trajectory_serial)
        return take(trajectory);
      return request_next(*chain, snapshot);
    }
    if (snapshot.error_serial != error_serial_at_request_) return end(snapshot.last_error);
    return;
  }
  // The engine drops a recording when its chain restarts (reset, new sampler, target or seed).
  if (!frame_.playing() || !trajectory || trajectory->serial != frame_.trajectory->serial)
    return request_next(*chain, snapshot);
  if (playing_) advance(full_speed() ? double(frame_.path.size()) : elapsed * speed_);
  if (frame_.decision_shown) ++held_frames_;
  const bool held = now_ >= hold_until_ && (full_speed() || held_frames_ > kMinHoldFrames);
  if (frame_.decision_shown && (next_wanted_ || (playing_ && held))) {
    next_wanted_ = false;
    request_next(*chain, snapshot);
  }
}

void SlowMotion::show_chain_button(const ChainSnapshot& chain, const EngineSnapshot& snapshot) {
  if (!chain.observes_trajectories) return;
  const bool here = active_ && frame_.chain_id == chain.id;
  const bool clicked = ImGui::SmallButton(here ? "leave slow motion" : "slow motion");
  ui_probe::record_last_item("chain" + std::to_string(chain.id) + "/slow_motion");
  if (clicked) {
    if (here) {
      leave();
    } else {
      enter(chain.id, snapshot);
    }
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Play this chain's next iterations one leapfrog step at a time: the path on the target "
        "and in phase space, the momentum arrow, H and ΔH, and the MH decision. The other "
        "chains pause meanwhile.");
}

void SlowMotion::show_playback_row(const EngineSnapshot& snapshot) {
  if (!active_) return;
  const ChainSnapshot* chain = find_chain(snapshot, frame_.chain_id);
  ui_probe::record_text("controls/slow_motion_chain", chain != nullptr ? chain->label : "?");
  const double lo = 1.0, hi = kFullSpeed;
  const char* format = full_speed() ? "full speed" : "%.0f steps/s";
  ImGui::SetNextItemWidth(
      std::max(ImGui::GetFontSize() * 3.0f, ImGui::GetContentRegionAvail().x -
                                                ImGui::CalcTextSize("playback").x -
                                                ImGui::GetStyle().ItemInnerSpacing.x));
  // Its value beside the handle, never under it (the handle covered "4 steps/s").
  if (readable_slider("playback", speed_, lo, hi, format,
                      ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp,
                      "slow_motion/playback"))
    speed_chosen_ = true;
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Leapfrog steps shown per second; at the right end, whole paths at once");
  // For the GUI tests: where the playback is.
  std::string state = "chain " + std::to_string(frame_.chain_id);
  if (frame_.playing())
    state += " iteration " + std::to_string(frame_.current().iteration) + " point " +
             std::to_string(frame_.shown) + " of " + std::to_string(frame_.path.size() - 1) +
             " decision " + (frame_.decision_shown ? "1" : "0");
  state += std::string(" playing ") + (playing_ ? "1" : "0");
  ui_probe::record_text("slow_motion", state);
}

std::string SlowMotion::status_text(const EngineSnapshot& snapshot) const {
  if (!active_) return {};
  const ChainSnapshot* chain = find_chain(snapshot, frame_.chain_id);
  // Short enough for the strip's two lines in a 1280×720 lecture layout, keys included (the
  // legend strip says "paused" beside every other chain).
  std::string text = "Slow motion on " + (chain != nullptr ? chain->label : std::string("?")) +
                     ". Space: play · N: step · S: leave.";
  if (frame_.playing() && frame_.trajectory->estimated_energy)
    text += " H here is HMC-ECS's estimate Ĥ (subsample fixed), the energy its MH test compares.";
  if (frame_.playing() && !frame_.trajectory->metropolis)
    text += " No MH test: each step is kept; " + std::to_string(frame_.path.size() - 1) +
            " steps per path.";
  return text;
}

}  // namespace sgl
