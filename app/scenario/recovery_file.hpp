// Autosave and recovery of a GUI session: an instructor who loses the set-up of a lecture to a
// crash or a kill -9 gets it back on the next launch. The window saves its current settings
// (target, start, seed, speed, layout, and every chain's sampler, newest parameters, label and
// seed stream) to recovery.json in the user's state folder; a clean exit removes the file. A
// file left by a process that is no longer alive is what the next launch offers to restore.
//
// Only settings are saved, not the draws: restoring is instant (no replay of millions of steps
// on any thread) and the chains start again from their start points with their own seeds.
#pragma once

#include <optional>
#include <string>

#include "app/scenario/scenario.hpp"
#include "core/run/live_engine.hpp"

namespace sgl {

// $XDG_STATE_HOME/sgmcmc-lab, else $HOME/.local/state/sgmcmc-lab (empty when neither is set).
std::string recovery_folder();

// `base` (name, title, note, layout, experiment) with the live state's target, start, seed,
// speed and chains as a saved session of fresh chains: ids (seed streams), labels, enabled,
// newest parameters; no history and no steps, so opening it replays nothing.
Scenario recovery_scenario(const Scenario& base, const LiveSetup& state);

// The recovery file of one folder: recovery.json, and beside it recovery.owner holding the
// writing process's pid (so a second window running at the same time is not taken for a crash).
class RecoveryFile {
 public:
  explicit RecoveryFile(std::string folder);

  const std::string& path() const { return path_; }
  // Replaces recovery.json atomically (temporary file, then rename) and records this process
  // as its owner. Throws UserError naming the folder when it cannot be written.
  void write(const std::string& json_text) const;
  // A recovery.json whose owner is not a running process (crashed, killed), if any.
  bool left_by_dead_process() const;
  // Moves such a file aside to recovery-previous.json, so this window's own autosaves do not
  // overwrite what the user may still restore; returns that path (nullopt: nothing to offer).
  std::optional<std::string> set_aside_for_restore() const;
  // Removes recovery.json if this process owns it (a clean exit).
  void remove_if_owned() const;

 private:
  std::string folder_;
  std::string path_;
  std::string owner_path_;
};

}  // namespace sgl
