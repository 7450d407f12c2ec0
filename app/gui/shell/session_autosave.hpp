// Autosave (docs/architecture.md, "Autosave and recovery"): the window's settings are written
// to the recovery file (app/scenario/recovery_file.hpp) within a few seconds of any change and
// of opening a scenario, off the UI thread. Taking the engine's state waits for its worker
// between slices, so it runs on a BackgroundJob; the UI thread only starts the job and reads its
// outcome. A save is due when the settings shown in the engine's snapshot (target, seed, speed,
// layout, each chain's sampler, parameters, label and switch) differ from the last saved ones,
// and every 30 s while the chains run (for what the snapshot does not show, such as the start).
// Taking the state itself publishes a snapshot, so snapshot versions cannot be the trigger: a
// paused window would wake every 2 s for ever.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/scenario/recovery_file.hpp"
#include "app/scenario/scenario.hpp"
#include "core/run/engine_snapshot.hpp"
#include "core/util/background_job.hpp"

namespace sgl {

class LiveEngine;

class SessionAutosave {
 public:
  // Seconds between two saves at most once a change is seen (the first one comes at once).
  static constexpr double kPollSeconds = 2.0;
  // Seconds between two saves while the chains run with no change seen.
  static constexpr double kRefreshSeconds = 30.0;

  // `folder` empty: autosave is off (no state folder could be found).
  explicit SessionAutosave(const std::string& folder);

  // Called every frame built: when a save is due and kPollSeconds have passed since the last
  // one, starts a job that takes the engine's state and rewrites the file if its text differs
  // from what was last written. `base` carries the scenario's name, note, layout and experiment.
  void poll(LiveEngine& engine, const Scenario& base, const EngineSnapshot& shown, double now);
  // A change has not been saved yet: the window must wake to save it even with no input.
  bool pending(const Scenario& base, const EngineSnapshot& shown) const {
    return file_.has_value() && settings_key(base, shown) != saved_key_;
  }
  // Why the last save failed (a full disk, an unwritable folder); empty once one succeeds.
  const std::string& error() const { return error_; }

 private:
  std::optional<RecoveryFile> file_;
  std::shared_ptr<std::string> last_written_ = std::make_shared<std::string>();
  static std::string settings_key(const Scenario& base, const EngineSnapshot& shown);

  std::string saved_key_ = "(nothing saved yet)";
  double last_poll_ = -1e9;
  std::string error_;
  BackgroundJob job_;  // last: joined before the rest goes
};

}  // namespace sgl
