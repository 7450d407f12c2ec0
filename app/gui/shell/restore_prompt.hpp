// The offer at launch to restore the session a crashed or killed window left behind
// (app/scenario/recovery_file.hpp): a small box under the menu bar with Restore and Discard.
// It never blocks the window: the default scenario runs meanwhile, and ignoring the offer keeps
// the file for a later `gui --restore`.
#pragma once

#include <optional>
#include <string>

#include "app/scenario/scenario.hpp"

namespace sgl {

class RestorePrompt {
 public:
  // Offers the session saved in `path` (recovery-previous.json).
  void offer(std::string path);
  bool offered() const { return !path_.empty(); }
  // Draws the box while an offer stands.
  void show();
  // The scenario to open after Restore was pressed (once).
  std::optional<Scenario> take_request();

 private:
  std::string path_;
  std::string summary_;  // "double-well, 4 chains"
  std::string error_;
  std::optional<Scenario> request_;
};

}  // namespace sgl
