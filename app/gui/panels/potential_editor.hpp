// The custom target's text box: the potential U(x) or U(x, y) typed by the user, validated live
// (parsed, compiled and its window searched on every edit, red frame, underline and message
// while it is invalid), a gallery of examples to start from, and the found truth window. A new
// valid expression is sent to the engine when typing pauses or on Enter; while the text is
// invalid the running chains keep the last valid target.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/io/input_limits.hpp"

namespace sgl {

struct PotentialExample {
  const char* name;
  const char* expression;
};

// The gallery (also used by tests and the README).
const std::vector<PotentialExample>& potential_examples();

class PotentialEditor {
 public:
  // Draws the editor for the target's current expression `applied` (the engine's). Returns a new
  // expression to apply this frame, if any.
  std::optional<std::string> show(const std::string& applied);

 private:
  void validate();

  char text_[kMaxExpressionChars + 1] = {};
  std::string synced_;     // the applied expression the box was last filled from
  std::string validated_;  // the text `error_` and `window_` describe
  // The box was given back after Enter on an invalid text: it keeps the caret there instead of
  // selecting everything (a fix would have replaced the whole expression).
  bool refocused_to_fix_ = false;
  std::string error_;     // "" when valid
  int error_column_ = 0;  // 1-based, 0 when the error has no column
  std::string window_;    // "truth window: x in [..]" (and y) of a valid expression
};

}  // namespace sgl
