// Leapfrog slow motion (docs/architecture.md#leapfrog-slow-motion): one chain's next real
// iteration is run by the engine with a trajectory recorder attached (LiveEngine::trace_chain),
// so the chain's draws are exactly those it would make anyway, and its path is played back here
// point by point: each leapfrog step (HMC, naive SGHMC, HMC-ECS) or a run of SGHMC steps, then
// the MH decision. The other chains are paused while the mode is on and resume when it ends.
//
// The controller is a small state machine driven once per frame by update(): waiting for a
// recording, playing one back, holding its decision on screen, then asking for the next. It
// checks the chain every frame, so removing the chain, switching its sampler, a reset or a new
// target ends or restarts the playback instead of drawing a stale path.
#pragma once

#include <cstdint>
#include <string>

#include "app/gui/panels/slow_motion_frame.hpp"
#include "core/run/live_engine.hpp"

namespace sgl {

class SlowMotion {
 public:
  explicit SlowMotion(LiveEngine& engine) : engine_(engine) {}

  // Starts (or moves) slow motion on chain `chain_id`; pauses the other chains.
  void enter(int chain_id, const EngineSnapshot& snapshot);
  // Ends it; the chains run again if they ran when it started.
  void leave();
  bool active() const { return active_; }
  int chain_id() const { return frame_.chain_id; }

  // Once per frame before anything draws (`now`: seconds, e.g. ImGui::GetTime()).
  void update(const EngineSnapshot& snapshot, double now);
  // One leapfrog point forward (the Step button and N); pauses the automatic playback.
  void step();
  // Space: pauses or resumes the playback.
  void toggle_playing() { playing_ = !playing_; }
  bool playing() const { return playing_; }

  // Inside the control panel, in the rows the run controls take otherwise, so that nothing
  // below moves when slow motion starts or ends: the playback speed slider (the steps/s row)...
  void show_playback_row(const EngineSnapshot& snapshot);
  // ... and what the status strip says meanwhile: the chain, that the others are paused, the keys.
  std::string status_text(const EngineSnapshot& snapshot) const;
  // Inside a chain's section of the control panel: the button that starts or ends it there.
  void show_chain_button(const ChainSnapshot& chain, const EngineSnapshot& snapshot);

  // What the views draw; null when the mode is off.
  const SlowMotionFrame* frame() const { return active_ ? &frame_ : nullptr; }
  // Why the mode ended by itself (chain removed, sampler switched, ...), once; "" if it did not.
  std::string take_end_reason();

 private:
  void end(const std::string& reason);
  void request_next(const ChainSnapshot& chain, const EngineSnapshot& snapshot);
  void take(const std::shared_ptr<const RecordedTrajectory>& trajectory);
  void advance(double points);
  double hold_seconds() const;
  bool full_speed() const;

  LiveEngine& engine_;
  bool active_ = false;
  bool resume_running_ = false;  // whether the chains ran before the mode started
  bool playing_ = true;
  bool next_wanted_ = false;   // Step pressed on a finished path: ask for the next iteration
  double speed_ = 4.0;         // points per second; at the slider's top end as fast as recorded
  bool speed_chosen_ = false;  // until the user moves the slider, each path plays in ~4 s
  double position_ = 0.0;      // fractional index into frame_.path
  double now_ = 0.0;
  double last_update_ = -1.0;
  double hold_until_ = 0.0;  // the decision stays on screen until then
  int held_frames_ = 0;      // frames drawn with the decision so far
  std::uint64_t last_serial_ = 0;
  std::uint64_t error_serial_at_request_ = 0;
  SlowMotionFrame frame_;
  std::string end_reason_;
};

}  // namespace sgl
