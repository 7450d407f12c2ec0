// Autosave (docs/architecture.md, "Autosave and recovery"): the window's settings are written
// to the recovery file (app/scenario/recovery_file.hpp) within a few seconds of any change and
// of opening a scenario, off the UI thread. Taking the engine's state waits for its worker
// between slices, so it runs on a BackgroundJob; the UI thread only starts the job and reads its
// outcome. A paused window left alone does not wake for it: a poll is due only when the engine
// published something new since the last one.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/scenario/recovery_file.hpp"
#include "app/scenario/scenario.hpp"
#include "core/util/background_job.hpp"

namespace sgl {

class LiveEngine;

class SessionAutosave {
 public:
  // Seconds between two saves at most once a change is seen (the first one comes at once).
  static constexpr double kPollSeconds = 2.0;

  // `folder` empty: autosave is off (no state folder could be found).
  explicit SessionAutosave(const std::string& folder);

  // Called every frame built: when the engine's snapshot `version` is newer than the last one
  // saved and kPollSeconds have passed since the last save, starts a job that takes the state,
  // and rewrites the file if the settings differ from what was last written. `base` carries the
  // scenario's name, note, layout and experiment.
  void poll(LiveEngine& engine, const Scenario& base, std::uint64_t version, double now);
  // A change has not been saved yet: the window must wake to save it even with no input.
  bool pending(std::uint64_t version) const {
    return file_.has_value() && version != saved_version_;
  }
  // Why the last save failed (a full disk, an unwritable folder); empty once one succeeds.
  const std::string& error() const { return error_; }

 private:
  std::optional<RecoveryFile> file_;
  std::shared_ptr<std::string> last_written_ = std::make_shared<std::string>();
  std::uint64_t saved_version_ = ~std::uint64_t(0);
  double last_poll_ = -1e9;
  std::string error_;
  BackgroundJob job_;  // last: joined before the rest goes
};

}  // namespace sgl
